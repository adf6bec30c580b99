/**
 * The bench's own look into a bench server's database (SQLite in its DATA_DIR or PostgreSQL by
 * URL), through the server's openDatabase: picking members before a run and checking writes
 * after it, with SELECTs only. Plus emptying a PostgreSQL database the bench was given.
 */
import { openDatabase, type DB } from '../../server/db/database.ts';

export type { DB };

export function openBenchDatabase(where: { dataDir: string; databaseUrl?: string }): Promise<DB> {
  return openDatabase({ dataDir: where.dataDir, databaseUrl: where.databaseUrl });
}

/** What the checkout's migrations have made: the checks skip what is not there yet. */
export async function schemaHas(db: DB, table: string, column?: string): Promise<boolean> {
  const tables = await db.introspection.getTables();
  const found =
    tables.find((t) => t.name === table && (t.schema ?? 'public') === 'public') ??
    tables.find((t) => t.name === table);
  if (!found) return false;
  return column === undefined || found.columns.some((c) => c.name === column);
}

/** The table that marks a PostgreSQL database as the bench's to empty. */
const MARKER = 'glint_bench_scratch';

/**
 * Empties a PostgreSQL database (drops and recreates its public schema) so the server seeds it
 * afresh. Refuses a non-loopback host, and a database that holds tables but not the bench's
 * marker table: only an empty database, or one the bench emptied before, is ever dropped.
 */
export async function emptyPostgres(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  if (!['127.0.0.1', 'localhost', '[::1]', ''].includes(url.hostname)) {
    throw new Error(`the bench only empties a loopback PostgreSQL, not ${url.hostname}`);
  }
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'`,
    );
    const names = rows.map((r) => r.table_name);
    if (names.length && !names.includes(MARKER)) {
      throw new Error(
        `${url.pathname.slice(1)} already holds tables (${names.slice(0, 3).join(', ')} …): ` +
          'give the bench an empty database (createdb) — it drops everything in it',
      );
    }
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
    await client.query(`CREATE TABLE public.${MARKER} (emptied_at bigint NOT NULL)`);
    await client.query(`INSERT INTO public.${MARKER} VALUES ($1)`, [Date.now()]);
  } finally {
    await client.end();
  }
}
