// Relationships per user (accounts-platform §3, §4): follow, unfollow, block, unblock.
// The transitions are pure functions (unit-tested one rule at a time); the async actions below
// apply them to the store around the server calls.
import { proxy } from 'valtio';
import { blockUser, followUser, unblockUser, unfollowUser } from '../api/friendships';
import type { WireUser } from '../api/types';
import { logClientEvent } from '../lib/eventLog';

export type FollowState = 'following' | 'requested' | 'none';

/** A relationship flag: its value, and whether no attempt to change it is in flight. */
export interface Flag<T> {
  state: T;
  stable: boolean;
}

export interface Relationship {
  blockedByViewer: Flag<boolean>;
  hasBlockedViewer: Flag<boolean>;
  followedByViewer: Flag<FollowState>;
  followsViewer: Flag<boolean>;
}

const stable = <T>(state: T): Flag<T> => ({ state, stable: true });
const unstable = <T>(flag: Flag<T>): Flag<T> => ({ state: flag.state, stable: false });

export function makeRelationship(
  values: Partial<{
    blockedByViewer: boolean;
    hasBlockedViewer: boolean;
    followedByViewer: FollowState;
    followsViewer: boolean;
  }> = {},
): Relationship {
  return {
    blockedByViewer: stable(values.blockedByViewer ?? false),
    hasBlockedViewer: stable(values.hasBlockedViewer ?? false),
    followedByViewer: stable(values.followedByViewer ?? 'none'),
    followsViewer: stable(values.followsViewer ?? false),
  };
}

type RelationshipFlags = Pick<
  WireUser,
  | 'followed_by_viewer'
  | 'requested_by_viewer'
  | 'follows_viewer'
  | 'blocked_by_viewer'
  | 'has_blocked_viewer'
>;

function logMissingRelationship(): void {
  console.warn('Relationship state missing; treating it as not following.');
  logClientEvent('relationship_state_missing');
}

/** The relationship the server reported with a user (profile, list row, notification …). */
export function relationshipFromWire(user: RelationshipFlags): Relationship {
  let followedByViewer: FollowState;
  if (user.followed_by_viewer === undefined && user.requested_by_viewer === undefined) {
    // Spec: a missing relationship state is logged and treated as not following.
    logMissingRelationship();
    followedByViewer = 'none';
  } else if (user.followed_by_viewer) followedByViewer = 'following';
  else if (user.requested_by_viewer) followedByViewer = 'requested';
  else followedByViewer = 'none';
  return makeRelationship({
    followedByViewer,
    followsViewer: user.follows_viewer ?? false,
    blockedByViewer: user.blocked_by_viewer ?? false,
    hasBlockedViewer: user.has_blocked_viewer ?? false,
  });
}

/** The follow state to act on; a missing one is logged and treated as not following. */
export function followStateOf(rel: Relationship | undefined): FollowState {
  if (!rel?.followedByViewer) {
    logMissingRelationship();
    return 'none';
  }
  return rel.followedByViewer.state;
}

/** Any attempt in flight makes the button ignore clicks. */
export function isStable(rel: Relationship): boolean {
  return rel.followedByViewer.stable && rel.blockedByViewer.stable;
}

// ── Pure transitions ─────────────────────────────────────────────────────────────────────────

export function followAttempted(rel: Relationship): Relationship {
  return { ...rel, followedByViewer: unstable(rel.followedByViewer) };
}

/**
 * The server's result must be 'requested' or 'following' (content §5). Anything else is logged
 * and falls back to what a private or public account would give. Block is cleared either way.
 */
export function followSucceeded(
  rel: Relationship,
  result: unknown,
  isPrivate: boolean,
): Relationship {
  let state: FollowState;
  if (result === 'following' || result === 'requested') state = result;
  else {
    console.warn(`Unexpected follow result ${JSON.stringify(result)}.`);
    logClientEvent('follow_unexpected_result', { result: JSON.stringify(result) ?? 'undefined' });
    state = isPrivate ? 'requested' : 'following';
  }
  return { ...rel, followedByViewer: stable(state), blockedByViewer: stable(false) };
}

/** Back to the stable state from before the attempt. */
export function followFailed(rel: Relationship, previous: FollowState): Relationship {
  return { ...rel, followedByViewer: stable(previous) };
}

