/**
 * Tables of accounts and their settings around the content: promotions, sign-up and login codes,
 * the SMS outbox, uploads, preferences, connected apps and contacts, dismissals, provider links,
 * push registrations. schema.ts re-exports them and lists every table in `Database`.
 */
import type { Generated } from 'kysely';

type Flag = 0 | 1;

export interface PromotionsTable {
  id: string;
  surface: string;
  priority: number;
  start_time: number;
  end_time: number;
  max_impressions: number;
  template: string; // JSON: template, creatives, actions, image, triggers
}

export interface VerificationCodesTable {
  id: Generated<number>;
  purpose: string; // signup_sms | two_factor | password_reset
  target: string; // phone number, identifier or email
  code_hash: string;
  created_at: number;
  expires_at: number;
  used: Flag;
  /** The email address a password reset link was mailed to; null when it went by SMS. */
  sent_to: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: string; // sms | email
  recipient: string;
  body: string;
  code: string | null;
  created_at: number;
}

export interface LoginNoncesTable {
  user_id: string;
  nonce_hash: string;
  created_at: number;
}

export interface UploadsTable {
  upload_id: string;
  user_id: string;
  storage_key: string;
  width: number;
  height: number;
  created_at: number;
  /** Bytes the file holds or will hold (a tus upload's declared length): counts to the quota. */
  size: number;
}

export interface EmailPreferencesTable {
  user_id: string;
  name: string;
  subscribed: Flag;
}

export interface AppAuthorizationsTable {
  token: string;
  user_id: string;
  app_name: string;
  app_description: string;
  scopes: string; // comma-joined
}

export interface ContactsTable {
  id: string;
  user_id: string;
  raw_value: string;
}

/** A suggestion the viewer dismissed; chaining_user_id is null for suggested users (aysf). */
export interface SuggestionDismissalsTable {
  viewer_id: string;
  target_id: string;
  chaining_user_id: string | null; // the profile whose chaining row it was dismissed from
  created_at: number;
}

/** A provider identity to link once its login passes two-factor (migration 007). */
export interface HeldProviderLinksTable {
  target: string; // the two-factor challenge's verification_codes target
  fb_id: string;
  expires_at: number;
}

export interface PushRegistrationsTable {
  device_token: string;
  user_id: string;
  device_type: string; // 'web'
  mid: string | null;
  updated_at: number;
}

/** One row per media type the member chose (accounts §3 "Zero-rating preference"). */
export interface ZeroRatingPreferencesTable {
  user_id: string;
  media_type: string;
  updated_at: number;
}
