import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { SearchIcon } from '../../ui/icons';
import { useParams } from 'react-router-dom';

/** /explore/tags/:tag/ — top and most recent posts for a hashtag. */
export default function HashtagPage() {
  const { tag } = useParams();
  return (
    <PlaceholderPanel
      icon={<SearchIcon size={48} />}
      title={`#${tag ?? ''}`}
      description={'The top posts and the most recent posts tagged with this hashtag.'}
      links={[
        { to: '/explore/', label: 'Explore' },
        { to: '/explore/search/', label: 'Search' },
      ]}
    />
  );
}
