import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { WireProfile } from '../../api/profile';
import type { WireUser } from '../../api/types';
import { useSession } from '../../app/useSession';
import { Link } from '../../lib/router';
import { relationshipsState, type Relationship } from '../../state/relationships';
import {
  dismissChainingSuggestion,
  loadChaining,
  suggestionsState,
  visibleChaining,
  type ChainingResource,
} from '../../state/suggestions';
import { Avatar } from '../../ui/Avatar';
import { Shimmer } from '../../ui/Shimmer';
import { DismissSuggestionButton } from '../feed/DismissSuggestionButton';
import { UserFollow } from '../post/UserFollow';
import { initialRelationship } from './useProfile';
import { VerifiedBadge } from './VerifiedBadge';
import './ProfileChaining.css';

const PLACEHOLDER_CARDS = 4;

function ChainingCard({ profileId, user }: { profileId: string; user: WireUser }) {
  return (
    <li className="chaining__card">
      <DismissSuggestionButton
        username={user.username}
        className="chaining__dismiss"
        onDismiss={() => void dismissChainingSuggestion(profileId, user)}
      />
      <Link to={`/${user.username}/`} tabIndex={-1} aria-hidden="true">
        <Avatar src={user.profile_pic_url || null} username={user.username} size={54} decorative />
      </Link>
      <span className="chaining__username">
        <Link to={`/${user.username}/`}>{user.username}</Link>
        {user.is_verified ? <VerifiedBadge size={12} /> : null}
      </span>
      <span className="chaining__reason">{user.full_name || 'Suggested for you'}</span>
      <UserFollow user={user} />
    </li>
  );
}

interface ChainingBodyProps {
  profileId: string;
  row: ChainingResource;
  /** The ready row without dismissed accounts. */
  users: WireUser[];
}

function ChainingBody({ profileId, row, users }: ChainingBodyProps) {
  if (row.status === 'loading') {
    return (
      <ul className="chaining__list" aria-busy="true">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
          <li className="chaining__card" key={i} aria-hidden="true">
            <Shimmer width={54} height={54} round />
            <Shimmer width={80} height={9} />
            <Shimmer width={60} height={8} />
          </li>
        ))}
      </ul>
    );
  }
  // Content §8: a chaining failure is logged (in the store) and the row stays quiet.
  if (row.status === 'failed') {
    return <p className="chaining__quiet">Suggestions aren&apos;t available right now.</p>;
  }
  return (
    <ul className="chaining__list">
      {users.map((user) => (
        <ChainingCard key={user.id} profileId={profileId} user={user} />
      ))}
    </ul>
  );
}

/**
 * "Suggested for you" under someone else's profile header, shown once the viewer follows them
 * during this visit (as Instagram does), loaded with the profile chaining query.
 */
export function ProfileChaining({ user }: { user: WireProfile }) {
  const { viewer } = useSession();
  const snap = useSnapshot(relationshipsState);
  const rel = (snap.byUserId[user.id] as Relationship | undefined) ?? initialRelationship(user);
  // Only a follow made on this visit opens the row; an account followed before stays quiet.
  const [followedBefore] = useState(() => rel.followedByViewer.state === 'following');
  const followed = rel.followedByViewer.state === 'following' && rel.followedByViewer.stable;
  const open = viewer !== null && !user.is_viewer && followed && !followedBefore;
  const suggestions = useSnapshot(suggestionsState);
  const row = (suggestions.chaining[user.id] as ChainingResource | undefined) ?? {
    status: 'loading',
  };

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    void loadChaining(user.id, controller.signal);
    return () => controller.abort();
  }, [open, user.id]);

  if (!open) return null;
  const users =
    row.status === 'ready' ? visibleChaining(user.id, row.data as WireUser[], suggestions) : [];
  // Nobody left to suggest (or everyone dismissed): the row goes away.
  if (row.status === 'ready' && users.length === 0) return null;
  return (
    <section className="chaining" aria-labelledby={`chaining-${user.id}`}>
      <header className="chaining__header">
        <h2 id={`chaining-${user.id}`} className="chaining__title">
          Suggested for you
        </h2>
        <Link to="/explore/people/" className="chaining__all">
          See all
        </Link>
      </header>
      <ChainingBody profileId={user.id} row={row} users={users} />
    </section>
  );
}
