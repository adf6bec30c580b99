// Account calls (accounts-platform §7). For now: password login, two-factor login and logout; the
// accounts feature extends this module with signup, one-tap, external login and settings.
import { apiPost } from './client';

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

/** Body of the 400 answer that asks for a second factor (accounts-platform §8). */
export interface TwoFactorRequiredBody {
  two_factor_required: true;
  two_factor_info: {
    two_factor_identifier: string;
    obfuscated_phone_number: string;
    username: string;
  };
}

export interface TwoFactorLoginResponse {
  authenticated: boolean;
  reactivated?: boolean;
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
