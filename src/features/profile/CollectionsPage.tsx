import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { BookmarkIcon } from '../../ui/icons';
import { useParams } from 'react-router-dom';

/** /:username/collections/ — saved collections. */
export default function CollectionsPage() {
  const { username } = useParams();
  return (
    <PlaceholderPanel
      icon={<BookmarkIcon size={48} />}
      title={'Collections'}
      description={'Saved posts grouped into named collections.'}
      links={[{ to: `/${username ?? ''}/`, label: 'Back to profile' }]}
    />
  );
}
