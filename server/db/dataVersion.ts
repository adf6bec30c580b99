import type { DB } from './database.ts';

/**
 * What a cache of whole answers needs to know about a SQLite database: whether anything was
 * written since an answer was made (server/crossServer/answerCache.ts). openDatabase counts the
 * writes this process makes through its connection as SQLite reports them — every statement that
 * is not read-only (`sqlite3_stmt_readonly`), whichever code ran it (routes, sweeps, the seed; a
 * trigger's writes are inside the statement that fired it) — and reads `data_version`, which
 * moves when any other connection commits to the file.
 *
 * A count moves after its statement ran: an answer that read the count before a write may hold
 * data from after it, never the reverse, so an answer kept under a count is at least as new as
 * that count. (Reads of this connection wait while one of its transactions is open: Kysely gives
 * the one SQLite connection to one transaction or query at a time.)
 */
export interface DataVersion {
  /** Writes this process made; only grows. */
  writes: number;
  /** SQLite's `data_version`: changes when another connection (another process) commits. */
  readonly external: () => number;
}

const versions = new WeakMap<DB, DataVersion>();

export function newDataVersion(external: () => number): DataVersion {
  return { writes: 0, external };
}

export function attachDataVersion(db: DB, version: DataVersion): void {
  versions.set(db, version);
}

/** The write count of a SQLite database opened by openDatabase (undefined for PostgreSQL). */
export function dataVersionOf(db: DB): DataVersion | undefined {
  return versions.get(db);
}

export function countWrite(version: DataVersion): void {
  version.writes++;
}
