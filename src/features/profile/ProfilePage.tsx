import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { UserIcon } from '../../ui/icons';
import { useParams } from 'react-router-dom';

/** /:username/ and /_u/:username/ — a member's profile. */
export default function ProfilePage() {
  const { username } = useParams();
  return (
    <PlaceholderPanel
      icon={<UserIcon size={48} />}
      title={username ?? 'Profile'}
      description={'Profile photo, bio, follower counts and a grid of posts.'}
      links={[
        { to: `/${username ?? ''}/collections/`, label: 'Collections' },
        { to: '/explore/', label: 'Explore' },
      ]}
    />
  );
}
