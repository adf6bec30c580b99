// External (social) signup: the provider's profile prefills the form; the email/phone-taken check
// and the linked account come from /accounts/fb_linked_account/.
import { proxy } from 'valtio';
import { login, usernameSuggestions, type SignupResponse } from '../api/accounts';
import { isAbortError } from '../api/client';
import {
  externalLinkedAccount,
  externalSignup,
  externalSignupDryRun,
  type ExternalSignupPayload,
} from '../api/external';
import { fullPageLoad } from '../lib/navigation';
import { firstError, GENERIC_SIGNUP_MESSAGE } from '../state/signupRules';
import { getExternalLoginProvider, type ExternalProfile } from '../lib/externalProvider';
import { safeNext } from '../lib/safeNext';
import { logAuthEvent } from './authEvents';
import { storeLoginNonce } from './oneTap';

export type ExternalSignupField = 'fullName' | 'username' | 'email' | 'password';
const SERVER_KEYS: Record<ExternalSignupField, string> = {
  fullName: 'first_name',
  username: 'username',
  email: 'email',
  password: 'password',
};

interface ExternalSignupState {
  token: string | null;
  profile: ExternalProfile | null;
  form: Record<ExternalSignupField, string>;
  errors: Partial<Record<ExternalSignupField, string>>;
  emailTaken: boolean;
  phoneTaken: boolean;
  /** The member already linked to this provider identity (spec: igAccount). */
  linkedAccount: { username: string; profilePicUrl: string } | null;
  usernameSuggestions: string[];
  otherError: string | null;
  submitting: boolean;
  lastResultKey: string | null;
  /** After a failed submit its errors stay until the next submit (spec §4), whatever dry runs say. */
  stickyErrors: boolean;
}

const initial = (): ExternalSignupState => ({
  token: null,
  profile: null,
  form: { fullName: '', username: '', email: '', password: '' },
  errors: {},
  emailTaken: false,
  phoneTaken: false,
  linkedAccount: null,
  usernameSuggestions: [],
  otherError: null,
  submitting: false,
  lastResultKey: null,
  stickyErrors: false,
});

export const externalSignupState = proxy<ExternalSignupState>(initial());

let dryRunController: AbortController | null = null;

export function resetExternalSignup(): void {
  dryRunController?.abort();
  dryRunController = null;
  Object.assign(externalSignupState, initial());
}

/** Fetches the provider profile and the taken/linked checks, and prefills the form. */
export async function prepareExternalSignup(token: string): Promise<void> {
  const provider = getExternalLoginProvider();
  if (!provider) throw new Error('no provider');
  const [profile, linked] = await Promise.all([
    provider.profile(token),
    externalLinkedAccount(token),
  ]);
  const suggestions = await usernameSuggestions(profile.email ?? '', profile.name).catch(() => ({
    suggestions: [] as string[],
  }));
  Object.assign(externalSignupState, initial(), {
    token,
    profile,
    form: {
      fullName: profile.name,
      username: suggestions.suggestions?.[0] ?? '',
      email: linked.email_taken ? '' : (profile.email ?? ''),
      password: '',
    },
    emailTaken: linked.email_taken,
    phoneTaken: linked.phone_taken,
    linkedAccount: linked.fb_linked_account
      ? {
          username: linked.fb_linked_account.username,
          profilePicUrl: linked.fb_linked_account.profile_pic_url,
        }
      : null,
    usernameSuggestions: suggestions.suggestions ?? [],
  });
}

export function setExternalSignupField(field: ExternalSignupField, value: string): void {
  externalSignupState.form[field] = value;
}

function payload(): ExternalSignupPayload {
  const { form, token } = externalSignupState;
  return {
    fb_access_token: token ?? '',
    first_name: form.fullName.trim(),
    username: form.username.trim(),
    password: form.password,
    email: form.email.trim(),
  };
}

function applyErrors(response: SignupResponse, isDryRun: boolean, sentKey: string): void {
  const errors: ExternalSignupState['errors'] = {};
  for (const field of Object.keys(SERVER_KEYS) as ExternalSignupField[]) {
    const error = firstError(response.errors?.[SERVER_KEYS[field]]);
    if (error) errors[field] = error.message;
  }
  externalSignupState.errors = errors;
  if (response.username_suggestions?.length) {
    externalSignupState.usernameSuggestions = response.username_suggestions;
  }
  const general = firstError(response.errors?.__all__);
  externalSignupState.otherError =
    !isDryRun && Object.keys(errors).length === 0
      ? (general?.message ?? GENERIC_SIGNUP_MESSAGE)
      : (general?.message ?? null);
  externalSignupState.lastResultKey = sentKey;
}

/** Dry run on field change, as for the web signup: only when the form changed, aborting the last. */
export async function runExternalSignupDryRun(): Promise<void> {
  const key = JSON.stringify(externalSignupState.form);
  if (externalSignupState.submitting || !externalSignupState.token) return;
  if (key === externalSignupState.lastResultKey) return;
  dryRunController?.abort();
  const controller = new AbortController();
  dryRunController = controller;
  try {
    const response = await externalSignupDryRun(payload(), { signal: controller.signal });
    if (controller.signal.aborted || externalSignupState.submitting) return;
    // An answer about older values never shows; nor does one over a failed submit's errors.
    if (JSON.stringify(externalSignupState.form) !== key || externalSignupState.stickyErrors)
      return;
    if (response.code === undefined) applyErrors(response, true, key);
  } catch (error) {
    if (!isAbortError(error)) externalSignupState.lastResultKey = null;
  }
}

export async function submitExternalSignup(next: string | null): Promise<void> {
  if (externalSignupState.submitting || !externalSignupState.token) return;
  dryRunController?.abort();
  externalSignupState.submitting = true;
  externalSignupState.otherError = null;
  externalSignupState.stickyErrors = false;
  const sentKey = JSON.stringify(externalSignupState.form);
  try {
    const response = await externalSignup(payload());
    if (response.account_created) {
      logAuthEvent({ name: 'signup_success', method: 'external' });
      fullPageLoad(safeNext(next));
      return;
    }
    if (response.code === 3) {
      // The email and password belong to an existing account: log in with them.
      const result = await login(externalSignupState.form.email, externalSignupState.form.password);
      if (result.authenticated) {
        if (result.userId && result.login_nonce) storeLoginNonce(result.userId, result.login_nonce);
        fullPageLoad(safeNext(next));
        return;
      }
    }
    applyErrors(response, false, sentKey);
    externalSignupState.stickyErrors = true;
    logAuthEvent({ name: 'signup_error', type: response.error_type ?? 'form_validation_error' });
  } catch {
    externalSignupState.otherError = GENERIC_SIGNUP_MESSAGE;
    externalSignupState.stickyErrors = true;
  } finally {
    externalSignupState.submitting = false;
  }
}
