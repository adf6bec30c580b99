import { randomUUID } from 'node:crypto';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server';
import { KEY_PREFIX, type SharedRedis } from '../crossServer/redis.ts';

/*
 * tus locks an upload while one request works on it (HEAD, PATCH, DELETE), and a new request for
 * a locked upload asks the holder to let go (a client that lost its connection resumes at once
 * instead of waiting for the dead request). @tus/server's MemoryLocker does that within one
 * process; this does it across every server sharing REDIS_URL:
 * - the lock is a key `SET NX PX` with a random token, renewed while held, so a server that dies
 *   holding it frees it within LOCK_TTL_MS; release deletes it only if the token is still ours;
 * - "let go" is a message on one pub/sub channel naming the upload; the server holding it calls
 *   that request's release callback (tus then ends the request, keeping the bytes it received).
 */

/** A dead holder's lock lasts at most this long. */
export const LOCK_TTL_MS = 6000;
const RENEW_EVERY_MS = 2000;
/** As MemoryLocker: a request waits this long for a lock before failing. */
export const ACQUIRE_TIMEOUT_MS = 30_000;

const RELEASE_IF_OURS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const RENEW_IF_OURS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

interface Held {
  token: string;
  requestRelease: RequestRelease;
  renew: NodeJS.Timeout;
}

export class RedisLocker implements Locker {
  readonly prefix = `${KEY_PREFIX}tus-lock:`;
  readonly channel = `${KEY_PREFIX}tus-lock-release`;
  /** The locks this process holds, by upload id. */
  readonly held = new Map<string, Held>();
  private subscriber: SharedRedis | null = null;
  private subscribed: Promise<unknown> | null = null;

  constructor(
    readonly redis: SharedRedis,
    readonly options: { ttlMs?: number; acquireTimeoutMs?: number } = {},
  ) {}

  newLock(id: string): Lock {
    return new RedisLock(this, id);
  }

  /** Listens for other servers' requests to let go (one connection per process, opened lazily). */
  listen(): Promise<unknown> {
    if (!this.subscribed) {
      const subscriber = this.redis.duplicate();
      this.subscriber = subscriber;
      subscriber.on('message', (_channel: string, id: string) => {
        void this.held.get(id)?.requestRelease();
      });
      // A failed subscription leaves locks working, only without "let go" across servers.
      this.subscribed = subscriber.subscribe(this.channel).catch(() => undefined);
    }
    return this.subscribed;
  }

  async close(): Promise<void> {
    for (const held of this.held.values()) clearInterval(held.renew);
    this.held.clear();
    const subscriber = this.subscriber;
    this.subscriber = null;
    this.subscribed = null;
    if (subscriber) await subscriber.quit().catch(() => subscriber.disconnect());
  }
}

class RedisLock implements Lock {
  private readonly token = randomUUID();

  constructor(
    private readonly locker: RedisLocker,
    private readonly id: string,
  ) {}

  private get key() {
    return this.locker.prefix + this.id;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const { redis, options } = this.locker;
    const ttl = options.ttlMs ?? LOCK_TTL_MS;
    const deadline = Date.now() + (options.acquireTimeoutMs ?? ACQUIRE_TIMEOUT_MS);
    await this.locker.listen();
    let askedAt = -Infinity;
    for (let wait = 10; ; wait = Math.min(wait * 2, 200)) {
      if (await redis.set(this.key, this.token, 'PX', ttl, 'NX')) {
        const renew = setInterval(() => {
          redis.eval(RENEW_IF_OURS, 1, this.key, this.token, ttl).catch(() => undefined);
        }, RENEW_EVERY_MS);
        renew.unref();
        this.locker.held.set(this.id, { token: this.token, requestRelease, renew });
        return;
      }
      if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      // Ask the holder to let go; again every second in case it was busy acquiring.
      if (Date.now() - askedAt > 1000) {
        askedAt = Date.now();
        await redis.publish(this.locker.channel, this.id);
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  async unlock(): Promise<void> {
    const held = this.locker.held.get(this.id);
    if (held?.token === this.token) {
      clearInterval(held.renew);
      this.locker.held.delete(this.id);
    }
    await this.locker.redis.eval(RELEASE_IF_OURS, 1, this.key, this.token);
  }
}
