import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { hasLiveCode, verifyCode } from '../auth/codes.ts';
import { finishHeldProviderLink } from '../auth/providerLinks.ts';
import {
  lastFourDigits,
  sendTwoFactorCode,
  twoFactorResendWait,
  twoFactorTarget,
} from '../auth/twoFactor.ts';
import { normalizeUsername } from '../auth/usernames.ts';
import { badRequest } from '../http/errors.ts';
import { ipAndField, rateLimit } from '../http/rateLimit.ts';
import { Form, Str, typed } from '../http/schemas.ts';
import { completeLogin } from './auth.ts';

const CodeBody = Form({ username: Str(320), verificationCode: Str(32), identifier: Str(200) });
const ResendBody = Form({ username: Str(320), identifier: Str(200) });

export const TWO_FACTOR_FAILED = 'Please check the security code and try again.';
export const TWO_FACTOR_WAIT = 'Please wait a few seconds before requesting another code.';
const CHALLENGE_EXPIRED = 'This login attempt has expired. Please log in again.';

/**
 * The second step of password and external login for accounts with two-factor on. Those logins
 * open the challenge with requireSecondFactor; the challenge is bound to the user, so the
 * username sent here must be the one that passed the password.
 */
export async function twoFactorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = typed(app);

  const findUser = (username: string) =>
    ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', normalizeUsername(username))
      .executeTakeFirst();

  api.post(
    '/accounts/login/ajax/two_factor/',
    // Six digits are guessable by brute force only without a limit: 10 tries per 5 minutes per
    // client and username, and each code dies after 10 minutes.
    { schema: { body: CodeBody }, config: rateLimit(10, '5 minutes', ipAndField('username')) },
    async (req, reply) => {
      const user = await findUser(req.body.username);
      const target = user ? twoFactorTarget(req.body.identifier, user.id) : '';
      const ok =
        user !== undefined &&
        user.two_factor_enabled === 1 &&
        (await verifyCode(ctx, 'two_factor', target, req.body.verificationCode));
      if (!user || !ok)
        throw badRequest(TWO_FACTOR_FAILED, { error_type: 'invalid_verification_code' });
      // An external login's challenge: its provider identity is linked now that it succeeded.
      await finishHeldProviderLink(ctx, user.id, target);
      return completeLogin(ctx, reply, user);
    },
  );

  api.post(
    '/accounts/send_two_factor_login_sms/',
    { schema: { body: ResendBody }, config: rateLimit(5, '1 minute', ipAndField('username')) },
    async (req) => {
      const user = await findUser(req.body.username);
      const identifier = req.body.identifier;
      // Only a challenge that password login opened (and that has not expired) gets new codes:
      // otherwise this call would text any member's phone on request.
      const live =
        user !== undefined &&
        user.phone_number !== null &&
        (await hasLiveCode(ctx, 'two_factor', twoFactorTarget(identifier, user.id)));
      if (!user || !user.phone_number || !live) throw badRequest(CHALLENGE_EXPIRED);
      if ((await twoFactorResendWait(ctx, user.id, identifier)) > 0) {
        throw badRequest(TWO_FACTOR_WAIT, { error_type: 'sms_rate_limited' });
      }
      await sendTwoFactorCode(ctx, user, identifier);
      return {
        two_factor_info: {
          username: user.username,
          two_factor_identifier: identifier,
          obfuscated_phone_number: lastFourDigits(user.phone_number),
        },
        status: 'ok',
      };
    },
  );
}
