import crypto from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { FieldError } from './rules.ts';

// Username rules (the spec leaves them open; these are the common photo-app ones):
// 1–30 characters of letters, digits, period and underscore; no period at either end and no two
// periods in a row; unique regardless of case. Usernames are stored lowercase.
export const USERNAME_MAX_LENGTH = 30;
const USERNAME_CHARS = /^[A-Za-z0-9._]+$/;

/**
 * Words that would impersonate the service or collide with its own routes: a profile lives at
 * /<username>/, so a name equal to a top-level API or page segment (server/routes/pages.ts
 * API_PATHS, src/app/routes.tsx) would get a JSON 404 or another page instead of the profile.
 */
const RESERVED_USERNAMES = new Set([
  'accounts',
  'admin',
  'api',
  'about',
  'ajax',
  'assets',
  'challenge',
  'client_error',
  'create',
  'dev',
  'explore',
  'fb',
  'glint',
  'graphql',
  'lab',
  'location_search',
  'media',
  'oauth',
  'push',
  'qp',
  'stories',
  'support',
  'web',
  'zr',
]);

export const normalizeUsername = (username: string) => username.trim().toLowerCase();

/** The format error of a username, or null when the format is fine (uniqueness is separate). */
export function usernameFormatError(raw: string): FieldError | null {
  const username = raw.trim();
  if (username.length === 0) {
    return { message: 'Enter a username.', code: 'username_required' };
  }
  if (username.length > USERNAME_MAX_LENGTH) {
    return {
      message: `Enter a username of ${USERNAME_MAX_LENGTH} characters or fewer.`,
      code: 'username_too_long',
    };
  }
  if (!USERNAME_CHARS.test(username)) {
    return {
      message: 'Usernames can only use letters, numbers, underscores and periods.',
      code: 'username_invalid_chars',
    };
  }
  if (username.startsWith('.') || username.endsWith('.') || username.includes('..')) {
    return {
      message: "Usernames can't start or end with a period or have two periods in a row.",
      code: 'username_invalid_periods',
    };
  }
  if (RESERVED_USERNAMES.has(username.toLowerCase())) {
    return { message: "This username isn't available.", code: 'username_is_taken' };
  }
  return null;
}

export const USERNAME_TAKEN: FieldError = {
  message: "This username isn't available. Please try another.",
  code: 'username_is_taken',
};

/** True when another account (not `exceptUserId`) already has this username, ignoring case. */
export async function usernameTaken(
  ctx: AppContext,
  username: string,
  exceptUserId?: string,
): Promise<boolean> {
  let query = ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', normalizeUsername(username));
  if (exceptUserId) query = query.where('id', '!=', exceptUserId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Letters, digits, period and underscore only, lowercase, periods trimmed and not doubled. */
function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._]+/g, '')
    .replace(/\.{2,}/g, '.')
    .replace(/^\.+|\.+$/g, '')
    .slice(0, 24);
}

const SUGGESTION_COUNT = 5;

/**
 * Up to five free usernames built from the full name and the email's local part. Candidates are
 * checked against the table in one query; random numeric tails fill up when the plain forms are taken.
 */
export async function suggestUsernames(
  ctx: AppContext,
  source: { name?: string; email?: string; username?: string },
): Promise<string[]> {
  const words = (source.name ?? '').split(/\s+/).map(slug).filter(Boolean);
  const local = slug((source.email ?? '').split('@')[0] ?? '');
  const typed = slug(source.username ?? '');
  const bases = [
    typed,
    words.join(''),
    words.join('.'),
    words.join('_'),
    local,
    words[0] ?? '',
  ].filter((b) => b.length > 0);
  if (bases.length === 0) bases.push('glint.member');

  // Plain forms first, then variants, so the answer mixes several bases before numeric tails.
  const unique = [...new Set(bases)];
  const candidates = new Set<string>(unique);
  for (const base of unique) candidates.add(`${base}_`);
  for (let i = 0; i < 3; i++) {
    for (const base of unique) candidates.add(`${base}${crypto.randomInt(10, 9999)}`);
  }
  const valid = [...candidates].filter((c) => usernameFormatError(c) === null);
  if (valid.length === 0) return [];
  const taken = new Set(
    (
      await ctx.db.selectFrom('users').select('username').where('username', 'in', valid).execute()
    ).map((r) => r.username),
  );
  return valid.filter((c) => !taken.has(c)).slice(0, SUGGESTION_COUNT);
}
