// External (social) login calls — the spec's fb* calls (accounts-platform §7) — and the stand-in
// provider's own endpoints, which only exist on development and test servers.
import { apiGet, apiPost, type RequestOptions } from './client';
import { stringsOnly, type LoginResponse, type SignupResponse } from './accounts';

export function exchangeExternalCode(
  code: string,
  returnURL: string,
): Promise<{ access_token: string }> {
  return apiPost('/accounts/fb_code_exchange/', { code, returnURL });
}

/** Logs in the member linked to the provider identity; 400 with fb_signup_possible otherwise. */
export function externalLogin(accessToken: string): Promise<LoginResponse> {
  return apiPost<LoginResponse>('/accounts/login/ajax/facebook/', {
    fb_access_token: accessToken,
  });
}

export interface LinkedAccountResponse {
  fb_linked_account: { profile_pic_url: string; username: string } | null;
  email_taken: boolean;
  phone_taken: boolean;
}

/** check_email / check_phone '1' means "the address the provider knows". */
export function externalLinkedAccount(
  accessToken: string,
  check: { email?: string; phone?: string } = {},
): Promise<LinkedAccountResponse> {
  return apiGet<LinkedAccountResponse>('/accounts/fb_linked_account/', {
    fb_access_token: accessToken,
    check_email: check.email ?? '1',
    check_phone: check.phone ?? '1',
  });
}

/** Spec §3 external signup payload. */
export interface ExternalSignupPayload {
  fb_access_token: string;
  first_name: string;
  username: string;
  password: string;
  email: string;
}

export function externalSignup(payload: ExternalSignupPayload): Promise<SignupResponse> {
  return apiPost<SignupResponse>('/fb/create/ajax/', stringsOnly(payload));
}

export function externalSignupDryRun(
  payload: ExternalSignupPayload,
  opts: RequestOptions = {},
): Promise<SignupResponse> {
  return apiPost<SignupResponse>('/fb/create/ajax/attempt/', stringsOnly(payload), opts);
}

export function connectExternalAccount(
  accessToken: string,
): Promise<{ connected?: boolean; name?: string }> {
  return apiPost('/fb/connect/ajax/', { fb_access_token: accessToken });
}

// ── The stand-in provider (development build) ─────────────────────────────────────────────────

export const STAND_IN_PROVIDER_PATH = '/dev/external-provider/';

export interface StandInStatusResponse {
  status: 'connected' | 'not_authorized' | 'unknown';
  authResponse?: { accessToken: string; userID: string; expiresIn: number };
}

export function standInStatus(opts: RequestOptions = {}): Promise<StandInStatusResponse> {
  return apiGet<StandInStatusResponse>(`${STAND_IN_PROVIDER_PATH}status/`, undefined, opts);
}

export interface StandInProfileResponse {
  id: string;
  name: string;
  email: string | null;
  mobile_phone: string | null;
  picture: string | null;
}

export function standInProfile(accessToken: string): Promise<StandInProfileResponse> {
  return apiGet<StandInProfileResponse>(`${STAND_IN_PROVIDER_PATH}me/`, {
    access_token: accessToken,
  });
}
