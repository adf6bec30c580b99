import type { AppContext } from '../context.ts';
import { dataVersionOf, type DataVersion } from '../db/dataVersion.ts';
import { KEY_PREFIX, redisUp, type SharedRedis } from './redis.ts';

/**
 * Whole answers kept while nothing has been written (ANSWER_CACHE, default on).
 *
 * An answer is kept under the database's *generation* read before it was made, and served again
 * only while the generation is the same: any committed write, by this process or another, makes
 * every kept answer unreachable. Exact rather than fresh-enough: a member who likes a post, or
 * whose post someone else liked, never sees the old count. On a quiet network (most refreshes,
 * back navigations and second tabs) a repeated read costs a map lookup; on a busy one answers
 * rarely outlive a write and the cache costs one lookup per read.
 *
 * The generation is this process's write count plus what reports other writers: SQLite's
 * data_version (another process on the same file), and with REDIS_URL a shared counter every
 * process increments after its writes and before the response that made them leaves (so a
 * member's next request, on any process, sees it). PostgreSQL without REDIS_URL has no way to see
 * another machine's writes: the cache is off there. While Redis is down the cache is off, and it
 * is emptied when Redis comes back. Answers also expire after ANSWER_TTL_S (some of what they
 * hold, such as suggestions, is itself kept for a time).
 */
export const ANSWER_TTL_S = 60;
const MAX_ANSWERS = 500;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ANSWER_BYTES = 512 * 1024;
export const GENERATION_KEY = `${KEY_PREFIX}data-generation`;

type CacheContext = Pick<AppContext, 'db' | 'config' | 'redis' | 'now'>;

interface Kept {
  generation: string;
  at: number;
  body: string;
}

export class AnswerCache {
  readonly #ctx: CacheContext;
  readonly #version: DataVersion | undefined;
  readonly #shared: SharedWrites | null;
  readonly #answers = new Map<string, Kept>();
  #bytes = 0;

  constructor(ctx: CacheContext) {
    this.#ctx = ctx;
    this.#version = ctx.config.answerCache ? dataVersionOf(ctx.db) : undefined;
    this.#shared = this.#version && ctx.redis ? new SharedWrites(ctx.redis, this.#version) : null;
    ctx.redis?.on('ready', () => this.clear());
  }

  /** The generation now, or null when answers cannot be kept. Read it before making an answer. */
  async generation(): Promise<string | null> {
    const version = this.#version;
    if (!version) return null;
    const local = `${version.writes}/${version.external?.() ?? ''}`;
    const redis = this.#ctx.redis;
    if (!redis) return version.external ? local : null;
    if (!redisUp(redis)) return null;
    try {
      return `${(await redis.get(GENERATION_KEY)) ?? 0}/${local}`;
    } catch {
      return null;
    }
  }

  get(key: string, generation: string): string | undefined {
    const kept = this.#answers.get(key);
    if (!kept) return undefined;
    const age = this.#ctx.now() - kept.at;
    if (kept.generation !== generation || age >= ANSWER_TTL_S || age < 0) return undefined;
    this.#answers.delete(key);
    this.#answers.set(key, kept);
    return kept.body;
  }

  set(key: string, generation: string, body: string): void {
    if (body.length > MAX_ANSWER_BYTES) return;
    this.#drop(key);
    this.#answers.set(key, { generation, at: this.#ctx.now(), body });
    this.#bytes += body.length;
    while (this.#answers.size > MAX_ANSWERS || this.#bytes > MAX_BYTES) {
      this.#drop(this.#answers.keys().next().value!);
    }
  }

  clear(): void {
    this.#answers.clear();
    this.#bytes = 0;
  }

  /** Resolves once this process's writes so far are on the shared counter (a no-op without one). */
  published(): Promise<void> {
    return this.#shared?.flush() ?? Promise.resolve();
  }

  #drop(key: string): void {
    const kept = this.#answers.get(key);
    if (!kept) return;
    this.#answers.delete(key);
    this.#bytes -= kept.body.length;
  }
}

/**
 * This process's writes on the shared counter: one INCR per burst of writes, each issued after
 * the writes it covers. A failed INCR (Redis down) is retried when Redis is back.
 */
class SharedWrites {
  readonly #redis: SharedRedis;
  #dirty = false;
  #running: Promise<void> | null = null;

  constructor(redis: SharedRedis, version: DataVersion) {
    this.#redis = redis;
    version.onWrite = () => {
      this.#dirty = true;
    };
    redis.on('ready', () => void this.flush());
  }

  flush(): Promise<void> {
    if (!this.#running && this.#dirty && redisUp(this.#redis)) {
      this.#running = this.#publish().finally(() => {
        this.#running = null;
      });
    }
    return this.#running ?? Promise.resolve();
  }

  async #publish(): Promise<void> {
    while (this.#dirty) {
      this.#dirty = false;
      try {
        await this.#redis.incr(GENERATION_KEY);
      } catch {
        this.#dirty = true;
        return;
      }
    }
  }
}
