import type { AppContext } from '../context.ts';
import { KEY_PREFIX, redisUp } from './redis.ts';

/** Sets kept per member that need no table (e.g. dismissed promotions). */
export interface MemberSets {
  get(memberId: string): Promise<ReadonlySet<string>>;
  add(memberId: string, value: string): Promise<void>;
}

/** How long a member's set lives in Redis after its last change. */
const KEEP_S = 90 * 24 * 3600;

/**
 * Named sets of strings per member: in Redis with REDIS_URL (one set per member, seen by every
 * server process, forgotten KEEP_S after its last change), otherwise in this process's memory.
 * Losing one (a restart, a Redis outage) shows a dismissed item again; nothing worse.
 */
export function memberSets(ctx: AppContext, name: string): MemberSets {
  const redis = ctx.redis;
  if (redis) {
    const key = (memberId: string) => `${KEY_PREFIX}${name}:${memberId}`;
    return {
      async get(memberId) {
        if (!redisUp(redis)) return new Set();
        return new Set(await redis.smembers(key(memberId)).catch(() => []));
      },
      async add(memberId, value) {
        // Best effort, like the in-memory sets: an outage must not fail the member's call.
        if (!redisUp(redis)) return;
        await redis
          .multi()
          .sadd(key(memberId), value)
          .expire(key(memberId), KEEP_S)
          .exec()
          .catch(() => {});
      },
    };
  }
  const sets = new Map<string, Set<string>>();
  return {
    async get(memberId) {
      return sets.get(memberId) ?? new Set();
    },
    async add(memberId, value) {
      const set = sets.get(memberId) ?? new Set<string>();
      set.add(value);
      sets.set(memberId, set);
    },
  };
}
