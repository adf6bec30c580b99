import { useParams } from '../../lib/router';
import type { WireProfile } from '../../api/profile';
import { profileTaggedPage } from '../../api/profile';
import { taggedFeedKey } from '../../state/postFeeds';
import { UserIcon } from '../../ui/icons';
import { ProfileEmpty } from './ProfileEmpty';
import { ProfileGate } from './ProfileGate';
import { ProfileLayout } from './ProfileLayout';
import { ProfilePosts } from './ProfilePosts';

function TaggedBody({ user }: { user: WireProfile }) {
  return (
    <ProfileGate user={user}>
      <ProfilePosts
        feedKey={taggedFeedKey(user.id)}
        fetchPage={profileTaggedPage(user.id)}
        modalParam="taken-by"
        username={user.username}
        empty={
          <ProfileEmpty
            icon={<UserIcon size={40} />}
            title={user.is_viewer ? 'Photos of you' : 'No photos'}
          >
            <p>
              {user.is_viewer
                ? 'When people tag you in photos, they’ll appear here.'
                : `Photos ${user.username} is tagged in will appear here.`}
            </p>
          </ProfileEmpty>
        }
      />
    </ProfileGate>
  );
}

/** /:username/tagged/ — the posts a member is tagged in, on their terms and their owners'. */
export default function TaggedPage() {
  const { username = '' } = useParams();
  return (
    <ProfileLayout username={username} section="tagged">
      {(user) => <TaggedBody user={user} />}
    </ProfileLayout>
  );
}
