// Settings state (accounts-platform §3 "Settings form data", "Settings state"; §4 Settings; §8):
// the form data from the server, the uncommitted profile and password edits, saving flags and the
// toast status. Transitions are plain functions on a SettingsState so tests can drive them without
// a network; the async actions at the bottom call the server and then apply them.
import { proxy } from 'valtio';
import { isAbortError, RequestError, serverMessage } from '../api/client';
import {
  changePassword,
  fetchSettingsFormData,
  saveProfileEdit,
  type ProfileEditPayload,
  type SettingsFormData,
} from '../api/settings';
import { requestPasswordReset } from '../api/accounts';
import { setViewer } from '../lib/sharedData';
import { showToast } from './toast';

/** The profile's text limits, shared with the server. */
export { BIOGRAPHY_MAX_LENGTH, FULL_NAME_MAX_LENGTH } from '../../common/limits';

export type Resource<T> =
  { status: 'loading' } | { status: 'error'; error: string } | { status: 'ready'; data: T };

/** Spec §3 toast status: none, success, or error with errorMessage. */
export type ToastStatus =
  { kind: 'none' } | { kind: 'success' } | { kind: 'error'; errorMessage: string };

/** The editable profile fields, named as the settings state names them. */
export interface ProfileFields {
  fullName: string;
  username: string;
  bio: string;
  website: string;
  email: string;
  phoneNumber: string;
  gender: number;
  chainingEnabled: boolean;
  privateAccount: boolean;
}

export interface PasswordFields {
  old: string;
  new: string;
  confirm: string;
}

export interface SettingsState {
  formData: Resource<SettingsFormData>;
  profile: ProfileFields;
  password: PasswordFields;
  savingProfile: boolean;
  savingPassword: boolean;
  toast: ToastStatus;
  /** The server's message per field from the last failed profile save (cleared on edit). */
  profileErrors: Partial<Record<keyof ProfileFields, string>>;
  /** "Forgot password?" on the change-password page: a reset link sent to the member. */
  passwordResetStatus: PasswordResetStatus;
  /** The server's message per field from the last refused password change (cleared on edit). */
  passwordErrors: Partial<Record<keyof PasswordFields, string>>;
}

export type PasswordResetStatus =
  | { kind: 'none' }
  | { kind: 'sending' }
  | { kind: 'sent'; message: string }
  | { kind: 'error'; errorMessage: string };

export const PROFILE_SAVED = 'Profile saved.';
export const PROFILE_SAVE_FAILED = "Your profile couldn't be saved. Please try again.";
export const PASSWORD_CHANGED = 'Password changed.';
export const PASSWORD_CHANGE_FAILED = "Your password couldn't be changed. Please try again.";
export const PASSWORDS_DIFFER = 'Please make sure both passwords match.';
export const PASSWORD_RESET_SENT = 'We sent you a link to reset your password.';
export const PASSWORD_RESET_FAILED = "We couldn't send a reset link. Please try again.";
export const PASSWORD_FIELDS_MISSING = 'Enter your old password and your new password twice.';

const emptyPassword = (): PasswordFields => ({ old: '', new: '', confirm: '' });

export function profileFromFormData(data: SettingsFormData): ProfileFields {
  return {
    fullName: data.first_name,
    username: data.username,
    bio: data.biography,
    website: data.external_url,
    email: data.email,
    phoneNumber: data.phone_number,
    gender: data.gender,
    chainingEnabled: data.chaining_enabled,
    privateAccount: data.private_account,
  };
}

export function initialSettingsState(): SettingsState {
  return {
    formData: { status: 'loading' },
    profile: profileFromFormData({
      first_name: '',
      email: '',
      username: '',
      phone_number: '',
      gender: 3,
      biography: '',
      external_url: '',
      chaining_enabled: true,
      private_account: false,
      business_account: false,
    }),
    password: emptyPassword(),
    savingProfile: false,
    savingPassword: false,
    toast: { kind: 'none' },
    passwordResetStatus: { kind: 'none' },
    profileErrors: {},
    passwordErrors: {},
  };
}

export const settingsState = proxy<SettingsState>(initialSettingsState());

/** Spec §3 profile edit payload from the edited fields. */
export function profilePayload(fields: ProfileFields): ProfileEditPayload {
  return {
    first_name: fields.fullName,
    email: fields.email,
    username: fields.username,
    phone_number: fields.phoneNumber,
    gender: fields.gender,
    biography: fields.bio,
    external_url: fields.website,
    chaining_enabled: fields.chainingEnabled,
    private_account: fields.privateAccount,
  };
}

/** True when the edits differ from what the server last confirmed. */
export function isProfileDirty(state: SettingsState): boolean {
  if (state.formData.status !== 'ready') return false;
  const saved = profileFromFormData(state.formData.data);
  return (Object.keys(saved) as (keyof ProfileFields)[]).some((k) => saved[k] !== state.profile[k]);
}

