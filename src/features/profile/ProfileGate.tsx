import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { WireProfile } from '../../api/profile';
import { relationshipsState, type Relationship } from '../../state/relationships';
import { ProfileEmpty } from './ProfileEmpty';
import { canSeeContent, initialRelationship } from './useProfile';

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

/**
 * A profile's posts or tagged posts, or what stands in their place: the viewer blocked this
 * account, or it is private and the viewer does not follow it.
 */
export function ProfileGate({ user, children }: { user: WireProfile; children: ReactNode }) {
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
  return <>{children}</>;
}
