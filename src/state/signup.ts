import { proxy } from 'valtio';
import {
  isTwoFactorRequired,
  login,
  signup,
  signupDryRun,
  type SignupResponse,
} from '../api/accounts';
import { RequestError, isAbortError } from '../api/client';
import { fullPageLoad } from '../lib/navigation';
import {
  GENERIC_SIGNUP_MESSAGE,
  contactKind,
  emptyFieldResults,
  emptySignupForm,
  fieldResults,
  formKey,
  otherError,
  signupPayload,
  type FieldResult,
  type FieldResults,
  type SignupField,
  type SignupForm,
} from '../state/signupRules';
import { safeNext } from '../lib/safeNext';
import { registerAuthFormReset } from './authForm';
import { logAuthEvent } from './authEvents';
import { storeLoginNonce } from './oneTap';

/** Spec §4 phone signup steps: details → code sent → code entered → confirmed. */
export type PhoneStep = 'details' | 'sendingCode' | 'enterCode' | 'changeNumber' | 'confirming';

export const EXISTING_ACCOUNT_CODE = 3;
export const EXISTING_ACCOUNT_LOGIN_FAILED =
  'An account with this email or phone number already exists. Log in instead.';

interface SignupState {
  form: SignupForm;
  focusedField: SignupField | null;
  /** Fields that were focused and then left. */
  leftFields: SignupField[];
  fields: FieldResults;
  /** formKey() of the form the last result belongs to. */
  lastResultKey: string | null;
  dryRunInFlight: boolean;
  /** The real call (or the phone flow's check, SMS and confirm calls) is in flight. */
  submitting: boolean;
  /** After a failed submit errors show whatever the focus, until the next submit. */
  stickyErrors: boolean;
  /** The failed submit's per-field results: what shows while stickyErrors holds (dry runs that
   * run meanwhile update `fields`, never these). */
  stickyFields: FieldResults | null;
  otherError: string | null;
  usernameSuggestions: string[];
  phoneStep: PhoneStep;
  /** Every step the phone signup went through, in order (spec: "the steps are tracked"). */
  phoneSteps: PhoneStep[];
  codeSentTo: string | null;
  codeError: { message: string; code: string | number | null } | null;
  codeNotice: string | null;
  newPhone: string;
}

function newClientId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
}

const initial = (): SignupState => ({
  form: { ...emptySignupForm(), clientId: newClientId() },
  focusedField: null,
  leftFields: [],
  fields: emptyFieldResults(),
  lastResultKey: null,
  dryRunInFlight: false,
  submitting: false,
  stickyErrors: false,
  stickyFields: null,
  otherError: null,
  usernameSuggestions: [],
  phoneStep: 'details',
  phoneSteps: ['details'],
  codeSentTo: null,
  codeError: null,
  codeNotice: null,
  newPhone: '',
});

export const signupState = proxy<SignupState>(initial());

let dryRunController: AbortController | null = null;

export function abortDryRun(): void {
  dryRunController?.abort();
  dryRunController = null;
  signupState.dryRunInFlight = false;
}

export function resetSignup(): void {
  abortDryRun();
  Object.assign(signupState, initial());
}

registerAuthFormReset('signup', resetSignup);
registerAuthFormReset('captcha', () => {
  signupState.form.captcha = '';
});

export function setSignupField(field: keyof SignupForm, value: string): void {
  signupState.form[field] = value;
}

export function focusSignupField(field: SignupField): void {
  signupState.focusedField = field;
}

export function leaveSignupField(field: SignupField): void {
  if (signupState.focusedField === field) signupState.focusedField = null;
  if (!signupState.leftFields.includes(field)) signupState.leftFields.push(field);
}

export function goToPhoneStep(step: PhoneStep): void {
  if (signupState.phoneStep === step) return;
  signupState.phoneStep = step;
  signupState.phoneSteps.push(step);
  logAuthEvent({ name: 'signup_phone_step', step });
}

/**
 * Applies a server answer to the fields. `sent` is the form the call carried: each result records
 * the input it is about, so an answer that lands after the member changed a field never shows
 * against the new input. A dry run leaves the submit's sticky errors and message alone.
 */
export function applySignupResult(
  response: SignupResponse,
  isDryRun: boolean,
  sent: SignupForm = signupState.form,
): FieldResults {
  const results = fieldResults(response.errors, sent);
  signupState.fields = results;
  signupState.lastResultKey = formKey(sent);
  if (response.username_suggestions?.length) {
    signupState.usernameSuggestions = response.username_suggestions;
  } else if (!results.username.error && !signupState.stickyFields?.username.error) {
    signupState.usernameSuggestions = [];
  }
  if (!isDryRun) {
    signupState.otherError = otherError(response.errors, results, false)?.message ?? null;
  }
  return results;
}

