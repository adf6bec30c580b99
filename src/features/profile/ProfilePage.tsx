import { useParams } from '../../lib/router';
import { useSnapshot } from 'valtio';
import type { WireProfile } from '../../api/profile';
import { profileTimelinePage } from '../../api/profile';
import { profileFeedKey } from '../../state/postFeeds';
import { relationshipsState, type Relationship } from '../../state/relationships';
import { CameraIcon } from '../../ui/icons';
import { ProfileLayout } from './ProfileLayout';
import { ProfilePosts } from './ProfilePosts';
import { canSeeContent, initialRelationship } from './useProfile';
import { ProfileEmpty } from './ProfileEmpty';

function LockIcon() {
  return (
    <svg
      width="40"
      height="40"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      aria-hidden="true"
    >
      <rect x="5" y="10.5" width="14" height="10" rx="2" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    </svg>
  );
}

function ProfileBody({ user }: { user: WireProfile }) {
  const snap = useSnapshot(relationshipsState);
  const rel = (snap.byUserId[user.id] as Relationship | undefined) ?? initialRelationship(user);
  if (rel.blockedByViewer.state && !user.is_viewer) {
    return (
      <div className="profile-empty profile-empty--private">
        <h2 className="profile-empty__title">You blocked {user.username}</h2>
        <p>Unblock this account to see their photos and videos.</p>
      </div>
    );
  }
  if (!canSeeContent(user, rel)) {
    return (
      <ProfileEmpty
        className="profile-empty--private"
        icon={<LockIcon />}
        title="This account is private"
      >
        <p>Follow this account to see their photos and videos.</p>
      </ProfileEmpty>
    );
  }
  return (
    <ProfilePosts
      feedKey={profileFeedKey(user.id)}
      fetchPage={profileTimelinePage(user.id)}
      modalParam="taken-by"
      username={user.username}
      empty={
        <ProfileEmpty icon={<CameraIcon size={40} />} title="No posts yet">
          {user.is_viewer ? <p>When you share photos, they will appear on your profile.</p> : null}
        </ProfileEmpty>
      }
    />
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
