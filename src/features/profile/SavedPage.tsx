import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { BookmarkIcon } from '../../ui/icons';
import { useParams } from 'react-router-dom';

/** /:username/saved/ — posts the viewer saved. */
export default function SavedPage() {
  const { username } = useParams();
  return (
    <PlaceholderPanel
      icon={<BookmarkIcon size={48} />}
      title={'Saved'}
      description={"Only you can see what you've saved. Save photos to come back to them here."}
      links={[
        { to: `/${username ?? ''}/`, label: 'Back to profile' },
        { to: `/${username ?? ''}/collections/`, label: 'Collections' },
      ]}
    />
  );
}
