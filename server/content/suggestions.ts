import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { DB } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import type { UsersTable } from '../db/schema.ts';
import type { WireUser } from '../../common/types.ts';
import { followableBy, relationship } from './access.ts';
import { WIRE_USER_COLUMNS, toWireUser } from '../http/users.ts';
import { dismissedByViewer } from './dismissals.ts';
import { MOST_FOLLOWED_KEPT, friendsOfFriends, mostFollowed } from './suggestionCandidates.ts';
import { emptyPageInfo } from './params.ts';
import { withRelationships } from './people.ts';

export interface SuggestedUser {
  user: WireUser;
  description: string;
}

/** Caps how many ids the client can ask us to skip. */
const MAX_SEEN_IDS = 200;
/** Profile chaining shows a short row of similar accounts. */
export const CHAINING_SIZE = 12;
/**
 * Chaining reads what this many of the profile's most recent followers follow, so a popular
 * profile costs the same as a small one.
 */
const CHAINING_FOLLOWERS = 50;

/**
 * Accounts that may be suggested to the viewer, with whether they follow the viewer (the only
 * relationship a suggestable account can have with the viewer): checked live on every read.
 */
function candidatesOn(db: DB, viewerId: string, skip: string[]) {
  let q = db
    .selectFrom('users')
    .select(WIRE_USER_COLUMNS.map((c) => `users.${c}` as const))
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('follows as fv')
            .select('fv.follower_id')
            .whereRef('fv.follower_id', '=', 'users.id')
            .where('fv.followee_id', '=', viewerId),
        )
        .as('follows_viewer'),
    )
    .where('users.id', '!=', viewerId)
    .where('users.is_active', '=', 1)
    .where((eb) =>
      eb.and([
        followableBy(eb, 'users.id', viewerId),
        eb.not(dismissedByViewer(eb, 'users.id', viewerId)),
      ]),
    );
  if (skip.length > 0) q = q.where('users.id', 'not in', skip);
  return q;
}

/** Which of `ids` may be suggested (candidatesOn), built once per shape. */
const candidatesAmong = prepared(
  'suggestionCandidates',
  (db, p: { viewerId: string; skip: string[]; ids: string[] }) =>
    candidatesOn(db, p.viewerId, p.skip).where('users.id', 'in', p.ids),
);

/**
 * Accounts to follow: not the viewer, not already followed or requested, no block either way,
 * not dismissed from suggested users; ranked by how many accounts the viewer follows follow them,
 * then by follower count, then newest, then by id.
 *
 * Bounded reads give that ranking without ranking every member: first the accounts followed by
 * those the viewer follows (the only ones with a mutual count above zero), then, when they are
 * too few, the most followed of the rest in the order of an index on users.follower_count.
 */
export async function suggestUsers(
  ctx: AppContext,
  viewer: UsersTable,
  count: number,
  seenIds: string[] = [],
): Promise<SuggestedUser[]> {
  if (count === 0) return [];
  const skip = seenIds.slice(0, MAX_SEEN_IDS);
  const candidates = () => candidatesOn(ctx.db, viewer.id, skip);
  type Row = Awaited<ReturnType<ReturnType<typeof candidates>['execute']>>[number];
  // Friends of friends in rank order (cached per member, see suggestionCandidates.ts), then the
  // most followed of everyone else (the cached head of that order). Usually one query checks
  // enough of both; more friends of friends, or the rest of the popular order, only if not.
  const ranked = await friendsOfFriends(ctx, viewer.id);
  const rankedIds = new Set(ranked.map((c) => c.id));
  const check = Math.max(3 * count, 30);
  const allFriendsChecked = ranked.length <= check;
  const fullHead = allFriendsChecked ? await mostFollowed(ctx) : [];
  const unranked = fullHead.filter((id) => !rankedIds.has(id));
  const head = unranked.slice(0, check);
  // The head stands for everyone else only when it holds every active member.
  const headIsEveryone =
    allFriendsChecked && fullHead.length < MOST_FOLLOWED_KEPT && unranked.length <= check;
  const checked = async (ids: string[]) =>
    ids.length === 0
      ? new Map<string, Row>()
      : new Map(
          (await candidatesAmong(ctx.db, { viewerId: viewer.id, skip, ids })).map((u) => [u.id, u]),
        );
  const firstIds = ranked.slice(0, check).map((c) => c.id);
  const passed = await checked([...firstIds, ...head]);
  const friends: Row[] = [];
  const take = (ids: string[], from: Map<string, Row>, into: Row[], upTo: number) => {
    for (const id of ids) {
      const user = from.get(id);
      if (user && into.length < upTo) into.push(user);
    }
  };
  take(firstIds, passed, friends, count);
  for (let at = check; at < ranked.length && friends.length < count; at += check) {
    const ids = ranked.slice(at, at + check).map((c) => c.id);
    take(ids, await checked(ids), friends, count);
  }
  const popular: Row[] = [];
  if (friends.length < count) {
    take(head, passed, popular, count - friends.length);
    if (friends.length + popular.length < count && !headIsEveryone) {
      // Past what the head answered (rare: many friends of friends, or the head all followed).
      const seen = [...rankedIds, ...popular.map((u) => u.id)];
      const rest = seen.length ? candidates().where('users.id', 'not in', seen) : candidates();
      popular.push(
        ...(await rest
          .orderBy('users.follower_count', 'desc')
          .orderBy('users.created_at', 'desc')
          .orderBy('users.id')
          .limit(count - friends.length - popular.length)
          .execute()),
      );
    }
  }
  return [...friends, ...popular].map((u) => {
    const follows_viewer = Boolean(u.follows_viewer);
    return {
      user: toWireUser(u, {
        followed_by_viewer: false,
        requested_by_viewer: false,
        follows_viewer,
      }),
      description: follows_viewer ? 'Follows you' : 'Suggested for you',
    };
  });
}

