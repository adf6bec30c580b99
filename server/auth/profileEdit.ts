import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import {
  BIOGRAPHY_MAX_LENGTH,
  EMAIL_TAKEN,
  INVALID_PHONE,
  PHONE_TAKEN,
  addError,
  cleanFullName,
  emailError,
  externalUrlError,
  fullNameError,
  normalizeEmail,
  normalizeExternalUrl,
  normalizePhone,
  type FieldErrors,
} from './rules.ts';
import {
  USERNAME_TAKEN,
  normalizeUsername,
  usernameFormatError,
  usernameTaken,
} from './usernames.ts';

/** Spec §3 profile edit payload; absent fields stay as they are. Strings are already bounded. */
export interface ProfileEdit {
  first_name?: string;
  email?: string;
  username?: string;
  phone_number?: string;
  gender?: number;
  biography?: string;
  external_url?: string;
  chaining_enabled?: boolean;
  private_account?: boolean;
}

export type UserUpdate = Partial<
  Pick<
    UsersTable,
    | 'full_name'
    | 'email'
    | 'email_confirmed'
    | 'phone_number'
    | 'username'
    | 'gender'
    | 'biography'
    | 'external_url'
    | 'chaining_enabled'
    | 'is_private'
  >
>;

const flag = (on: boolean) => (on ? 1 : 0) as 0 | 1;

async function ownedByOther(
  ctx: AppContext,
  column: 'email' | 'phone_number',
  value: string,
  userId: string,
) {
  const row = await ctx.db
    .selectFrom('users')
    .select('id')
    .where(column === 'email' ? sql<string>`lower(email)` : 'phone_number', '=', value)
    .where('id', '!=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Checks a profile edit against the signup rules (plus bio and website) and returns the column
 * update, or the errors per field. Names and bios are stored verbatim: the client escapes them.
 */
export async function checkProfileEdit(
  ctx: AppContext,
  viewer: UsersTable,
  edit: ProfileEdit,
): Promise<{ errors: FieldErrors; update: UserUpdate }> {
  const errors: FieldErrors = {};
  const update: UserUpdate = {};

  if (edit.first_name !== undefined) {
    const name = cleanFullName(edit.first_name);
    const error = fullNameError(name);
    if (error) addError(errors, 'first_name', error);
    else update.full_name = name;
  }
  if (edit.username !== undefined && normalizeUsername(edit.username) !== viewer.username) {
    const error = usernameFormatError(edit.username);
    if (error) addError(errors, 'username', error);
    else if (await usernameTaken(ctx, edit.username, viewer.id)) {
      addError(errors, 'username', USERNAME_TAKEN);
    } else update.username = normalizeUsername(edit.username);
  }
  if (edit.email !== undefined) {
    const email = edit.email.trim();
    const error = email ? emailError(email) : null;
    if (error) addError(errors, 'email', error);
    else if (email && (await ownedByOther(ctx, 'email', normalizeEmail(email), viewer.id))) {
      addError(errors, 'email', EMAIL_TAKEN);
    } else {
      update.email = email ? normalizeEmail(email) : null;
      // A confirmation was for the old address: a new one is unproven until a mailed link.
      if (update.email !== (viewer.email && normalizeEmail(viewer.email))) {
        update.email_confirmed = 0;
      }
    }
  }
  if (edit.phone_number !== undefined) {
    const raw = edit.phone_number.trim();
    const phone = raw ? normalizePhone(raw) : null;
    if (raw && !phone) addError(errors, 'phone_number', INVALID_PHONE);
    else if (phone && (await ownedByOther(ctx, 'phone_number', phone, viewer.id))) {
      addError(errors, 'phone_number', PHONE_TAKEN);
    } else update.phone_number = phone;
  }
  const email = update.email !== undefined ? update.email : viewer.email;
  const phone = update.phone_number !== undefined ? update.phone_number : viewer.phone_number;
  if (!errors.email && !errors.phone_number && !email && !phone) {
    addError(errors, 'email', {
      message: 'Keep an email address or a phone number on your account.',
      code: 'email_or_phone_required',
    });
  }
  if (edit.gender !== undefined) {
    if (![1, 2, 3].includes(edit.gender)) {
      addError(errors, 'gender', { message: 'Choose a gender option.', code: 'invalid_gender' });
    } else update.gender = edit.gender;
  }
  if (edit.biography !== undefined) {
    if (edit.biography.length > BIOGRAPHY_MAX_LENGTH) {
      addError(errors, 'biography', {
        message: `Keep your bio to ${BIOGRAPHY_MAX_LENGTH} characters or fewer.`,
        code: 'biography_too_long',
      });
    } else update.biography = edit.biography;
  }
  if (edit.external_url !== undefined) {
    const message = externalUrlError(edit.external_url);
    if (message) addError(errors, 'external_url', { message, code: 'invalid_external_url' });
    else update.external_url = normalizeExternalUrl(edit.external_url);
  }
  if (edit.chaining_enabled !== undefined) update.chaining_enabled = flag(edit.chaining_enabled);
  if (edit.private_account !== undefined) update.is_private = flag(edit.private_account);
  return { errors, update };
}

/**
 * Applies a checked edit. Going public approves every pending follow request, as the requesters
 * could now follow without asking.
 */
export async function applyProfileEdit(ctx: AppContext, viewer: UsersTable, update: UserUpdate) {
  if (Object.keys(update).length > 0) {
    await ctx.db.updateTable('users').set(update).where('id', '=', viewer.id).execute();
  }
  if (viewer.is_private === 1 && update.is_private === 0) {
    const requests = await ctx.db
      .selectFrom('follow_requests')
      .select('requester_id')
      .where('target_id', '=', viewer.id)
      .execute();
    const now = ctx.now();
    for (const r of requests) {
      await ctx.db
        .insertInto('follows')
        .values({ follower_id: r.requester_id, followee_id: viewer.id, created_at: now })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await ctx.db.deleteFrom('follow_requests').where('target_id', '=', viewer.id).execute();
  }
  return ctx.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', viewer.id)
    .executeTakeFirstOrThrow();
}

/** Spec §3 settings form data, as GET /accounts/edit/?__a=1 answers it. */
export function formData(user: UsersTable) {
  return {
    first_name: user.full_name,
    email: user.email ?? '',
    username: user.username,
    phone_number: user.phone_number ?? '',
    gender: user.gender,
    biography: user.biography,
    external_url: user.external_url,
    chaining_enabled: user.chaining_enabled === 1,
    private_account: user.is_private === 1,
    business_account: user.is_business === 1,
  };
}
