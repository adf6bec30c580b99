// Account calls (accounts-platform §7): password, two-factor and one-tap login, logout, signup
// (real call, dry run, SMS code, username suggestions) and the password reset request.
import { apiPost, type Params, type RequestOptions } from './client';

/** POST /accounts/login/ajax/ answer. `user` tells whether the identifier matched an account. */
export interface LoginResponse {
  authenticated: boolean;
  user?: boolean;
  reactivated?: boolean;
  /** Present when the server offers one-tap login on this device. */
  login_nonce?: string;
  userId?: string;
  status?: string;
}

export interface TwoFactorInfo {
  two_factor_identifier: string;
  obfuscated_phone_number: string;
  username: string;
}

/** Body of the 400 answer that asks for a second factor (accounts-platform §8). */
export interface TwoFactorRequiredBody {
  two_factor_required: true;
  two_factor_info: TwoFactorInfo;
}

export interface TwoFactorLoginResponse {
  authenticated: boolean;
  reactivated?: boolean;
  login_nonce?: string;
  userId?: string;
}

/** Spec §4: trailing whitespace in the identifier is trimmed before sending. */
export function login(username: string, password: string): Promise<LoginResponse> {
  return apiPost<LoginResponse>('/accounts/login/ajax/', {
    username: username.trimEnd(),
    password,
  });
}

export function loginTwoFactor(
  username: string,
  verificationCode: string,
  identifier: string,
): Promise<TwoFactorLoginResponse> {
  return apiPost<TwoFactorLoginResponse>('/accounts/login/ajax/two_factor/', {
    username,
    verificationCode: verificationCode.trim(),
    identifier,
  });
}

export function sendTwoFactorLoginSms(
  username: string,
  identifier: string,
): Promise<{ two_factor_info: TwoFactorInfo }> {
  return apiPost('/accounts/send_two_factor_login_sms/', { username, identifier });
}

/** one_tap_app_login '1' keeps this device's one-tap login available after logging out. */
export function logout(oneTapAppLogin: boolean): Promise<unknown> {
  return apiPost<unknown>('/accounts/logout/ajax/', {
    one_tap_app_login: oneTapAppLogin ? '1' : '0',
  });
}

export function isTwoFactorRequired(parsed: unknown): parsed is TwoFactorRequiredBody {
  return (
    !!parsed &&
    typeof parsed === 'object' &&
    (parsed as { two_factor_required?: unknown }).two_factor_required === true &&
    typeof (parsed as { two_factor_info?: unknown }).two_factor_info === 'object'
  );
}

// ── One-tap login ─────────────────────────────────────────────────────────────────────────────

export function oneTapLogin(userId: string, loginNonce: string): Promise<LoginResponse> {
  return apiPost<LoginResponse>('/accounts/one_tap_web_login/', {
    user_id: userId,
    login_nonce: loginNonce,
  });
}

/** The nonce proves ownership when logged out; the server answers `removed`. */
export function removeOneTapNonce(
  userId: string,
  loginNonce?: string,
): Promise<{ removed?: boolean }> {
  return apiPost('/accounts/one_tap_web_remove_nonce/', {
    user_id: userId,
    login_nonce: loginNonce,
  });
}

// ── Signup ────────────────────────────────────────────────────────────────────────────────────

/** Spec §3 signup payload. Only string values are sent (absent ones are left out). */
export interface SignupPayload {
  email?: string;
  phone_number?: string;
  password: string;
  username: string;
  first_name: string;
  captcha?: string;
  sms_code?: string;
  client_id?: string;
  seamless_login_enabled?: string;
}

/** One error on one field: a message and a machine-readable code (spec §5). */
export interface WireFieldError {
  message: string;
  code?: string | number;
}

export type WireFieldErrors = Partial<Record<string, Array<WireFieldError | string>>>;

export interface SignupResponse {
  account_created?: boolean;
  user_id?: string;
  /** 3 = an account with these credentials exists: log in with them (spec §4). */
  code?: number;
  errors?: WireFieldErrors;
  error_type?: string;
  username_suggestions?: string[];
  dryrun_passed?: boolean;
  sms_sent?: boolean;
}

/** Drops everything that is not a non-empty string, so no "undefined" ever reaches the server. */
export function stringsOnly(payload: object): Params {
  const out: Params = {};
  for (const [key, value] of Object.entries(payload)) {
    if (typeof value === 'string' && value !== '') out[key] = value;
  }
  return out;
}

export function signup(payload: SignupPayload): Promise<SignupResponse> {
  return apiPost<SignupResponse>('/accounts/web_create_ajax/', stringsOnly(payload));
}

export function signupDryRun(
  payload: SignupPayload,
  opts: RequestOptions = {},
): Promise<SignupResponse> {
  return apiPost<SignupResponse>('/accounts/web_create_ajax/attempt/', stringsOnly(payload), opts);
}

export function sendSignupSmsCode(
  clientId: string,
  phoneNumber: string,
): Promise<{ sms_sent?: boolean; errors?: WireFieldErrors }> {
  return apiPost('/accounts/send_signup_sms_code_ajax/', {
    client_id: clientId,
    phone_number: phoneNumber,
  });
}

export function usernameSuggestions(
  email: string,
  name: string,
): Promise<{ suggestions?: string[] }> {
  return apiPost('/accounts/username_suggestions/', stringsOnly({ email, name }));
}

// ── Password reset ────────────────────────────────────────────────────────────────────────────

export function requestPasswordReset(
  emailOrUsername: string,
  recaptcha?: string,
): Promise<{ message?: string }> {
  return apiPost(
    '/accounts/password/reset/',
    stringsOnly({
      email_or_username: emailOrUsername.trim(),
      recaptcha_challenge_field: recaptcha,
    }),
  );
}

/** The reset link's form: a new password for the account the link was sent to. */
export function confirmPasswordReset(
  uid: string,
  token: string,
  newPassword1: string,
  newPassword2: string,
): Promise<{ status: string }> {
  return apiPost('/accounts/password/reset/confirm/', {
    uid,
    token,
    new_password1: newPassword1,
    new_password2: newPassword2,
  });
}