/** The graph shape shared by feedExtras and suggestedUsers. */
export const suggestionsConnection = (items: SuggestedUser[]) => ({
  page_info: emptyPageInfo,
  edges: items.map((node) => ({ node })),
});

/**
 * Accounts like `user` for its profile page ("Suggested for you" after a follow): those it
 * follows, then those its (up to CHAINING_FOLLOWERS most recent) followers also follow, ranked by
 * how many of those followers follow them,
 * then by follower count. Never the profile itself, the viewer, accounts the viewer follows or
 * asked to follow, a block either way, or accounts the viewer dismissed from this row or from
 * suggested users. Nothing when the user turned chaining off (chaining_enabled = 0), and nothing
 * from a private account's lists for those who may not see them.
 */
export async function chainingFor(
  ctx: AppContext,
  viewer: UsersTable | null,
  user: UsersTable,
): Promise<WireUser[]> {
  if (user.chaining_enabled === 0) return [];
  const viewerId = viewer?.id ?? null;
  const rel = await relationship(ctx, viewerId, user.id);
  if (rel.has_blocked_viewer || rel.blocked_by_viewer) return [];
  if (user.is_private === 1 && viewerId !== user.id && !rel.followed_by_viewer) return [];
  // Candidates come from the profile's neighbourhood only: whom it follows (direct = 1) and whom
  // its most recent followers follow (one row per such follower), counted per candidate.
  const recentFollowers = ctx.db
    .selectFrom('follows as rf')
    .select('rf.follower_id')
    .where('rf.followee_id', '=', user.id)
    .orderBy('rf.created_at', 'desc')
    .limit(CHAINING_FOLLOWERS);
  const neighbours = ctx.db
    .selectFrom('follows as pf')
    .select(['pf.followee_id as id', sql<number>`1`.as('direct'), sql<number>`0`.as('also')])
    .where('pf.follower_id', '=', user.id)
    .unionAll(
      ctx.db
        .selectFrom(recentFollowers.as('xf'))
        .innerJoin('follows as xo', 'xo.follower_id', 'xf.follower_id')
        .select(['xo.followee_id as id', sql<number>`0`.as('direct'), sql<number>`1`.as('also')]),
    );
  const ranked = ctx.db
    .selectFrom(neighbours.as('nb'))
    .select([
      'nb.id',
      (eb) => eb.fn.max('nb.direct').as('direct'),
      (eb) => eb.fn.sum<number>('nb.also').as('also'),
    ])
    .groupBy('nb.id');
  let q = ctx.db
    .selectFrom('users')
    .innerJoin(ranked.as('c'), 'c.id', 'users.id')
    .select(WIRE_USER_COLUMNS.map((c) => `users.${c}` as const))
    .where('users.id', '!=', user.id)
    .where('users.is_active', '=', 1);
  if (viewerId) {
    q = q
      .where('users.id', '!=', viewerId)
      .where((eb) =>
        eb.and([
          followableBy(eb, 'users.id', viewerId),
          eb.not(dismissedByViewer(eb, 'users.id', viewerId, user.id)),
        ]),
      );
  }
  const rows = await q
    .orderBy('c.direct', 'desc')
    .orderBy('c.also', 'desc')
    .orderBy('users.follower_count', 'desc')
    .orderBy('users.id')
    .limit(CHAINING_SIZE)
    .execute();
  return withRelationships(ctx, viewerId, rows);
}
