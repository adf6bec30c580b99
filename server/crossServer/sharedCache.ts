import { redisUp, type SharedRedis } from './redis.ts';

/**
 * A value every server process reads from Redis: the first to miss computes it and stores it for
 * `ttlS` seconds; forgetShared drops it for all of them at once. Redis failing never fails the
 * request: the value is computed as if nothing were kept (the caches that use this hold rankings
 * whose every entry is checked live on read, so a stale or missing one is harmless).
 */
export async function readShared<T>(
  redis: SharedRedis,
  key: string,
  ttlS: number,
  compute: () => Promise<T>,
): Promise<T> {
  if (!redisUp(redis)) return compute();
  const hit = await redis.get(key).catch(() => null);
  if (hit !== null) return JSON.parse(hit) as T;
  const value = await compute();
  await redis.set(key, JSON.stringify(value), 'EX', ttlS).catch(() => {});
  return value;
}

export async function forgetShared(redis: SharedRedis, ...keys: string[]): Promise<void> {
  if (redisUp(redis)) await redis.del(...keys).catch(() => {});
}
