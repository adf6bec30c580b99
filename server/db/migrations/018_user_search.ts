import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * People search by any part of a username or name in O(the matches), not a scan of every member
 * (issue 15). The search asks for names that start with the query, then for names that contain it.
 *
 * SQLite: users_search, an FTS5 index with the trigram tokenizer over users (external content:
 * the names are read from users; the rowid is users' rowid), kept by triggers. A trigram index
 * answers "contains" and LIKE patterns of 3 characters or more; shorter queries match prefixes
 * only, through the username index and users_full_name_idx. SQLite keeps a rowid table's rowids
 * except through VACUUM; after a VACUUM, `INSERT INTO users_search(users_search) VALUES('rebuild')`
 * makes the index again.
 *
 * PostgreSQL: pg_trgm GIN indexes on username and lower(full_name), which the "contains" LIKE
 * patterns use directly, and text_pattern_ops indexes for prefixes (LIKE 'q%' in code-point
 * order, whatever the database's collation).
 */

const SQLITE = [
  `CREATE VIRTUAL TABLE users_search USING fts5(
     username, full_name, content='users', content_rowid='rowid', tokenize='trigram')`,
  `INSERT INTO users_search(users_search) VALUES('rebuild')`,
  `CREATE TRIGGER users_search_ai AFTER INSERT ON users BEGIN
     INSERT INTO users_search(rowid, username, full_name)
       VALUES (NEW.rowid, NEW.username, NEW.full_name);
   END`,
  `CREATE TRIGGER users_search_ad AFTER DELETE ON users BEGIN
     INSERT INTO users_search(users_search, rowid, username, full_name)
       VALUES ('delete', OLD.rowid, OLD.username, OLD.full_name);
   END`,
  `CREATE TRIGGER users_search_au AFTER UPDATE OF username, full_name ON users BEGIN
     INSERT INTO users_search(users_search, rowid, username, full_name)
       VALUES ('delete', OLD.rowid, OLD.username, OLD.full_name);
     INSERT INTO users_search(rowid, username, full_name)
       VALUES (NEW.rowid, NEW.username, NEW.full_name);
   END`,
  `CREATE INDEX users_full_name_idx ON users (lower(full_name))`,
];

const SQLITE_DOWN = [
  'DROP TRIGGER IF EXISTS users_search_ai',
  'DROP TRIGGER IF EXISTS users_search_ad',
  'DROP TRIGGER IF EXISTS users_search_au',
  'DROP TABLE IF EXISTS users_search',
  'DROP INDEX IF EXISTS users_full_name_idx',
];

// The extension is made once per database, in public (where it stays when a schema of the test
// runs, each migrated on its own search_path, is dropped), and its operator class is named with
// the schema it is in.
const pgIndexes = (schema: string) => [
  // Prefixes: LIKE 'q%' through pattern indexes (code-point order, whatever the collation).
  'CREATE INDEX users_username_pattern_idx ON users (username text_pattern_ops)',
  'CREATE INDEX users_full_name_idx ON users (lower(full_name) text_pattern_ops)',
  `CREATE INDEX users_username_trgm_idx ON users USING gin (username ${schema}.gin_trgm_ops)`,
  `CREATE INDEX users_full_name_trgm_idx ON users
     USING gin (lower(full_name) ${schema}.gin_trgm_ops)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function trigramSchema(db: Kysely<any>): Promise<string | undefined> {
  const { rows } = await sql<{ schema: string }>`SELECT n.nspname AS schema
    FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = 'pg_trgm'`.execute(db);
  return rows[0]?.schema;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function installTrigrams(db: Kysely<any>): Promise<string> {
  const present = await trigramSchema(db);
  if (present) return present;
  try {
    await sql.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public').execute(db);
  } catch (error) {
    // Two servers migrating at once: the other one made it first.
    if (!(await trigramSchema(db))) throw error;
  }
  return (await trigramSchema(db))!;
}

const PG_DOWN = [
  'DROP INDEX IF EXISTS users_username_pattern_idx',
  'DROP INDEX IF EXISTS users_full_name_idx',
  'DROP INDEX IF EXISTS users_username_trgm_idx',
  'DROP INDEX IF EXISTS users_full_name_trgm_idx',
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const statements = pg ? pgIndexes(`"${await installTrigrams(db)}"`) : SQLITE;
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of pg ? PG_DOWN : SQLITE_DOWN) await sql.raw(statement).execute(db);
}
