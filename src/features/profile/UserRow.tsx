import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import type { WireUser } from '../../api/types';
import { useSession } from '../../app/useSession';
import { relationshipFromWire, type Relationship } from '../../state/relationships';
import { Avatar } from '../../ui/Avatar';
import { FollowButton } from '../relationships/FollowButton';
import { VerifiedBadge } from './VerifiedBadge';

// One Relationship per user object: FollowButton gets a stable prop and a missing state is
// logged once, not on every render.
const initialRelationships = new WeakMap<WireUser, Relationship>();
function initialOf(user: WireUser): Relationship {
  let rel = initialRelationships.get(user);
  if (!rel) {
    rel = relationshipFromWire(user);
    initialRelationships.set(user, rel);
  }
  return rel;
}

interface UserRowProps {
  user: WireUser;
  /** Second line; defaults to the full name. */
  subtitle?: string;
  /** A control after the Follow button (e.g. Dismiss on a suggestion). */
  action?: ReactNode;
}

/** A list row: avatar, username (verified), a second line and a Follow button. */
export function UserRow({ user, subtitle, action }: UserRowProps) {
  const { viewer } = useSession();
  const secondLine = subtitle ?? user.full_name;
  return (
    <li className="user-row">
      <Link className="user-row__avatar" to={`/${user.username}/`} tabIndex={-1} aria-hidden="true">
        <Avatar src={user.profile_pic_url} username={user.username} size={44} decorative />
      </Link>
      <div className="user-row__names">
        <span className="user-row__username">
          <Link to={`/${user.username}/`}>{user.username}</Link>
          {user.is_verified ? <VerifiedBadge size={12} /> : null}
        </span>
        {secondLine ? <span className="user-row__subtitle">{secondLine}</span> : null}
      </div>
      {viewer?.id === user.id ? null : (
        <FollowButton
          userId={user.id}
          username={user.username}
          isPrivate={user.is_private ?? false}
          relationship={initialOf(user)}
        />
      )}
      {action}
    </li>
  );
}
