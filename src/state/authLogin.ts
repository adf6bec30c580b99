import { proxy } from 'valtio';
import { isTwoFactorRequired, login } from '../api/accounts';
import { RequestError } from '../api/client';
import { fullPageLoad } from '../lib/navigation';
import {
  LOGIN_REQUIRED_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  failedAuthenticationMessage,
  loginErrorMessage,
} from '../state/loginErrors';
import { classifyIdentifier, trimIdentifier } from '../lib/identifier';
import { safeNext } from '../lib/safeNext';
import { registerAuthFormReset, switchAuthForm } from './authForm';
import { logAuthEvent, type AuthEvent } from './authEvents';
import { storeLoginNonce } from './oneTap';
import { startTwoFactor } from './twoFactor';

type LoginFailureType = Extract<AuthEvent, { name: 'login_failure' }>['type'];

interface LoginState {
  identifier: string;
  password: string;
  status: 'idle' | 'submitting' | 'error' | 'success';
  message: string | null;
  /** The field the error is about (marked invalid and described by it), or null for neither. */
  errorField: 'identifier' | 'password' | null;
}

const initial = (): LoginState => ({
  identifier: '',
  password: '',
  status: 'idle',
  message: null,
  errorField: null,
});

export const loginState = proxy<LoginState>(initial());

export function resetLoginForm(): void {
  Object.assign(loginState, initial());
}

registerAuthFormReset('login', resetLoginForm);

export function setLoginField(field: 'identifier' | 'password', value: string): void {
  loginState[field] = value;
}

/** Spec §5: login required (empty identifier) or password required, before any request. */
export function loginInputFailure(identifier: string, password: string): LoginFailureType | null {
  if (trimIdentifier(identifier).trim() === '') return 'login_required';
  if (password === '') return 'password_required';
  return null;
}

/** Which field each failure type is about: the identifier, or the password. */
const FAILURE_FIELD: Record<LoginFailureType, LoginState['errorField']> = {
  login_required: 'identifier',
  login_mismatch: 'identifier',
  password_required: 'password',
  password_mismatch: 'password',
};

function fail(type: LoginFailureType | null, message: string): void {
  if (type) logAuthEvent({ name: 'login_failure', type });
  loginState.status = 'error';
  loginState.message = message;
  loginState.errorField = type ? FAILURE_FIELD[type] : null;
}

/**
 * Password login (spec §4): success stores the one-tap nonce and goes to next (or /); a
 * two-factor answer switches to the code form; failures say which part was wrong.
 */
export async function submitLogin(next: string | null): Promise<void> {
  if (loginState.status === 'submitting') return;
  const { identifier, password } = loginState;
  const inputFailure = loginInputFailure(identifier, password);
  if (inputFailure) {
    fail(
      inputFailure,
      inputFailure === 'login_required' ? LOGIN_REQUIRED_MESSAGE : PASSWORD_REQUIRED_MESSAGE,
    );
    return;
  }
  loginState.status = 'submitting';
  loginState.message = null;
  loginState.errorField = null;
  try {
    const result = await login(identifier, password);
    if (!result.authenticated) {
      fail(
        result.user ? 'password_mismatch' : 'login_mismatch',
        failedAuthenticationMessage(result.user),
      );
      return;
    }
    if (result.userId && result.login_nonce) {
      const trimmed = trimIdentifier(identifier).trim();
      const username = classifyIdentifier(trimmed) === 'username' ? trimmed.toLowerCase() : '';
      storeLoginNonce(result.userId, result.login_nonce, { username });
    }
    logAuthEvent({ name: 'login_success', reactivated: !!result.reactivated, method: 'password' });
    loginState.status = 'success';
    fullPageLoad(safeNext(next));
  } catch (error) {
    if (error instanceof RequestError && isTwoFactorRequired(error.parsed)) {
      const username = trimIdentifier(identifier).trim();
      startTwoFactor(error.parsed.two_factor_info, { loginIdentifier: username });
      switchAuthForm('twoFactor');
      return;
    }
    fail(null, loginErrorMessage(error));
  }
}
