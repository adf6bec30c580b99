import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { removeAllLoginNonces, removeLoginNonce, userForLoginNonce } from '../auth/loginNonces.ts';
import { badRequest } from '../http/errors.ts';
import { ipAndField, rateLimit } from '../http/rateLimit.ts';
import { Form, NumericId, Str, typed } from '../http/schemas.ts';
import { completeLogin } from './auth.ts';

const LoginBody = Form({ user_id: NumericId, login_nonce: Str(200) });
const RemoveBody = Form({ user_id: NumericId, login_nonce: Type.Optional(Str(200)) });

export const INVALID_NONCE_MESSAGE =
  'This one-tap login is no longer valid. Please log in with your password.';

/**
 * One-tap login (spec §4): the device keeps the nonce a password login returned and logs in with
 * it and the user id. Logging in issues a fresh nonce (completeLogin), like a password login.
 */
export async function oneTapRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);

  api.post(
    '/accounts/one_tap_web_login/',
    { schema: { body: LoginBody }, config: rateLimit(10, '1 minute', ipAndField('user_id')) },
    async (req, reply) => {
      // Switched off (FEATURES_OFF=one_tap_login), no nonce logs in: the device forgets it.
      if (!ctx.config.featureSwitches.one_tap_login) {
        throw badRequest(INVALID_NONCE_MESSAGE, { error_type: 'invalid_nonce' });
      }
      const user = await userForLoginNonce(ctx, req.body.user_id, req.body.login_nonce);
      // The same answer for an unknown user and a wrong nonce: the client drops the stored account.
      if (!user) throw badRequest(INVALID_NONCE_MESSAGE, { error_type: 'invalid_nonce' });
      return completeLogin(ctx, reply, user);
    },
  );

  /**
   * Removing a one-tap account happens on the login screen, usually logged out. Without a session
   * the caller proves ownership with the nonce itself (only that nonce is deleted); a logged-in
   * viewer removing their own id drops all of their nonces. A nonce nobody can present is harmless,
   * so the answer is `removed: true` either way: the device forgets the account.
   */
  api.post(
    '/accounts/one_tap_web_remove_nonce/',
    { schema: { body: RemoveBody }, config: rateLimit(20, '1 minute') },
    async (req) => {
      const { user_id, login_nonce } = req.body;
      if (req.viewer && req.viewer.id === user_id) await removeAllLoginNonces(ctx, user_id);
      else if (login_nonce) await removeLoginNonce(ctx, user_id, login_nonce);
      return { removed: true, status: 'ok' };
    },
  );
}