export function unfollowAttempted(rel: Relationship): Relationship {
  return { ...rel, followedByViewer: unstable(rel.followedByViewer) };
}

/** Unfollow ends with not-following whether the call succeeded or failed (spec §4). */
export function unfollowFinished(rel: Relationship): Relationship {
  return { ...rel, followedByViewer: stable<FollowState>('none') };
}

export function blockAttempted(rel: Relationship): Relationship {
  return { ...rel, blockedByViewer: unstable(rel.blockedByViewer) };
}

/** Blocked, not following, and the blocked user no longer follows the viewer. */
export function blockSucceeded(rel: Relationship): Relationship {
  return {
    ...rel,
    blockedByViewer: stable(true),
    followedByViewer: stable<FollowState>('none'),
    followsViewer: stable(false),
  };
}

/** A failed block still ends the attempt: the flag is stable again, unchanged. */
export function blockFailed(rel: Relationship): Relationship {
  return { ...rel, blockedByViewer: stable(rel.blockedByViewer.state) };
}

export function unblockAttempted(rel: Relationship): Relationship {
  return { ...rel, blockedByViewer: unstable(rel.blockedByViewer) };
}

/** Spec §4 "Unblock ends with not blocked" — after success and after failure alike. */
export function unblockFinished(rel: Relationship): Relationship {
  return { ...rel, blockedByViewer: stable(false) };
}

// ── Store ────────────────────────────────────────────────────────────────────────────────────

interface RelationshipsState {
  byUserId: Record<string, Relationship>;
}

export const relationshipsState = proxy<RelationshipsState>({ byUserId: {} });

/**
 * Records what the server just said about a user. An entry with an attempt in flight is kept:
 * the attempt's outcome is newer than a page that loaded meanwhile.
 */
export function rememberRelationship(userId: string, rel: Relationship): void {
  const current = relationshipsState.byUserId[userId];
  if (current && !isStable(current)) return;
  relationshipsState.byUserId[userId] = rel;
}

/** The stored relationship, seeding it with `initial` the first time a user is seen. */
export function relationshipFor(userId: string, initial: Relationship): Relationship {
  const current = relationshipsState.byUserId[userId];
  if (current) return current;
  relationshipsState.byUserId[userId] = initial;
  return initial;
}

function update(userId: string, change: (rel: Relationship) => Relationship): Relationship {
  const next = change(relationshipsState.byUserId[userId] ?? makeRelationship());
  relationshipsState.byUserId[userId] = next;
  return next;
}

/** Follows `userId`; ignored (returns false) while an attempt is in flight. */
export async function follow(userId: string, isPrivate: boolean): Promise<boolean> {
  const rel = relationshipsState.byUserId[userId] ?? makeRelationship();
  if (!isStable(rel)) return false;
  const previous = followStateOf(rel);
  update(userId, followAttempted);
  try {
    const response = await followUser(userId);
    update(userId, (r) => followSucceeded(r, response?.result, isPrivate));
    return true;
  } catch {
    update(userId, (r) => followFailed(r, previous));
    return false;
  }
}

/** Unfollows, or withdraws a request; ignored while an attempt is in flight. */
export async function unfollow(userId: string): Promise<boolean> {
  const rel = relationshipsState.byUserId[userId] ?? makeRelationship();
  if (!isStable(rel)) return false;
  update(userId, unfollowAttempted);
  try {
    await unfollowUser(userId);
    return true;
  } catch {
    return false;
  } finally {
    update(userId, unfollowFinished);
  }
}

export async function block(userId: string): Promise<boolean> {
  const rel = relationshipsState.byUserId[userId] ?? makeRelationship();
  if (!isStable(rel)) return false;
  update(userId, blockAttempted);
  try {
    await blockUser(userId);
    update(userId, blockSucceeded);
    return true;
  } catch {
    update(userId, blockFailed);
    return false;
  }
}

export async function unblock(userId: string): Promise<boolean> {
  const rel = relationshipsState.byUserId[userId] ?? makeRelationship();
  if (!isStable(rel)) return false;
  update(userId, unblockAttempted);
  try {
    await unblockUser(userId);
    return true;
  } catch {
    return false;
  } finally {
    update(userId, unblockFinished);
  }
}

/** Test helper. */
export function resetRelationships(): void {
  relationshipsState.byUserId = {};
}
