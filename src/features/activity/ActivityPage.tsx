import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { HeartIcon } from '../../ui/icons';
import { useSearchParams } from 'react-router-dom';

/** /accounts/activity — notifications, or follow requests with ?followRequests=1. */
export default function ActivityPage() {
  const [searchParams] = useSearchParams();
  return (
    <PlaceholderPanel
      icon={<HeartIcon size={48} />}
      title={searchParams.get('followRequests') === '1' ? 'Follow requests' : 'Activity'}
      description={
        searchParams.get('followRequests') === '1'
          ? 'People who asked to follow your private account appear here, ready to approve or ignore.'
          : 'Likes, comments, mentions and new followers on your posts appear here.'
      }
      links={[
        { to: '/accounts/activity?followRequests=1', label: 'Follow requests' },
        { to: '/accounts/activity', label: 'All activity' },
        { to: '/', label: 'Home' },
      ]}
    />
  );
}
