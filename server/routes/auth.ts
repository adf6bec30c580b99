import { sql } from 'kysely';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { requireSecondFactor } from '../auth/twoFactor.ts';
import { badRequest } from '../http/errors.ts';
import { addressLimit, ipAndField, rateLimit } from '../http/rateLimit.ts';
import { HttpError } from '../http/errors.ts';
import { Form, FormFlag, Str, parseFlag, typed } from '../http/schemas.ts';
import { removeAllLoginNonces } from '../auth/loginNonces.ts';
import { endSession, startSession } from '../http/session.ts';
import { randomToken, sha256 } from '../ids.ts';

export type IdentifierKind = 'phone' | 'email' | 'username';

/** Accounts spec §5: phone if only digits, plus, spaces, brackets, hyphens; email if it has @. */
export function classifyIdentifier(identifier: string): IdentifierKind {
  // The same rule as the login form (src/lib/identifier.ts): round and square brackets both count.
  if (/^[0-9+\s()[\]-]+$/.test(identifier) && /[0-9]/.test(identifier)) return 'phone';
  if (identifier.includes('@')) return 'email';
  return 'username';
}

export async function findUserByIdentifier(
  ctx: AppContext,
  raw: string,
): Promise<UsersTable | undefined> {
  const identifier = raw.trim();
  const query = ctx.db.selectFrom('users').selectAll();
  switch (classifyIdentifier(identifier)) {
    case 'phone': {
      // Signup stores "+<digits>" when a + was typed, else the digits (auth/rules normalizePhone).
      const digits = identifier.replace(/[^0-9]/g, '');
      return query
        .where('phone_number', 'in', [identifier, `+${digits}`, digits])
        .executeTakeFirst();
    }
    case 'email':
      return query
        .where(sql<string>`lower(email)`, '=', identifier.toLowerCase())
        .executeTakeFirst();
    default:
      return query.where('username', '=', identifier.toLowerCase()).executeTakeFirst();
  }
}

// Verifying against a throwaway hash for unknown users keeps response times alike, so timing does
// not reveal which usernames exist beyond what the `user` flag already says.
let dummyHash: Promise<string> | null = null;

const LoginBody = Form({ username: Str(320), password: Str(1024) });
const LogoutBody = Form({ one_tap_app_login: Type.Optional(FormFlag) });

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);
  // 10 a minute per account (route config) and 60 a minute per address across accounts, both
  // counted in the rate-limit store (shared by every server process when REDIS_URL is set).
  const loginsPerIp = addressLimit(app, 'login-per-address', 60, 60_000);

  api.post(
    '/accounts/login/ajax/',
    { schema: { body: LoginBody }, config: rateLimit(10, '1 minute', ipAndField('username')) },
    async (req, reply) => {
      if (!(await loginsPerIp(req))) {
        throw new HttpError(429, 'Too many login attempts. Please wait a minute and try again.');
      }
      const identifier = req.body.username.trim();
      if (!identifier) throw badRequest('Please enter your username, email or phone number.');
      if (!req.body.password) throw badRequest('Please enter your password.');
      const user = await findUserByIdentifier(ctx, identifier);
      if (!user) {
        dummyHash ??= hashPassword(randomToken(16));
        await verifyPassword(req.body.password, await dummyHash);
        return { authenticated: false, user: false, status: 'ok' };
      }
      if (!(await verifyPassword(req.body.password, user.password_hash))) {
        return { authenticated: false, user: true, status: 'ok' };
      }
      await requireSecondFactor(ctx, user);
      return completeLogin(ctx, reply, user);
    },
  );

  api.post('/accounts/logout/ajax/', { schema: { body: LogoutBody } }, async (req, reply) => {
    // one_tap_app_login=0 means the member did not keep one-tap login on this device: their
    // stored nonces stop working, so a copied nonce cannot log anyone back in.
    // With one-tap login switched off no device keeps it, whatever the flag says.
    const keep = ctx.config.featureSwitches.one_tap_login && parseFlag(req.body.one_tap_app_login);
    if (req.viewer && !keep) {
      await removeAllLoginNonces(ctx, req.viewer.id);
    }
    await endSession(ctx, req, reply);
    return { status: 'ok' };
  });
}

/**
 * Starts the session of a user who passed the password (and any second factor) and answers the
 * login call. A temporarily deactivated account is reactivated by logging in; a fresh one-tap
 * nonce is returned for the client's login nonce store.
 */
export async function completeLogin(
  ctx: AppContext,
  reply: Parameters<typeof startSession>[1],
  user: UsersTable,
) {
  const reactivated = user.is_active === 0;
  if (reactivated) {
    await ctx.db.updateTable('users').set({ is_active: 1 }).where('id', '=', user.id).execute();
  }
  // One-tap login is enabled by a flag (accounts §9): switched off, no device is given a nonce.
  let nonce: string | undefined;
  if (ctx.config.featureSwitches.one_tap_login) {
    nonce = randomToken(32);
    await ctx.db
      .insertInto('login_nonces')
      .values({ user_id: user.id, nonce_hash: sha256(nonce), created_at: ctx.now() })
      .execute();
  }
  await startSession(ctx, reply, user.id);
  return {
    authenticated: true,
    user: true,
    userId: user.id,
    reactivated,
    ...(nonce ? { login_nonce: nonce } : {}),
    status: 'ok',
  };
}
