import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../../server/context.ts';
import { TestClient } from './helpers.ts';

/** Whether a login with this password is accepted now (no session is kept). */
export async function passwordWorks(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<boolean> {
  const res = await new TestClient(app).post('/accounts/login/ajax/', { username, password });
  return (
    res.statusCode === 200 && (res.json() as { authenticated?: boolean }).authenticated === true
  );
}

/**
 * Makes every DELETE of `userId`'s rows in `table` fail inside the database (a trigger), so a test
 * can show what a route leaves behind when one of its statements fails. Returns the undo.
 */
export async function failDeletesOf(
  ctx: AppContext,
  table: 'sessions' | 'login_nonces',
  userId: string,
): Promise<() => Promise<void>> {
  if (!/^[A-Za-z0-9_-]+$/.test(userId)) throw new Error(`unexpected user id ${userId}`);
  const trigger = `${table}_delete_fails`;
  if (ctx.config.databaseUrl) {
    await sql
      .raw(
        `CREATE FUNCTION ${trigger}() RETURNS trigger LANGUAGE plpgsql AS ` +
          `$$ BEGIN RAISE EXCEPTION 'delete refused by test'; END $$`,
      )
      .execute(ctx.db);
    await sql
      .raw(
        `CREATE TRIGGER ${trigger} BEFORE DELETE ON ${table} FOR EACH ROW ` +
          `WHEN (OLD.user_id = '${userId}') EXECUTE FUNCTION ${trigger}()`,
      )
      .execute(ctx.db);
    return async () => {
      await sql.raw(`DROP TRIGGER ${trigger} ON ${table}`).execute(ctx.db);
      await sql.raw(`DROP FUNCTION ${trigger}()`).execute(ctx.db);
    };
  }
  await sql
    .raw(
      `CREATE TRIGGER ${trigger} BEFORE DELETE ON ${table} WHEN OLD.user_id = '${userId}' ` +
        `BEGIN SELECT RAISE(ABORT, 'delete refused by test'); END`,
    )
    .execute(ctx.db);
  return async () => {
    await sql.raw(`DROP TRIGGER ${trigger}`).execute(ctx.db);
  };
}
