// Settings calls (accounts-platform §7): profile edit, password change, email preferences,
// comment filtering, authorised apps, contact history, deactivation and the profile picture.
// Settings paths answer JSON with ?__a=1 and the app page otherwise (server/routes/settings.ts).
import { apiGet, apiPost, type RequestOptions, type UploadProgress } from './client';
import { graphQuery } from './graph';
import type { WireViewer } from './types';

/** Spec §3 settings form data, as the server sends it. gender: 1 male, 2 female, 3 not said. */
export interface SettingsFormData {
  first_name: string;
  email: string;
  username: string;
  phone_number: string;
  gender: number;
  biography: string;
  external_url: string;
  chaining_enabled: boolean;
  private_account: boolean;
  business_account: boolean;
}

/** Spec §3 profile edit payload: the form data without the business flag. */
export type ProfileEditPayload = Omit<SettingsFormData, 'business_account'>;

/** checked 2 means subscribed, 1 not (spec §3). */
export interface EmailPreference {
  name: string;
  label: string;
  checked: number;
}

export interface AppAuthorization {
  app_name: string;
  app_description: string;
  scopes: string[];
  token: string;
}

export interface CommentFilterData {
  config_value: number;
  keywords: string[];
}

/** Spec §3 contact history entry: raw_value and its node id. */
export interface ContactHistoryEntry {
  id: string;
  raw_value: string;
}

export interface ProfilePictureResult {
  changed_profile: boolean;
  profile_pic_to_post_upsell_eligible: boolean;
  profile_pic_url: string;
  profile_pic_url_hd: string;
  has_profile_pic: boolean;
}

const flag = (on: boolean) => (on ? '1' : '0');

export function fetchSettingsFormData(opts?: RequestOptions): Promise<SettingsFormData> {
  return apiGet<{ form_data: SettingsFormData }>('/accounts/edit/', { __a: 1 }, opts).then(
    (body) => body.form_data,
  );
}

export function saveProfileEdit(
  payload: ProfileEditPayload,
): Promise<{ form_data: SettingsFormData; user: WireViewer }> {
  return apiPost('/accounts/edit/', {
    ...payload,
    chaining_enabled: flag(payload.chaining_enabled),
    private_account: flag(payload.private_account),
  });
}

export interface ProfileEditCheck {
  dryrun_passed: boolean;
  errors: Record<string, { message: string; code?: string }[] | undefined>;
}

/** A dry run of the profile edit: the server's checks of the sent fields, nothing saved. */
export function checkProfileEdit(
  fields: Partial<Pick<ProfileEditPayload, 'username'>>,
  opts?: RequestOptions,
): Promise<ProfileEditCheck> {
  return apiPost('/accounts/web_edit_ajax/attempt/', fields, opts);
}

export function changePassword(
  oldPassword: string,
  newPassword: string,
  confirmation: string,
): Promise<unknown> {
  return apiPost('/accounts/password/change/', {
    old_password: oldPassword,
    new_password1: newPassword,
    new_password2: confirmation,
  });
}

export function fetchEmailPreferences(opts?: RequestOptions): Promise<EmailPreference[]> {
  return apiGet<{ email_preferences: EmailPreference[] }>(
    '/accounts/emailpreferences/',
    { __a: 1 },
    opts,
  ).then((body) => body.email_preferences);
}

export function setEmailPreference(name: string, subscribed: boolean): Promise<unknown> {
  return apiPost('/accounts/emailpreferences/', { name, subscribed: flag(subscribed) });
}

export function fetchCommentFilter(opts?: RequestOptions): Promise<CommentFilterData> {
  return apiGet<CommentFilterData>('/accounts/comment_filter/', { __a: 1 }, opts);
}

export function setCommentFilter(on: boolean): Promise<unknown> {
  return apiPost('/accounts/set_comment_filter_web/', { config_value: flag(on) });
}

/** Keywords go as one comma-separated string; the server answers the stored, sorted list. */
export function setCommentFilterKeywords(keywords: string): Promise<{ keywords: string[] }> {
  return apiPost('/accounts/set_comment_filter_keywords_web/', { keywords });
}

export function fetchAppAuthorizations(opts?: RequestOptions): Promise<AppAuthorization[]> {
  return apiGet<{ app_authorizations: AppAuthorization[] }>(
    '/accounts/manage_access/',
    { __a: 1 },
    opts,
  ).then((body) => body.app_authorizations);
}

export function revokeAppAccess(token: string): Promise<unknown> {
  return apiPost('/oauth/revoke_access/', { token });
}

export function fetchContactHistory(opts?: RequestOptions): Promise<ContactHistoryEntry[]> {
  return graphQuery<{ viewer: { contact_history: ContactHistoryEntry[] } }>(
    'contactHistory',
    {},
    opts,
  ).then((data) => data.viewer.contact_history);
}

export function deleteContacts(nodeIds: string[]): Promise<{ deleted_count: number }> {
  return apiPost('/accounts/delete_contacts/', { node_ids: JSON.stringify(nodeIds) });
}

export function deactivateAccount(reason: string, password: string): Promise<unknown> {
  return apiPost('/accounts/remove/request/temporary/', { 'deletion-reason': reason, password });
}

/** Uploads a new picture (multipart profile_pic) with progress. */
export function uploadProfilePicture(
  file: File,
  onUploadProgress: (progress: UploadProgress) => void,
): Promise<ProfilePictureResult> {
  const form = new FormData();
  form.append('profile_pic', file);
  return apiPost<ProfilePictureResult>('/accounts/web_change_profile_picture/', form, {
    onUploadProgress,
  });
}

/** An empty body removes the current picture. */
export function removeProfilePicture(): Promise<ProfilePictureResult> {
  return apiPost<ProfilePictureResult>('/accounts/web_change_profile_picture/');
}
