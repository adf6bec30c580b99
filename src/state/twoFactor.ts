import { proxy } from 'valtio';
import { loginTwoFactor, sendTwoFactorLoginSms, type TwoFactorInfo } from '../api/accounts';
import { RequestError, serverMessage } from '../api/client';
import { fullPageLoad } from '../lib/navigation';
import { GENERIC_LOGIN_MESSAGE, NETWORK_MESSAGE } from '../state/loginErrors';
import { safeNext } from '../lib/safeNext';
import { registerAuthFormReset } from './authForm';
import { logAuthEvent } from './authEvents';
import { storeLoginNonce } from './oneTap';

/** The server refuses a new code for 30 s; the form refuses it first, without a request. */
export const NEW_CODE_WAIT_MS = 30_000;
export const NEW_CODE_WAIT_MESSAGE = 'Please wait a few seconds before requesting another code.';
export const NEW_CODE_FAILED_MESSAGE = "Couldn't send a new code. Please try again.";
export const CODE_REQUIRED_MESSAGE = 'Enter the security code we sent to your phone.';

/** Spec §3 two-factor state, plus the code being typed and the request status. */
interface TwoFactorState {
  identifier: string;
  lastFourDigits: string;
  username: string;
  /** Epoch ms of the last code sent (the login itself sends the first one). */
  lastCodeSentAt: number | null;
  message: string | null;
  /** Whether the failure message is an error (red) or information (a new code was sent). */
  messageIsError: boolean;
  fromFB: boolean;
  code: string;
  status: 'idle' | 'submitting' | 'success';
  sendingCode: boolean;
  /** What the member typed in the login form, so the one-tap store can name the account. */
  loginIdentifier: string;
}

const initial = (): TwoFactorState => ({
  identifier: '',
  lastFourDigits: '',
  username: '',
  lastCodeSentAt: null,
  message: null,
  messageIsError: false,
  fromFB: false,
  code: '',
  status: 'idle',
  sendingCode: false,
  loginIdentifier: '',
});

export const twoFactorState = proxy<TwoFactorState>(initial());

export function resetTwoFactor(): void {
  Object.assign(twoFactorState, initial());
}

registerAuthFormReset('twoFactor', resetTwoFactor);

const lastFour = (phone: string) => phone.replace(/\D/g, '').slice(-4);

/** Spec §8: a 400 with two_factor_required gives identifier, last four digits and username. */
export function startTwoFactor(
  info: TwoFactorInfo,
  opts: { fromFB?: boolean; loginIdentifier?: string; now?: number } = {},
): void {
  Object.assign(twoFactorState, initial(), {
    identifier: info.two_factor_identifier,
    lastFourDigits: lastFour(info.obfuscated_phone_number),
    username: info.username,
    lastCodeSentAt: opts.now ?? Date.now(),
    fromFB: opts.fromFB ?? false,
    loginIdentifier: opts.loginIdentifier ?? info.username,
  });
}

export function setTwoFactorCode(code: string): void {
  twoFactorState.code = code;
}

/** §8: the server message, unless status 403, which gives a generic message. */
export function twoFactorErrorMessage(error: unknown): string {
  if (!(error instanceof RequestError)) return GENERIC_LOGIN_MESSAGE;
  if (error.networkError) return NETWORK_MESSAGE;
  if (error.statusCode === 403) return GENERIC_LOGIN_MESSAGE;
  return serverMessage(error) ?? GENERIC_LOGIN_MESSAGE;
}

function say(message: string, isError: boolean): void {
  twoFactorState.message = message;
  twoFactorState.messageIsError = isError;
}

export async function submitTwoFactorCode(next: string | null): Promise<void> {
  if (twoFactorState.status !== 'idle') return;
  const code = twoFactorState.code.trim();
  if (code === '') return say(CODE_REQUIRED_MESSAGE, true);
  twoFactorState.status = 'submitting';
  twoFactorState.message = null;
  try {
    const { username, identifier } = twoFactorState;
    const result = await loginTwoFactor(username, code, identifier);
    if (!result.authenticated) throw new Error('not authenticated');
    if (result.userId && result.login_nonce) {
      storeLoginNonce(result.userId, result.login_nonce, { username });
    }
    logAuthEvent({
      name: 'login_success',
      reactivated: !!result.reactivated,
      method: 'two_factor',
    });
    twoFactorState.status = 'success';
    fullPageLoad(safeNext(next));
  } catch (error) {
    twoFactorState.status = 'idle';
    say(twoFactorErrorMessage(error), true);
  }
}

/** A new code; refused (no request) while the last one was sent less than 30 s ago. */
export async function requestNewTwoFactorCode(now: number = Date.now()): Promise<void> {
  if (twoFactorState.sendingCode) return;
  const last = twoFactorState.lastCodeSentAt;
  if (last !== null && now - last < NEW_CODE_WAIT_MS) return say(NEW_CODE_WAIT_MESSAGE, true);
  twoFactorState.sendingCode = true;
  try {
    const result = await sendTwoFactorLoginSms(twoFactorState.username, twoFactorState.identifier);
    const info = result.two_factor_info;
    twoFactorState.identifier = info.two_factor_identifier || twoFactorState.identifier;
    if (info.obfuscated_phone_number) {
      twoFactorState.lastFourDigits = lastFour(info.obfuscated_phone_number);
    }
    twoFactorState.lastCodeSentAt = now;
    say(
      twoFactorState.lastFourDigits
        ? `We sent a new code to your number ending in ${twoFactorState.lastFourDigits}.`
        : 'We sent you a new code.',
      false,
    );
  } catch (error) {
    say(serverMessage(error) ?? NEW_CODE_FAILED_MESSAGE, true);
  }
  twoFactorState.sendingCode = false;
}
