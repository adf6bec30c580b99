// Pure signup rules (accounts-platform §4–§5): what is sent, how server errors map onto the form's
// fields, when a dry run passes and which errors are visible. The store (src/state/signup.ts)
// applies them; tests call them directly.
import type {
  SignupPayload,
  SignupResponse,
  WireFieldError,
  WireFieldErrors,
} from '../api/accounts';
import { looksLikeEmail, looksLikePhone } from '../lib/identifier';

export type SignupField = 'emailOrPhone' | 'fullName' | 'username' | 'password';
export const SIGNUP_FIELDS: readonly SignupField[] = [
  'emailOrPhone',
  'fullName',
  'username',
  'password',
];

/** Spec §3 signup form. */
export interface SignupForm {
  emailOrPhone: string;
  fullName: string;
  username: string;
  password: string;
  captcha: string;
  smsCode: string;
  clientId: string;
}

/** Spec §3 signup result, per field. */
export interface FieldResult {
  error: string | null;
  errorCode: string | number | null;
  validated: boolean;
  /** The input the result is about: once the member edits it, the result is stale. */
  value: string;
}

export type FieldResults = Record<SignupField, FieldResult>;

export const GENERIC_SIGNUP_MESSAGE =
  'Sorry, something went wrong creating your account. Please try again soon.';
export const CONF_CODE_NOT_SENT_MESSAGE = 'Enter the confirmation code we sent to your phone.';
export const CONF_CODE_NOT_SENT = 'conf_code_not_sent';

/** Spec §5: an email or phone is told apart by a check on the input. */
export function contactKind(value: string): 'email' | 'phone' {
  if (looksLikeEmail(value)) return 'email';
  return looksLikePhone(value.trim()) ? 'phone' : 'email';
}

/** The payload of the real call and of the dry run. Only non-empty strings are sent. */
export function signupPayload(
  form: SignupForm,
  opts: { withSmsCode?: boolean } = {},
): SignupPayload {
  const contact = form.emailOrPhone.trim();
  const kind = contactKind(contact);
  return {
    ...(kind === 'email' ? { email: contact } : { phone_number: contact }),
    password: form.password,
    username: form.username.trim(),
    first_name: form.fullName.trim(),
    captcha: form.captcha.trim() || undefined,
    sms_code: opts.withSmsCode ? form.smsCode.trim() || undefined : undefined,
    client_id: form.clientId,
    seamless_login_enabled: '1',
  };
}

/** What a dry run is compared with: a result belongs to exactly this form. */
export const formKey = (form: SignupForm) =>
  JSON.stringify([form.emailOrPhone.trim(), form.fullName, form.username, form.password]);

/** The first error of a field: servers send {message, code} pairs or bare strings. */
export function firstError(
  list: Array<WireFieldError | string> | undefined,
): WireFieldError | null {
  const first = list?.[0];
  if (first === undefined) return null;
  return typeof first === 'string' ? { message: first } : first;
}

/** The server's error key for each form field (email or phone_number by the input's kind). */
export function serverKey(field: SignupField, form: SignupForm): string {
  switch (field) {
    case 'emailOrPhone':
      return contactKind(form.emailOrPhone) === 'email' ? 'email' : 'phone_number';
    case 'fullName':
      return 'first_name';
    default:
      return field;
  }
}

/** Per-field results: validated when the input is non-empty and has no error (spec §5). */
export function fieldResults(errors: WireFieldErrors | undefined, form: SignupForm): FieldResults {
  const out = {} as FieldResults;
  for (const field of SIGNUP_FIELDS) {
    const error = firstError(errors?.[serverKey(field, form)]);
    out[field] = {
      error: error?.message ?? null,
      errorCode: error?.code ?? null,
      validated: form[field].trim() !== '' && !error,
      value: form[field],
    };
  }
  return out;
}

/** A blank signup form (the store gives it a fresh clientId). */
export const emptySignupForm = (): SignupForm => ({
  emailOrPhone: '',
  fullName: '',
  username: '',
  password: '',
  captcha: '',
  smsCode: '',
  clientId: '',
});

export const emptyFieldResults = (): FieldResults => fieldResults(undefined, emptySignupForm());

export function hasFieldErrors(results: FieldResults): boolean {
  return SIGNUP_FIELDS.some((field) => results[field].error !== null);
}

/**
 * Spec §5: with no field errors on the real call, client_id or sms_code errors are surfaced, else
 * a generic signup error. A dry run surfaces nothing beyond the fields.
 */
export function otherError(
  errors: WireFieldErrors | undefined,
  results: FieldResults,
  isDryRun: boolean,
): WireFieldError | null {
  if (isDryRun || hasFieldErrors(results)) return null;
  return (
    firstError(errors?.client_id) ??
    firstError(errors?.sms_code) ??
    firstError(errors?.__all__) ?? { message: GENERIC_SIGNUP_MESSAGE, code: 'other' }
  );
}

/** Spec §4: a dry run whose only error is sms_code counts as passing. */
export function dryRunPassed(response: SignupResponse): boolean {
  if (response.dryrun_passed) return true;
  if (response.code !== undefined) return false;
  const keys = Object.entries(response.errors ?? {})
    .filter(([, list]) => list !== undefined && list.length > 0)
    .map(([key]) => key);
  return keys.length === 1 && keys[0] === 'sms_code';
}

export interface VisibilityInput {
  /** The field's input now. */
  value: string;
  /** The newest dry-run (or submit) result of the field, about the input it was sent with. */
  result: FieldResult;
  /** The failed submit's result, kept until the next submit; null when nothing is sticky. */
  sticky: FieldResult | null;
  focusedField: SignupField | null;
  leftFields: readonly SignupField[];
}

/**
 * The error a field shows, or null. Spec §4: after a failed submit its errors stick until the next
 * submit, whatever background dry runs say meanwhile. Spec §5: a dry-run error shows only for a
 * field that was focused and left, or is not in progress (not focused now); an empty field never
 * shows one, nor a field whose input is not the one the answer was about (an answer for older
 * values never shows).
 */
export function visibleError(field: SignupField, input: VisibilityInput): string | null {
  if (input.sticky?.error) return input.sticky.error;
  const { result, value } = input;
  if (!result.error) return null;
  if (value.trim() === '' || value !== result.value) return null;
  return input.leftFields.includes(field) || input.focusedField !== field ? result.error : null;
}

/** The check mark: the server accepted exactly the input the field holds now. */
export const isValidated = (result: FieldResult, value: string): boolean =>
  result.validated && result.value === value;
