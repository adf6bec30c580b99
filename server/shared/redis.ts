import { Redis } from 'ioredis';

/**
 * The Redis connection every server process shares its counters and caches through (REDIS_URL).
 * One client per app; a command waits for a lost connection only briefly (maxRetriesPerRequest),
 * so a Redis outage slows requests down by a second or two instead of hanging them.
 */
export type SharedRedis = Redis;

/** Every key Glint writes starts with this, so one Redis can serve other programs too. */
export const KEY_PREFIX = 'glint:';

/** Connects and checks the server answers: a wrong REDIS_URL stops the server at startup. */
export async function openRedis(url: string): Promise<SharedRedis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
    // A closed connection reconnects at once, then backs off to one try a second.
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    redis.disconnect();
    throw new Error(`REDIS_URL: cannot reach Redis at ${redactUrl(url)}: ${String(err)}`, {
      cause: err,
    });
  }
  return redis;
}

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable URL)';
  }
}