/** A refusal that sticks on one field until the next submit (say the SMS could not be sent). */
export function stickFieldError(field: SignupField, error: FieldResult): void {
  signupState.fields[field] = error;
  signupState.stickyFields = {
    ...(signupState.stickyFields ?? signupState.fields),
    [field]: error,
  };
  signupState.stickyErrors = true;
}

/**
 * Spec §4: a dry run on field change, only when the form differs from the last result and no
 * request is in flight; an earlier dry run still running is aborted.
 */
export async function runSignupDryRun(): Promise<void> {
  if (signupState.submitting) return;
  const sent = { ...signupState.form };
  const key = formKey(sent);
  if (key === signupState.lastResultKey) return;
  dryRunController?.abort();
  const controller = new AbortController();
  dryRunController = controller;
  signupState.dryRunInFlight = true;
  try {
    const response = await signupDryRun(signupPayload(sent), { signal: controller.signal });
    if (controller.signal.aborted || signupState.submitting) return;
    // Existing-account answers carry no field errors: nothing to show while typing.
    applySignupResult(response, true, sent);
  } catch (error) {
    // Aborted: a newer dry run owns the result. Failed: the real submit reports it.
    if (!isAbortError(error)) signupState.lastResultKey = null;
  } finally {
    if (dryRunController === controller) {
      dryRunController = null;
      signupState.dryRunInFlight = false;
    }
  }
}

/** Spec §4: code 3 — an account with these credentials exists — logs in with them. */
async function logInWithSignupCredentials(next: string | null): Promise<void> {
  try {
    const result = await login(signupState.form.emailOrPhone, signupState.form.password);
    if (result.authenticated) {
      if (result.userId && result.login_nonce) storeLoginNonce(result.userId, result.login_nonce);
      fullPageLoad(safeNext(next));
      return;
    }
  } catch (error) {
    if (!(error instanceof RequestError && isTwoFactorRequired(error.parsed))) {
      signupState.otherError = GENERIC_SIGNUP_MESSAGE;
      return;
    }
  }
  signupState.otherError = EXISTING_ACCOUNT_LOGIN_FAILED;
}

/**
 * Handles a real signup answer. Returns true when the flow moved on (created or logging in);
 * false when errors are now on screen (sticky until the next submit).
 */
export async function handleSignupAnswer(
  response: SignupResponse,
  next: string | null,
  sent: SignupForm = signupState.form,
): Promise<boolean> {
  if (response.account_created) {
    logAuthEvent({
      name: 'signup_success',
      method: contactKind(signupState.form.emailOrPhone),
    });
    fullPageLoad(safeNext(next));
    return true;
  }
  if (response.code === EXISTING_ACCOUNT_CODE) {
    await logInWithSignupCredentials(next);
    return true;
  }
  signupState.stickyFields = applySignupResult(response, false, sent);
  signupState.stickyErrors = true;
  logAuthEvent({ name: 'signup_error', type: response.error_type ?? 'form_validation_error' });
  return false;
}

/** The start of every submit: earlier sticky errors go, a pending dry run is dropped. */
export function beginSubmit(): boolean {
  if (signupState.submitting) return false;
  abortDryRun();
  signupState.stickyErrors = false;
  signupState.stickyFields = null;
  signupState.otherError = null;
  signupState.submitting = true;
  return true;
}

/** Network failure: a generic error; the fields keep their values. */
export function failSubmit(error: unknown): void {
  if (isAbortError(error)) return;
  signupState.otherError = GENERIC_SIGNUP_MESSAGE;
}

/** Email signup; a phone number goes through the SMS steps (src/state/authSignupPhone.ts). */
export async function submitEmailSignup(next: string | null): Promise<void> {
  if (!beginSubmit()) return;
  // The form as it is at the click: what is sent, and what the answer's errors are about.
  const sent = { ...signupState.form };
  try {
    await handleSignupAnswer(await signup(signupPayload(sent)), next, sent);
  } catch (error) {
    failSubmit(error);
  } finally {
    signupState.submitting = false;
  }
}

export function chooseUsernameSuggestion(username: string): void {
  signupState.form.username = username;
  void runSignupDryRun();
}
