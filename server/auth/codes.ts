import crypto from 'node:crypto';
import type { AppContext } from '../context.ts';
import { sha256 } from '../ids.ts';

/** What a verification code is for; also the `purpose` column of verification_codes. */
export type CodePurpose = 'signup_sms' | 'two_factor' | 'password_reset';

/** Codes sent by SMS (signup, two-factor) stay valid for 10 minutes. */
export const CODE_TTL_SECONDS = 10 * 60;
export const CODE_LENGTH = 6;

/** A uniformly random 6-digit code (leading zeros kept): crypto, not Math.random. */
export function generateCode(): string {
  return crypto
    .randomInt(0, 10 ** CODE_LENGTH)
    .toString()
    .padStart(CODE_LENGTH, '0');
}

// Codes are short, so their hash is salted with purpose and target: a leaked table row cannot be
// matched against a precomputed list of all 10^6 codes shared by every target.
export const hashCode = (purpose: string, target: string, code: string) =>
  sha256(`${purpose}\n${target}\n${code}`);

/**
 * Stores a fresh code for (purpose, target) and returns it in clear for the sender. Earlier unused
 * codes for the same target stop working, so only the most recently sent message is valid.
 */
export async function issueCode(
  ctx: AppContext,
  purpose: CodePurpose,
  target: string,
  ttlSeconds = CODE_TTL_SECONDS,
): Promise<string> {
  const code = generateCode();
  const now = ctx.now();
  await ctx.db
    .updateTable('verification_codes')
    .set({ used: 1 })
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .where('used', '=', 0)
    .execute();
  await ctx.db
    .insertInto('verification_codes')
    .values({
      purpose,
      target,
      code_hash: hashCode(purpose, target, code),
      created_at: now,
      expires_at: now + ttlSeconds,
      used: 0,
    })
    .execute();
  return code;
}

/**
 * True when `code` is the current, unexpired, unused code for (purpose, target); the code is then
 * spent, so a code logs in or creates an account once.
 */
export async function verifyCode(
  ctx: AppContext,
  purpose: CodePurpose,
  target: string,
  code: string,
): Promise<boolean> {
  const normalized = code.replace(/\s+/g, '');
  if (!/^[0-9]{6}$/.test(normalized)) return false;
  const row = await ctx.db
    .selectFrom('verification_codes')
    .select('id')
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .where('code_hash', '=', hashCode(purpose, target, normalized))
    .where('used', '=', 0)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  if (!row) return false;
  // The update's row count makes two concurrent uses of one code succeed only once.
  const result = await ctx.db
    .updateTable('verification_codes')
    .set({ used: 1 })
    .where('id', '=', row.id)
    .where('used', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When the latest code for (purpose, target) was created, or null if none was ever sent. */
export async function lastCodeSentAt(
  ctx: AppContext,
  purpose: CodePurpose,
  target: string,
): Promise<number | null> {
  const row = await ctx.db
    .selectFrom('verification_codes')
    .select('created_at')
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** True when (purpose, target) has an unexpired code, used or not (a live challenge). */
export async function hasLiveCode(
  ctx: AppContext,
  purpose: CodePurpose,
  target: string,
): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('verification_codes')
    .select('id')
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  return row !== undefined;
}