/** The form data arrived: the edits start from it. */
export function formDataLoaded(state: SettingsState, data: SettingsFormData): void {
  state.formData = { status: 'ready', data };
  state.profile = profileFromFormData(data);
}

/**
 * Newer form data from the server (a reload, a switch saved on another page): fields the member
 * has not edited follow it; uncommitted edits are kept.
 */
export function formDataRefreshed(state: SettingsState, data: SettingsFormData): void {
  if (state.formData.status !== 'ready') {
    formDataLoaded(state, data);
    return;
  }
  const before = profileFromFormData(state.formData.data);
  const after = profileFromFormData(data);
  const profile = state.profile as unknown as Record<string, unknown>;
  for (const key of Object.keys(after) as (keyof ProfileFields)[]) {
    if (state.profile[key] === before[key]) profile[key] = after[key];
  }
  state.formData = { status: 'ready', data };
}

export function formDataFailed(state: SettingsState, error: string): void {
  state.formData = { status: 'error', error };
}

export function profileFieldEdited<K extends keyof ProfileFields>(
  state: SettingsState,
  field: K,
  value: ProfileFields[K],
): void {
  state.profile[field] = value;
  delete state.profileErrors[field];
}

/** Wire field names of the profile edit payload → the edited fields they check. */
const PROFILE_WIRE_FIELDS: Record<string, keyof ProfileFields> = {
  first_name: 'fullName',
  username: 'username',
  external_url: 'website',
  biography: 'bio',
  email: 'email',
  phone_number: 'phoneNumber',
  gender: 'gender',
  chaining_enabled: 'chainingEnabled',
  private_account: 'privateAccount',
};

/** `errors: {wire field: [{message}]}` from a 400 answer, by form field (first message each). */
function fieldErrorsFrom<F extends string>(
  error: unknown,
  wireFields: Record<string, F>,
): Partial<Record<F, string>> {
  const parsed = error instanceof RequestError ? error.parsed : null;
  const errors = (parsed as { errors?: unknown } | null)?.errors;
  const out: Partial<Record<F, string>> = {};
  if (!errors || typeof errors !== 'object') return out;
  for (const [wire, list] of Object.entries(errors as Record<string, unknown>)) {
    const field = wireFields[wire];
    const first: unknown = Array.isArray(list) ? list[0] : null;
    const message = (first as { message?: unknown } | null)?.message;
    if (field && typeof message === 'string' && message) out[field] = message;
  }
  return out;
}

/** A refused profile save's messages, by edited field. */
export function profileErrorsFrom(error: unknown): SettingsState['profileErrors'] {
  return fieldErrorsFrom(error, PROFILE_WIRE_FIELDS);
}

export function profileSaveStarted(state: SettingsState): void {
  state.savingProfile = true;
  state.toast = { kind: 'none' };
}

/** The server's form data becomes the committed values and the new starting point of the edits. */
export function profileSaveSucceeded(state: SettingsState, data: SettingsFormData): void {
  state.profileErrors = {};
  state.savingProfile = false;
  formDataLoaded(state, data);
  state.toast = { kind: 'success' };
}

/** The edits stay so the member can correct them. */
export function profileSaveFailed(
  state: SettingsState,
  errorMessage: string,
  fieldErrors: SettingsState['profileErrors'] = {},
): void {
  state.savingProfile = false;
  state.toast = { kind: 'error', errorMessage };
  state.profileErrors = fieldErrors;
}

export function passwordFieldEdited(
  state: SettingsState,
  field: keyof PasswordFields,
  value: string,
): void {
  state.password[field] = value;
  delete state.passwordErrors[field];
}

/** The password change's wire field names, by form field. */
const PASSWORD_WIRE_FIELDS: Record<string, keyof PasswordFields> = {
  old_password: 'old',
  new_password1: 'new',
  new_password2: 'confirm',
};

/** Spec §5: old, new and confirmation are required (and must agree) before anything is sent. */
export function passwordChangeProblem(fields: PasswordFields): string | null {
  if (!fields.old || !fields.new || !fields.confirm) return PASSWORD_FIELDS_MISSING;
  if (fields.new !== fields.confirm) return PASSWORDS_DIFFER;
  return null;
}

/** What each empty field says when Change password is pressed before the form is complete. */
export const PASSWORD_FIELD_EMPTY: Record<keyof PasswordFields, string> = {
  old: 'Enter your old password.',
  new: 'Enter a new password.',
  confirm: 'Enter the new password again.',
};

/**
 * Change password pressed (or Enter in a field) while the form cannot be sent: each empty field
 * says so, and the first field to fix is returned for the focus (a mismatch: the confirmation,
 * whose hint already says why).
 */
