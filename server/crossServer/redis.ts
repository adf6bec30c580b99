import { Redis } from 'ioredis';

/**
 * The Redis connection every server process shares its counters and caches through (REDIS_URL).
 * One client per app. While the connection is down, callers skip Redis (redisUp); a command to a
 * Redis that stopped answering fails after commandTimeout, so an outage never hangs a request.
 */
export type SharedRedis = Redis;

/** Every key Glint writes starts with this, so one Redis can serve other programs too. */
export const KEY_PREFIX = 'glint:';

/** Connects and checks the server answers: a wrong REDIS_URL stops the server at startup. */
export async function openRedis(url: string): Promise<SharedRedis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    // A Redis that accepts connections but does not answer costs a request at most this long.
    commandTimeout: 1000,
    // A closed connection reconnects at once, then backs off to one try a second.
    retryStrategy: (times) => Math.min(times * 100, 1000),
  });
  // One line per outage, not one per reconnection attempt; requests meanwhile fall back (rate
  // limits let them through, caches are recomputed).
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    console.error(`Redis (${redactUrl(url)}) is not answering: ${err.message}`);
  });
  redis.on('ready', () => {
    if (down) console.error(`Redis (${redactUrl(url)}) is back.`);
    down = false;
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

/**
 * False while the connection is down: callers then skip Redis at once (limits let the request
 * through, caches compute) instead of queueing commands until a reconnection fails.
 */
export const redisUp = (redis: SharedRedis) => redis.status === 'ready';

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
