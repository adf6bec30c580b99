import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { randomToken } from '../ids.ts';
import { badRequest } from '../http/errors.ts';
import { issueCode, lastCodeSentAt } from './codes.ts';
import { holdProviderLink } from './providerLinks.ts';

/** A new two-factor code is refused while the last one is younger than this. */
export const TWO_FACTOR_RESEND_SECONDS = 30;

/** Body of the 400 answer that asks for a second factor, and of a resent code's answer. */
export interface TwoFactorInfo {
  username: string;
  two_factor_identifier: string;
  /** The last four digits of the phone the code went to (spec §3: "last four digits"). */
  obfuscated_phone_number: string;
}

/**
 * The verification_codes target of a challenge: the random identifier the client holds AND the user
 * it was issued for. Binding the user matters: with the identifier alone, someone who passed their
 * own challenge could submit its code with another member's username.
 */
export const twoFactorTarget = (identifier: string, userId: string) => `${identifier}:${userId}`;

export const lastFourDigits = (phone: string) => phone.replace(/[^0-9]/g, '').slice(-4);

/** Sends a code for an existing challenge to the user's phone. */
export async function sendTwoFactorCode(
  ctx: AppContext,
  user: Pick<UsersTable, 'id' | 'phone_number'>,
  identifier: string,
): Promise<void> {
  if (!user.phone_number) throw new Error('two-factor user without a phone number');
  const code = await issueCode(ctx, 'two_factor', twoFactorTarget(identifier, user.id));
  await ctx.sms.send(user.phone_number, `Your Glint security code is ${code}.`, code);
}

/**
 * Opens a challenge for an account with two-factor on, sends the first code and returns what the
 * client needs to continue (spec §8 two_factor_required).
 */
export async function startTwoFactorChallenge(
  ctx: AppContext,
  user: Pick<UsersTable, 'id' | 'username' | 'phone_number'>,
): Promise<TwoFactorInfo> {
  const identifier = randomToken(16);
  await sendTwoFactorCode(ctx, user, identifier);
  return {
    username: user.username,
    two_factor_identifier: identifier,
    obfuscated_phone_number: lastFourDigits(user.phone_number ?? ''),
  };
}

/**
 * Every way into an account with two-factor on (password or external login) stops here: opens a
 * challenge and answers 400 two_factor_required; the login finishes at the two-factor route.
 * An external login passes the provider identity it came through, linked when the code passes.
 */
export async function requireSecondFactor(
  ctx: AppContext,
  user: Pick<UsersTable, 'id' | 'username' | 'phone_number' | 'two_factor_enabled'>,
  providerId?: string,
): Promise<void> {
  if (user.two_factor_enabled !== 1 || !user.phone_number) return;
  const info = await startTwoFactorChallenge(ctx, user);
  if (providerId !== undefined) {
    await holdProviderLink(ctx, twoFactorTarget(info.two_factor_identifier, user.id), providerId);
  }
  throw badRequest(
    `Enter the code we sent to your number ending in ${info.obfuscated_phone_number}.`,
    { two_factor_required: true, two_factor_info: info },
  );
}

/** Seconds until a new code may be sent for this challenge (0 when it may be sent now). */
export async function twoFactorResendWait(
  ctx: AppContext,
  userId: string,
  identifier: string,
): Promise<number> {
  const last = await lastCodeSentAt(ctx, 'two_factor', twoFactorTarget(identifier, userId));
  if (last === null) return 0;
  return Math.max(0, last + TWO_FACTOR_RESEND_SECONDS - ctx.now());
}
