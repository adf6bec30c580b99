import type { WireUser } from '../../api/types';
import { useSession } from '../../app/useSession';
import { relationshipFromWire, type Relationship } from '../../state/relationships';
import { FollowButton } from '../relationships/FollowButton';

// One Relationship per user object, so FollowButton gets a stable prop across renders.
const initial = new WeakMap<WireUser, Relationship>();
function initialOf(user: WireUser): Relationship {
  let rel = initial.get(user);
  if (!rel) {
    rel = relationshipFromWire(user);
    initial.set(user, rel);
  }
  return rel;
}

/** The shared Follow button for a user in a list; nothing for the viewer themself. */
export function UserFollow({ user }: { user: WireUser }) {
  const { viewer } = useSession();
  if (!viewer || viewer.id === user.id) return null;
  return (
    <FollowButton
      userId={user.id}
      username={user.username}
      isPrivate={user.is_private ?? false}
      relationship={initialOf(user)}
    />
  );
}