export function explainPasswordProblem(state: SettingsState): keyof PasswordFields | null {
  const fields = state.password;
  const empty = (['old', 'new', 'confirm'] as const).filter((field) => !fields[field]);
  for (const field of empty) state.passwordErrors[field] = PASSWORD_FIELD_EMPTY[field];
  if (empty.length > 0) return empty[0];
  return passwordChangeProblem(fields) === PASSWORDS_DIFFER ? 'confirm' : null;
}

export function passwordChangeStarted(state: SettingsState): void {
  state.savingPassword = true;
  state.toast = { kind: 'none' };
  state.passwordErrors = {};
}

export function passwordChangeSucceeded(state: SettingsState): void {
  state.savingPassword = false;
  state.password = emptyPassword();
  state.toast = { kind: 'success' };
}

export function passwordChangeFailed(state: SettingsState, errorMessage: string): void {
  state.savingPassword = false;
  state.toast = { kind: 'error', errorMessage };
}

/** Any settings toast: success or error, as the status the spec keeps plus the visible toast. */
export function reportSuccess(text: string): void {
  settingsState.toast = { kind: 'success' };
  showToast({ text });
}

export function reportFailure(errorMessage: string, retry?: () => void): void {
  settingsState.toast = { kind: 'error', errorMessage };
  showToast(
    retry ? { text: errorMessage, actionText: 'Retry', onAction: retry } : { text: errorMessage },
  );
}

/** The server's message if its JSON body has one, else the default. */
export const failureMessage = (error: unknown, fallback: string) =>
  serverMessage(error) ?? fallback;

// ── Async actions ──────────────────────────────────────────────────────────────────────────

export async function loadSettingsForm(signal?: AbortSignal): Promise<void> {
  try {
    formDataRefreshed(settingsState, await fetchSettingsFormData({ signal }));
  } catch (e) {
    if (isAbortError(e)) return;
    formDataFailed(settingsState, failureMessage(e, "Your settings couldn't be loaded."));
  }
}

/** Saves the given fields (the page's edits by default) and makes them the committed values. */
export async function saveProfile(fields: ProfileFields = settingsState.profile): Promise<boolean> {
  if (settingsState.savingProfile) return false;
  profileSaveStarted(settingsState);
  try {
    const { form_data: data, user } = await saveProfileEdit(profilePayload(fields));
    profileSaveSucceeded(settingsState, data);
    // The nav, profile link and avatar follow the new username and name at once.
    if (user) setViewer(user);
    showToast({ text: PROFILE_SAVED });
    return true;
  } catch (e) {
    const message = failureMessage(e, PROFILE_SAVE_FAILED);
    const fieldErrors = profileErrorsFrom(e);
    profileSaveFailed(settingsState, message, fieldErrors);
    // Spec §8: the toast carries the server's message (or the default); field problems also
    // show under their fields.
    showToast({ text: message });
    return false;
  }
}

/** Sends a reset link to the logged-in member (for one who forgot the old password). */
export async function sendPasswordResetLink(username: string): Promise<boolean> {
  if (settingsState.passwordResetStatus.kind === 'sending') return false;
  settingsState.passwordResetStatus = { kind: 'sending' };
  try {
    const answer = await requestPasswordReset(username);
    const message = answer.message || PASSWORD_RESET_SENT;
    settingsState.passwordResetStatus = { kind: 'sent', message };
    reportSuccess(message);
    return true;
  } catch (e) {
    const errorMessage = failureMessage(e, PASSWORD_RESET_FAILED);
    settingsState.passwordResetStatus = { kind: 'error', errorMessage };
    reportFailure(errorMessage, () => void sendPasswordResetLink(username));
    return false;
  }
}

export async function submitPasswordChange(): Promise<boolean> {
  if (settingsState.savingPassword) return false;
  const fields = { ...settingsState.password };
  const problem = passwordChangeProblem(fields);
  if (problem) {
    passwordChangeFailed(settingsState, problem);
    showToast({ text: problem });
    return false;
  }
  passwordChangeStarted(settingsState);
  try {
    await changePassword(fields.old, fields.new, fields.confirm);
    passwordChangeSucceeded(settingsState);
    showToast({ text: PASSWORD_CHANGED });
    return true;
  } catch (e) {
    const message = failureMessage(e, PASSWORD_CHANGE_FAILED);
    passwordChangeFailed(settingsState, message);
    settingsState.passwordErrors = fieldErrorsFrom(e, PASSWORD_WIRE_FIELDS);
    // Spec §8: a password change failure's toast offers Retry (with whatever the form then holds).
    showToast({ text: message, actionText: 'Retry', onAction: () => void submitPasswordChange() });
    return false;
  }
}
