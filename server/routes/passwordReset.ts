import { Type } from '@sinclair/typebox';
import { sql, type ExpressionBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import { hashPassword } from '../auth/passwords.ts';
import { removeAllLoginNonces } from '../auth/loginNonces.ts';
import { normalizeEmail, passwordError } from '../auth/rules.ts';
import { badRequest } from '../http/errors.ts';
import { rateLimit } from '../http/rateLimit.ts';
import { Form, NumericId, Str, typed } from '../http/schemas.ts';
import { endAllSessions } from '../http/session.ts';
import { randomToken, sha256 } from '../ids.ts';
import { findUserByIdentifier } from './auth.ts';

/** A reset link works once, for an hour. */
export const RESET_LINK_TTL_SECONDS = 60 * 60;

/**
 * The one answer to every reset request, whether or not an account matched: naming the address
 * (even obfuscated) would tell a stranger which identifiers have accounts.
 */
export const RESET_SENT_MESSAGE =
  'If an account matches what you entered, we sent a link to get back into it to its email address or phone.';

const ResetBody = Form({
  email_or_username: Str(320, 1),
  recaptcha_challenge_field: Type.Optional(Str(2000)),
});
const ConfirmBody = Form({
  uid: NumericId,
  token: Str(200, 1),
  new_password1: Str(1000),
  new_password2: Str(1000),
});

const resetTarget = (userId: string) => userId;

/**
 * Opening a link mailed to `sentTo` proves the member reads that mailbox: the account's email
 * counts as confirmed, unless it was changed since the link was sent (then the link proved an
 * address the account no longer has).
 */
async function confirmEmailBy(ctx: AppContext, userId: string, sentTo: string): Promise<void> {
  await ctx.db
    .updateTable('users')
    .set({ email_confirmed: 1 })
    .where('id', '=', userId)
    .where(sql<string>`lower(email)`, '=', sentTo)
    .execute();
}

/**
 * Password reset: a link (a random token, stored hashed in verification_codes for purpose
 * password_reset) goes to the account's email, or by SMS when it has only a phone. The recaptcha
 * field is accepted and ignored: the reference server has no captcha service; the rate limit
 * stands in for it.
 */
export async function passwordResetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);

  api.post(
    '/accounts/password/reset/',
    { schema: { body: ResetBody }, config: rateLimit(5, '1 minute') },
    async (req) => {
      const user = await findUserByIdentifier(ctx, req.body.email_or_username);
      if (user && (user.email || user.phone_number)) {
        const token = randomToken(32);
        const now = ctx.now();
        await ctx.db
          .insertInto('verification_codes')
          .values({
            purpose: 'password_reset',
            target: resetTarget(user.id),
            code_hash: sha256(token),
            created_at: now,
            expires_at: now + RESET_LINK_TTL_SECONDS,
            used: 0,
            // Mailed links prove the address (see confirmEmailBy); SMS ones prove no email.
            sent_to: user.email ? normalizeEmail(user.email) : null,
          })
          .execute();
        const query = new URLSearchParams({ uid: user.id, token });
        // A path, not an absolute URL: building one from the Host header would let a stranger
        // mail the victim a link to their own site (reset poisoning). A deployment with a known
        // public origin can prefix it.
        const link = `/accounts/password/reset/confirm/?${query}`;
        const body = `Hi ${user.username}, someone asked to reset your Glint password. If it was you, open ${link} within an hour. If not, ignore this message.`;
        if (user.email) {
          await ctx.db
            .insertInto('outbox')
            .values({ channel: 'email', recipient: user.email, body, code: token, created_at: now })
            .execute();
        } else if (user.phone_number) {
          await ctx.sms.send(user.phone_number, body, token);
        }
      }
      return { message: RESET_SENT_MESSAGE, status: 'ok' };
    },
  );

  // The reset link's form posts here: a valid, unused token sets the new password, ends every
  // session and one-tap login of the account. A link that was mailed confirms the address.
  api.post(
    '/accounts/password/reset/confirm/',
    { schema: { body: ConfirmBody }, config: rateLimit(10, '1 minute') },
    async (req) => {
      const { uid, token, new_password1, new_password2 } = req.body;
      if (new_password1 !== new_password2)
        throw badRequest('Please make sure both passwords match.');
      const error = passwordError(new_password1);
      if (error) throw badRequest(error.message);
      const unspentLink = (eb: ExpressionBuilder<Database, 'verification_codes'>) =>
        eb.and([
          eb('purpose', '=', 'password_reset'),
          eb('target', '=', resetTarget(uid)),
          eb('code_hash', '=', sha256(token)),
          eb('used', '=', 0),
          eb('expires_at', '>', ctx.now()),
        ]);
      const spentLink = 'This password reset link has expired or was already used.';
      // A wrong link is refused before the (deliberately slow) hash is computed.
      const found = await ctx.db
        .selectFrom('verification_codes')
        .select('used')
        .where(unspentLink)
        .executeTakeFirst();
      if (!found) throw badRequest(spentLink);
      const passwordHash = await hashPassword(new_password1);
      // All or nothing: the link is spent only if the password changed and every session ended.
      await ctx.db.transaction().execute(async (trx) => {
        const tx: AppContext = { ...ctx, db: trx };
        const spent = await trx
          .updateTable('verification_codes')
          .set({ used: 1 })
          .where(unspentLink)
          .returning('sent_to')
          .executeTakeFirst();
        if (!spent) throw badRequest(spentLink);
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash })
          .where('id', '=', uid)
          .execute();
        if (spent.sent_to) await confirmEmailBy(tx, uid, spent.sent_to);
        await endAllSessions(tx, uid);
        await removeAllLoginNonces(tx, uid);
      });
      return { status: 'ok' };
    },
  );
}
