import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { SESSION_MAX_AGE_SECONDS } from '../http/session.ts';
import { sha256 } from '../ids.ts';

// One-tap login nonces are stored as sha256 (like sessions): a database leak gives no logins.
// A nonce lives as long as a session cookie would; password change and deactivation drop them.
export const LOGIN_NONCE_MAX_AGE_SECONDS = SESSION_MAX_AGE_SECONDS;

/** The user a (user id, nonce) pair logs in, or null when the pair is unknown or too old. */
export async function userForLoginNonce(
  ctx: AppContext,
  userId: string,
  nonce: string,
): Promise<UsersTable | null> {
  const row = await ctx.db
    .selectFrom('login_nonces')
    .innerJoin('users', 'users.id', 'login_nonces.user_id')
    .selectAll('users')
    .where('login_nonces.user_id', '=', userId)
    .where('login_nonces.nonce_hash', '=', sha256(nonce))
    .where('login_nonces.created_at', '>', ctx.now() - LOGIN_NONCE_MAX_AGE_SECONDS)
    .executeTakeFirst();
  return row ?? null;
}

export async function removeLoginNonce(ctx: AppContext, userId: string, nonce: string) {
  const result = await ctx.db
    .deleteFrom('login_nonces')
    .where('user_id', '=', userId)
    .where('nonce_hash', '=', sha256(nonce))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function removeAllLoginNonces(ctx: AppContext, userId: string) {
  const result = await ctx.db.deleteFrom('login_nonces').where('user_id', '=', userId).execute();
  return result.reduce((n, r) => n + Number(r.numDeletedRows), 0);
}
