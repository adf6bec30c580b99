import type { DB } from './database.ts';

/**
 * What a cache of whole answers needs to know about a database: whether anything was written
 * since an answer was made. Each database opened by openDatabase counts the writes this process
 * makes through it, as the database itself reports them — SQLite's statements that are not
 * read-only (`sqlite3_stmt_readonly`), PostgreSQL's commands other than SELECT, BEGIN, SHOW and
 * SET, COMMIT included — so every write is counted whichever code path made it (routes, sweeps,
 * the seed, triggers' statements are inside the statement that fired them).
 *
 * A count moves after its statement ran: an answer that read the count before a write may hold
 * data from after it, never the reverse, so an answer kept under a count is at least as new as
 * that count (server/crossServer/answerCache.ts).
 */
export interface DataVersion {
  /** Writes this process made; only grows. */
  writes: number;
  /**
   * SQLite's `data_version`: changes when another connection (another process on the same file)
   * commits. Null for PostgreSQL, whose other writers only a shared counter can report.
   */
  readonly external: (() => number) | null;
  /** Called after each counted write (the shared counter's hook). */
  onWrite: (() => void) | null;
}

const versions = new WeakMap<DB, DataVersion>();

export function newDataVersion(external: (() => number) | null): DataVersion {
  return { writes: 0, external, onWrite: null };
}

export function attachDataVersion(db: DB, version: DataVersion): void {
  versions.set(db, version);
}

/** The write count of a database opened by openDatabase (undefined for any other Kysely). */
export function dataVersionOf(db: DB): DataVersion | undefined {
  return versions.get(db);
}

export function countWrite(version: DataVersion): void {
  version.writes++;
  version.onWrite?.();
}

/** PostgreSQL commands that change nothing another reader could see. */
const PG_READS = new Set(['SELECT', 'BEGIN', 'SHOW', 'SET', 'ROLLBACK']);

/** True when a pg result (or each of several) reports a command that may have written. */
export function pgResultWrote(result: unknown): boolean {
  const list = Array.isArray(result) ? result : [result];
  return list.some((r) => {
    const command = (r as { command?: unknown } | null)?.command;
    return typeof command !== 'string' || !PG_READS.has(command);
  });
}
