import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { UserIcon } from '../../ui/icons';

/** /explore/people/ — suggested accounts to follow. */
export default function DiscoverPeoplePage() {
  return (
    <PlaceholderPanel
      icon={<UserIcon size={48} />}
      title={'Discover people'}
      description={'Suggested accounts to follow, based on who you already follow.'}
      links={[
        { to: '/explore/', label: 'Explore' },
        { to: '/', label: 'Home' },
      ]}
    />
  );
}
