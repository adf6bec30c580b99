import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Migration } from 'kysely';
import type { Database } from './schema.ts';
import * as m001 from './migrations/001_initial.ts';

export type DB = Kysely<Database>;

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; anything else uses SQLite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
}

export async function openDatabase(opts: DatabaseOptions): Promise<DB> {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const { default: pg } = await import('pg');
    return new Kysely<Database>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: opts.databaseUrl, max: 10 }) }),
    });
  }
  const { default: SQLite } = await import('better-sqlite3');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(opts.dataDir, 'glint.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

// Migrations are listed in code (not read from a folder) so they run the same under tsx,
// in tests and in a compiled build.
const migrations: Record<string, Migration> = { '001_initial': m001 };

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`);
  }
}
