import { useParams } from '../../lib/router';
import type { WireProfile } from '../../api/profile';
import { profileTimelinePage } from '../../api/profile';
import { profileFeedKey } from '../../state/postFeeds';
import { CameraIcon } from '../../ui/icons';
import { ProfileGate } from './ProfileGate';
import { ProfileLayout } from './ProfileLayout';
import { ProfilePosts } from './ProfilePosts';
import { ProfileEmpty } from './ProfileEmpty';

function ProfileBody({ user }: { user: WireProfile }) {
  return (
    <ProfileGate user={user}>
      <ProfilePosts
        feedKey={profileFeedKey(user.id)}
        fetchPage={profileTimelinePage(user.id)}
        modalParam="taken-by"
        username={user.username}
        empty={
          <ProfileEmpty icon={<CameraIcon size={40} />} title="No posts yet">
            {user.is_viewer ? (
              <p>When you share photos, they will appear on your profile.</p>
            ) : null}
          </ProfileEmpty>
        }
      />
    </ProfileGate>
  );
}

/** /:username/ and /_u/:username/ — a member's profile. */
export default function ProfilePage() {
  const { username = '' } = useParams();
  return (
    <ProfileLayout username={username} section="posts">
      {(user) => <ProfileBody user={user} />}
    </ProfileLayout>
  );
}
