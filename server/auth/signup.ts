import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { newId, randomToken } from '../ids.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import {
  EMAIL_TAKEN,
  INVALID_PHONE,
  PHONE_TAKEN,
  addError,
  cleanFullName,
  emailError,
  fullNameError,
  normalizeEmail,
  normalizePhone,
  passwordError,
  type FieldErrors,
} from './rules.ts';
import {
  USERNAME_TAKEN,
  normalizeUsername,
  usernameFormatError,
  usernameTaken,
} from './usernames.ts';

/** The fields every signup form sends (web signup and external signup), already trimmed. */
export interface SignupInput {
  email: string;
  phone_number: string;
  password: string;
  username: string;
  first_name: string;
}

export interface SignupCheck {
  errors: FieldErrors;
  /** The email or phone belongs to an account whose password is the one given (spec: code 3). */
  existingAccount: boolean;
  email: string | null;
  phone: string | null;
  username: string;
}

/** Spec §4: "Existing account code 3 makes the flow try to log in with the same credentials". */
export const EXISTING_ACCOUNT_CODE = 3;

const CONTACT_REQUIRED = {
  message: 'Enter your mobile number or email address.',
  code: 'email_or_phone_required',
};

async function accountWith(ctx: AppContext, column: 'email' | 'phone_number', value: string) {
  return ctx.db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where(column === 'email' ? sql<string>`lower(email)` : 'phone_number', '=', value)
    .executeTakeFirst();
}

/**
 * Every field rule of a signup, in one pass so the client can show all errors at once.
 * `contact` says whether an email or phone number is required (external signup gets the email from
 * the provider and may have none); `password` whether an empty password is an error.
 */
export async function checkSignup(
  ctx: AppContext,
  input: SignupInput,
  opts: { contactRequired: boolean; passwordRequired: boolean; dryRun?: boolean },
): Promise<SignupCheck> {
  const errors: FieldErrors = {};
  let existingAccount = false;
  let email: string | null = null;
  let phone: string | null = null;

  const checkTaken = async (column: 'email' | 'phone_number', value: string) => {
    const owner = await accountWith(ctx, column, value);
    if (!owner) return;
    // Only a real submit tries the password of an existing account (code 3): a dry run answers
    // "taken", so the cheap, frequent dry-run call cannot be used to guess passwords.
    if (
      !opts.dryRun &&
      input.password &&
      (await verifyPassword(input.password, owner.password_hash))
    ) {
      existingAccount = true;
    } else {
      addError(errors, column, column === 'email' ? EMAIL_TAKEN : PHONE_TAKEN);
    }
  };

  if (input.email) {
    const error = emailError(input.email);
    if (error) addError(errors, 'email', error);
    else {
      email = normalizeEmail(input.email);
      await checkTaken('email', email);
    }
  } else if (input.phone_number) {
    phone = normalizePhone(input.phone_number);
    if (!phone) addError(errors, 'phone_number', INVALID_PHONE);
    else await checkTaken('phone_number', phone);
  } else if (opts.contactRequired) {
    // The client shows the email or the phone error depending on what the user typed; with
    // nothing typed either may be the one on screen.
    addError(errors, 'email', CONTACT_REQUIRED);
    addError(errors, 'phone_number', CONTACT_REQUIRED);
  }

  if (input.password || opts.passwordRequired) {
    const error = passwordError(input.password);
    if (error) addError(errors, 'password', error);
  }

  const usernameError = usernameFormatError(input.username);
  if (usernameError) addError(errors, 'username', usernameError);
  else if (await usernameTaken(ctx, input.username)) addError(errors, 'username', USERNAME_TAKEN);

  const nameError = fullNameError(cleanFullName(input.first_name));
  if (nameError) addError(errors, 'first_name', nameError);

  return { errors, existingAccount, email, phone, username: normalizeUsername(input.username) };
}

/** Inserts a checked signup; returns the new user id, or null when a concurrent signup won. */
export async function createAccount(
  ctx: AppContext,
  check: SignupCheck,
  input: SignupInput,
  extra: { fb_id?: string; email_confirmed?: boolean } = {},
): Promise<string | null> {
  const id = newId();
  const now = ctx.now();
  // External signups may skip the password; a random one keeps the account closed to password
  // login until the member sets one through password reset.
  const password = input.password || randomToken(32);
  try {
    await ctx.db
      .insertInto('users')
      .values({
        id,
        username: check.username,
        full_name: cleanFullName(input.first_name),
        email: check.email,
        email_confirmed: extra.email_confirmed && check.email ? 1 : 0,
        phone_number: check.phone,
        password_hash: await hashPassword(password),
        biography: '',
        external_url: '',
        gender: 3,
        profile_pic_key: null,
        is_private: 0,
        is_verified: 0,
        is_business: 0,
        chaining_enabled: 1,
        two_factor_enabled: 0,
        comment_filter: 0,
        comment_filter_keywords: '',
        fb_id: extra.fb_id ?? null,
        activity_checked_at: now,
        is_active: 1,
        created_at: now,
      })
      .execute();
  } catch {
    // A unique constraint (username, email, phone, fb_id) lost a race with another signup; the
    // caller re-runs the checks to tell the user which field.
    return null;
  }
  return id;
}
