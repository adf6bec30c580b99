import type { AppContext } from '../context.ts';
import { dataVersionOf, type DataVersion } from '../db/dataVersion.ts';

/**
 * Whole answers kept while nothing has been written (ANSWER_CACHE, default on; SQLite only).
 *
 * An answer is kept under the database's *generation* read before it was made, and served again
 * only while the generation is the same: any committed write, by this process or any other on
 * the same database file, makes every kept answer unreachable. Exact rather than fresh-enough: a
 * member who likes a post, or whose post someone else liked, never sees the old count. On a
 * quiet network (most refreshes, back navigations and second tabs) a repeated read costs a map
 * lookup; on a busy one answers rarely outlive a write and the cache costs one lookup per read.
 *
 * The generation is this process's write count (server/db/dataVersion.ts) and SQLite's
 * data_version, which moves when any other connection commits to the file — another server
 * process (SERVER_PROCESSES), a script, the sqlite3 shell — whatever its settings. Both are the
 * database's own account of writes, so nothing has to remember to announce one. PostgreSQL has no
 * such number, and a counter the servers keep themselves (in Redis) misses any writer that does
 * not keep it (a server with the cache off, an older version mid-deploy, psql, a server whose
 * Redis link is down): with PostgreSQL no answer is kept. Answers also expire after ANSWER_TTL_S
 * (some of what they hold, such as suggestions, is itself kept for a time).
 */
export const ANSWER_TTL_S = 60;
const MAX_ANSWERS = 500;
/** One member's answers at most (their feed pages): a member cannot push out everyone else's. */
const MAX_ANSWERS_PER_MEMBER = 16;
const MAX_BYTES = 32 * 1024 * 1024;
const MAX_ANSWER_BYTES = 512 * 1024;

type CacheContext = Pick<AppContext, 'db' | 'config' | 'now'>;

interface Kept {
  generation: string;
  at: number;
  body: string;
  member: string;
}

export class AnswerCache {
  readonly #ctx: CacheContext;
  readonly #version: DataVersion | undefined;
  readonly #answers = new Map<string, Kept>();
  /** Each member's keys, oldest first. */
  readonly #byMember = new Map<string, Set<string>>();
  #bytes = 0;
  /** The generation every kept answer was made under ('' before the first). */
  #current = '';

  constructor(ctx: CacheContext) {
    this.#ctx = ctx;
    const version = ctx.config.answerCache ? dataVersionOf(ctx.db) : undefined;
    this.#version = version?.external ? version : undefined;
  }

  /** How many answers are kept now. */
  get size(): number {
    return this.#answers.size;
  }

  /** The generation now, or null when answers cannot be kept. Read it before making an answer. */
  generation(): string | null {
    const version = this.#version;
    if (!version?.external) return null;
    try {
      return `${version.writes}/${version.external()}`;
    } catch {
      // The connection is busy (a statement being iterated): keep nothing this time.
      return null;
    }
  }

  get(key: string, generation: string): string | undefined {
    this.#moveTo(generation);
    const kept = this.#answers.get(key);
    if (!kept) return undefined;
    const age = this.#ctx.now() - kept.at;
    if (kept.generation !== generation || age >= ANSWER_TTL_S || age < 0) return undefined;
    this.#answers.delete(key);
    this.#answers.set(key, kept);
    return kept.body;
  }

  /** Keeps `body` under `key` for `member` (a viewer id, '' for visitors). */
  set(key: string, generation: string, body: string, member: string): void {
    if (body.length > MAX_ANSWER_BYTES) return;
    // Made under a generation that has passed (a write landed while it was made): never served.
    const now = this.generation();
    if (now !== generation) return;
    this.#moveTo(generation);
    this.#drop(key);
    const keys = this.#byMember.get(member) ?? new Set<string>();
    while (keys.size >= MAX_ANSWERS_PER_MEMBER) this.#drop(keys.values().next().value!);
    this.#byMember.set(member, keys.add(key));
    this.#answers.set(key, { generation, at: this.#ctx.now(), body, member });
    this.#bytes += key.length + body.length;
    while (this.#answers.size > MAX_ANSWERS || this.#bytes > MAX_BYTES) {
      this.#drop(this.#answers.keys().next().value!);
    }
  }

  /**
   * Generations only move on (a write count, a version that changes on every commit), so once the
   * generation has moved no kept answer can be served again: all go at once, while they are young.
   * Kept until pushed out instead, a busy network's answers (a write every few milliseconds)
   * filled the cache with unreachable 50 KB strings that lived long enough to be promoted to the
   * old generation, and died there.
   */
  #moveTo(generation: string): void {
    if (generation === this.#current) return;
    this.#current = generation;
    this.#answers.clear();
    this.#byMember.clear();
    this.#bytes = 0;
  }

  #drop(key: string): void {
    const kept = this.#answers.get(key);
    if (!kept) return;
    this.#answers.delete(key);
    this.#bytes -= key.length + kept.body.length;
    const keys = this.#byMember.get(kept.member);
    keys?.delete(key);
    if (keys?.size === 0) this.#byMember.delete(kept.member);
  }
}
