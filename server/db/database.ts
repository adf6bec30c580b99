import fs from 'node:fs';
import path from 'node:path';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDialectConfig,
  type Migration,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database } from './schema.ts';
import { shapedRows } from './shapedRows.ts';
import { attachDataVersion, countWrite, newDataVersion, type DataVersion } from './dataVersion.ts';
import * as m001 from './migrations/001_initial.ts';
import * as m002 from './migrations/002_suggestion_dismissals.ts';
import * as m003 from './migrations/003_upload_ids_per_user.ts';
import * as m004 from './migrations/004_email_confirmed.ts';
import * as m005 from './migrations/005_geotag_places.ts';
import * as m006 from './migrations/006_hashtag_moderation.ts';
import * as m007 from './migrations/007_held_provider_links.ts';
import * as m008 from './migrations/008_post_gating_sponsors.ts';
import * as m009 from './migrations/009_push_zero_rating.ts';
import * as m010 from './migrations/010_feed_timelines_counts.ts';
import * as m011 from './migrations/011_upload_sizes.ts';
import * as m012 from './migrations/012_story_placeholders.ts';
import * as m013 from './migrations/013_comment_counts.ts';
import * as m014 from './migrations/014_accessibility_captions.ts';
import * as m015 from './migrations/015_story_replies.ts';
import * as m016 from './migrations/016_hashtag_counts.ts';
import * as m017 from './migrations/017_location_counts.ts';
import * as m018 from './migrations/018_user_search.ts';
import * as m019 from './migrations/019_story_small_pictures.ts';
import * as m020 from './migrations/020_tagged_posts.ts';

export type DB = Kysely<Database>;

/** PostgreSQL (else SQLite): for the few queries written per database (search indexes). */
export const isPostgres = (db: DB) => db.getExecutor().adapter instanceof PostgresAdapter;

export interface DatabaseOptions {
  /** postgres://… selects PostgreSQL; anything else uses SQLite in dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /**
   * PostgreSQL only: a schema to create (if missing) and use as the search_path, so parallel test
   * files can share one database without seeing each other's rows.
   */
  pgSchema?: string;
  /** PostgreSQL only: connections this process may open (default 10). */
  poolSize?: number;
}

// Kysely's Migrator finds its bookkeeping tables in ANY schema unless told which one, so a
// database opened with pgSchema must migrate with that schema named.
const migrationSchemas = new WeakMap<DB, string>();

export async function openDatabase(opts: DatabaseOptions): Promise<DB> {
  if (opts.databaseUrl && /^postgres(ql)?:\/\//.test(opts.databaseUrl)) {
    const { default: pg } = await import('pg');
    const schema = opts.pgSchema;
    if (schema !== undefined && !/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) {
      throw new Error(`invalid PostgreSQL schema name: ${schema}`);
    }
    if (schema) {
      const setup = new pg.Client({ connectionString: opts.databaseUrl });
      await setup.connect();
      await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`).finally(() => setup.end());
    }
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    if (schema) migrationSchemas.set(db, schema);
    return db;
  }
  const { default: SQLite } = await import('better-sqlite3');
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(opts.dataDir, 'glint.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // WAL with synchronous=NORMAL: a commit is not fsynced on its own (checkpoints are), so a power
  // loss can drop the last commits but never corrupts; a crash of the process loses nothing.
  // Reads go through a memory map and a 64 MB page cache; sorts stay in memory.
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('mmap_size = 268435456');
  sqlite.pragma('cache_size = -65536');
  sqlite.pragma('temp_store = MEMORY');
  // Compiled once: sqlite.pragma() compiles its statement on every call.
  const dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  const version = newDataVersion(() => dataVersion.get() as number);
  const db = new Kysely<Database>({
    dialect: new ImmediateSqliteDialect({ database: cachingStatements(sqlite, version) }),
  });
  attachDataVersion(db, version);
  return db;
}

/**
 * SQLite transactions begin IMMEDIATE, taking the write lock at once (waiting up to busy_timeout
 * for it). Several server processes share one database file (SERVER_PROCESSES): two deferred
 * transactions that both read and then write would each hold a read snapshot, and the second to
 * write would fail with SQLITE_BUSY at once instead of waiting. With one process nothing changes:
 * its one connection runs one transaction at a time.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver(): Driver {
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection): Promise<void> {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      }
    })(this.#config);
  }
}

/** How many prepared statements one SQLite connection keeps (least recently used go first). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 compiles SQL on every prepare(); Kysely prepares each query it runs. The same few
 * hundred query shapes repeat on every request, so compiled statements are kept and reused: a
 * feed request runs about twenty queries, and compiling them cost more than running them.
 * Statements run synchronously to completion, so one statement is never in use twice at once.
 */
export function cachingStatements(sqlite: SQLite.Database, version?: DataVersion): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      let statement = cache.get(sqlText);
      if (statement) {
        cache.delete(sqlText);
      } else {
        const compiled = sqlite.prepare(sqlText);
        // Rows of one shape per statement, not dictionary-mode objects (shapedRows.ts).
        const shaped = shapedRows(compiled);
        statement = version && !compiled.readonly ? countingRuns(shaped, version) : shaped;
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sqlText, statement);
      return statement;
    },
  };
}

/** A statement that may write, counting each run once it ran (dataVersion.ts). */
function countingRuns(statement: SqliteStatement, version: DataVersion): SqliteStatement {
  return {
    reader: statement.reader,
    // Counted even when it throws: a cheap miss beats reasoning about what a failure left.
    all(parameters) {
      try {
        return statement.all(parameters);
      } finally {
        countWrite(version);
      }
    },
    run(parameters) {
      try {
        return statement.run(parameters);
      } finally {
        countWrite(version);
      }
    },
    *iterate(parameters) {
      try {
        yield* statement.iterate(parameters);
      } finally {
        countWrite(version);
      }
    },
  };
}

// Migrations are listed in code (not read from a folder) so they run the same under tsx,
// in tests and in a compiled build.
const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_suggestion_dismissals': m002,
  '003_upload_ids_per_user': m003,
  '004_email_confirmed': m004,
  '005_geotag_places': m005,
  '006_hashtag_moderation': m006,
  '007_held_provider_links': m007,
  '008_post_gating_sponsors': m008,
  '009_push_zero_rating': m009,
  '010_feed_timelines_counts': m010,
  '011_upload_sizes': m011,
  '012_story_placeholders': m012,
  '013_comment_counts': m013,
  '014_accessibility_captions': m014,
  '015_story_replies': m015,
  '016_hashtag_counts': m016,
  '017_location_counts': m017,
  '018_user_search': m018,
  '019_story_small_pictures': m019,
  '020_tagged_posts': m020,
};

export async function migrateToLatest(db: DB): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: migrationSchemas.get(db),
    // Work on parallel branches adds migrations whose numbers interleave; each is independent
    // of the others' order past its own number, so a database that ran a later one still takes
    // an earlier one that lands after it.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(
      `Migration failed${failed ? ` at ${failed.migrationName}` : ''}: ${String(error)}`,
    );
  }
}
