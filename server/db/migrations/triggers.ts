import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * Triggers written once per database: SQLite's as whole CREATE TRIGGER statements, PostgreSQL's
 * as plpgsql functions plus one row trigger each (name, timing and event, table, and optionally
 * the function it runs — its own name by default — and a WHEN condition).
 */
export interface TriggerSet {
  sqlite: string[];
  pgFunctions: string[];
  pgTriggers: { name: string; when: string; table: string; fn?: string; condition?: string }[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function createTriggers(db: Kysely<any>, set: TriggerSet): Promise<void> {
  if (!isPostgres(db)) {
    for (const trigger of set.sqlite) await sql.raw(trigger).execute(db);
    return;
  }
  for (const fn of set.pgFunctions) await sql.raw(fn).execute(db);
  for (const { name, when, table, fn = name, condition } of set.pgTriggers) {
    const onlyWhen = condition ? ` WHEN (${condition})` : '';
    await sql
      .raw(
        `CREATE TRIGGER ${name} ${when} ON ${table} FOR EACH ROW${onlyWhen} EXECUTE FUNCTION ${fn}()`,
      )
      .execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function dropTriggers(db: Kysely<any>, set: TriggerSet): Promise<void> {
  if (!isPostgres(db)) {
    for (const trigger of set.sqlite) {
      await sql.raw(`DROP TRIGGER IF EXISTS ${/TRIGGER (\w+)/.exec(trigger)![1]}`).execute(db);
    }
    return;
  }
  for (const { name, table } of set.pgTriggers) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name} ON ${table}`).execute(db);
  }
  for (const fn of new Set(set.pgTriggers.map(({ name, fn = name }) => fn))) {
    await sql.raw(`DROP FUNCTION IF EXISTS ${fn}()`).execute(db);
  }
}
