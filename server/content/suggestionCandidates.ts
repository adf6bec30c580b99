import type { AppContext } from '../context.ts';
import type { DB } from '../db/database.ts';
import { KEY_PREFIX } from '../crossServer/redis.ts';
import { forgetShared, readShared } from '../crossServer/sharedCache.ts';
import { followableBy } from './access.ts';

/**
 * Friends of friends for suggested users: the accounts followed by the accounts a member follows,
 * ranked by how many of them follow each (then follower count, newest, id). Counting them reads
 * every follow of every followee, which grows with the network, so the ranked list is kept per
 * member for CANDIDATES_TTL_S and read again only when it is older, or when the member's own
 * follows change on this server (forgetCandidates). The list holds ids and ranks only: whether a
 * candidate may still be suggested (followed, requested, blocked, dismissed, deactivated) is
 * checked on every read, so a stale list can rank a little out of date but never suggests anyone
 * it should not. With REDIS_URL the lists and the most-followed order live in Redis, shared by
 * every server process, and a follow through any of them drops them for all at once; without it
 * they are kept in this process, bounded (CACHED_VIEWERS).
 */

export interface Candidate {
  id: string;
  mutual: number;
}

/** How long a member's ranked candidates are reused. */
export const CANDIDATES_TTL_S = 300;
/** The best this many candidates are kept; beyond them, suggestions fall back to popularity. */
export const MAX_CANDIDATES = 500;
/** Members whose lists are kept at once (least recently computed go first). */
const CACHED_VIEWERS = 5000;

const caches = new WeakMap<DB, Map<string, { at: number; list: Candidate[] }>>();

/** How many of the most followed members are kept, in order, and for how long. */
export const MOST_FOLLOWED_KEPT = 200;
const MOST_FOLLOWED_TTL_S = 60;
const heads = new WeakMap<DB, { at: number; ids: string[] }>();

const candidatesKey = (viewerId: string) => `${KEY_PREFIX}suggestions:candidates:${viewerId}`;
const MOST_FOLLOWED_KEY = `${KEY_PREFIX}suggestions:most-followed`;

/**
 * The ids of the most followed active members (follower count, then newest, then id): the order
 * suggestions fall back to after friends of friends. Kept a minute, and dropped whenever a follow
 * changes through this server; whether each may be suggested is checked on read.
 */
export async function mostFollowed(ctx: AppContext): Promise<string[]> {
  if (ctx.redis) {
    return readShared(ctx.redis, MOST_FOLLOWED_KEY, MOST_FOLLOWED_TTL_S, () =>
      readMostFollowed(ctx),
    );
  }
  const now = ctx.now();
  const hit = heads.get(ctx.db);
  if (hit && now - hit.at < MOST_FOLLOWED_TTL_S && now >= hit.at) return hit.ids;
  const ids = await readMostFollowed(ctx);
  heads.set(ctx.db, { at: now, ids });
  return ids;
}

async function readMostFollowed(ctx: AppContext): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('is_active', '=', 1)
    .orderBy('follower_count', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(MOST_FOLLOWED_KEPT)
    .execute();
  return rows.map((r) => r.id);
}

function cacheOf(db: DB) {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

/**
 * Drops the member's list (their follows changed, so their friends of friends did too) and the
 * most-followed order (someone's follower count changed), in every server process.
 */
export async function forgetCandidates(ctx: AppContext, viewerId: string): Promise<void> {
  cacheOf(ctx.db).delete(viewerId);
  heads.delete(ctx.db);
  if (ctx.redis) await forgetShared(ctx.redis, candidatesKey(viewerId), MOST_FOLLOWED_KEY);
}

export async function friendsOfFriends(ctx: AppContext, viewerId: string): Promise<Candidate[]> {
  if (ctx.redis) {
    return readShared(ctx.redis, candidatesKey(viewerId), CANDIDATES_TTL_S, () =>
      rankFriendsOfFriends(ctx, viewerId),
    );
  }
  const cache = cacheOf(ctx.db);
  const now = ctx.now();
  const hit = cache.get(viewerId);
  if (hit && now - hit.at < CANDIDATES_TTL_S && now >= hit.at) return hit.list;
  const list = await rankFriendsOfFriends(ctx, viewerId);
  cache.delete(viewerId);
  if (cache.size >= CACHED_VIEWERS) cache.delete(cache.keys().next().value!);
  cache.set(viewerId, { at: now, list });
  return list;
}

async function rankFriendsOfFriends(ctx: AppContext, viewerId: string): Promise<Candidate[]> {
  const mutuals = ctx.db
    .selectFrom('follows as vf')
    .innerJoin('follows as mf', 'mf.follower_id', 'vf.followee_id')
    .select(['mf.followee_id as id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('vf.follower_id', '=', viewerId)
    .where('mf.followee_id', '!=', viewerId)
    .groupBy('mf.followee_id');
  const rows = await ctx.db
    .selectFrom(mutuals.as('m'))
    .innerJoin('users', 'users.id', 'm.id')
    .select(['m.id', 'm.n'])
    // Accounts the member already follows, asked to follow or is blocked with either way never
    // rank: a change to those (through this server) drops the list, and the live rules on read
    // cover the rest.
    .where('users.is_active', '=', 1)
    .where((eb) => followableBy(eb, 'm.id', viewerId))
    .orderBy('m.n', 'desc')
    .orderBy('users.follower_count', 'desc')
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id')
    .limit(MAX_CANDIDATES)
    .execute();
  return rows.map((r) => ({ id: r.id, mutual: Number(r.n) }));
}
