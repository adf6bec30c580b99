import { Link, Navigate, useParams } from '../../lib/router';
import type { WireProfile } from '../../api/profile';
import { savedMediaPage } from '../../api/profile';
import { savedFeedKey } from '../../state/postFeeds';
import { BookmarkIcon } from '../../ui/icons';
import { ProfileLayout } from './ProfileLayout';
import { ProfilePosts } from './ProfilePosts';
import { ProfileEmpty } from './ProfileEmpty';

function SavedBody({ user }: { user: WireProfile }) {
  // Saved posts are private to their owner: anyone else sees the profile instead.
  if (!user.is_viewer) return <Navigate to={`/${user.username}/`} replace />;
  return (
    <>
      <div className="saved-header">
        <p className="saved-header__note">Only you can see what you&apos;ve saved</p>
        <Link className="saved-header__link" to={`/${user.username}/collections/`}>
          Collections
        </Link>
      </div>
      <ProfilePosts
        feedKey={savedFeedKey(user.id)}
        fetchPage={savedMediaPage(user.id)}
        modalParam="saved-by"
        username={user.username}
        empty={
          <ProfileEmpty icon={<BookmarkIcon size={40} />} title="Save">
            <p>
              Save photos that you want to see again. No one is notified, and only you can see what
              you&apos;ve saved.
            </p>
          </ProfileEmpty>
        }
      />
    </>
  );
}

/** /:username/saved/ — posts the viewer saved (visitors are sent to login by the route guard). */
export default function SavedPage() {
  const { username = '' } = useParams();
  return (
    <ProfileLayout username={username} section="saved">
      {(user) => <SavedBody user={user} />}
    </ProfileLayout>
  );
}
