import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '../../../src/api/accounts';
import { RequestError } from '../../../src/api/client';
import { fullPageLoad } from '../../../src/lib/navigation';
import {
  FORBIDDEN_MESSAGE,
  LOGIN_REQUIRED_MESSAGE,
  PASSWORD_REQUIRED_MESSAGE,
  UNKNOWN_USER_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '../../../src/state/loginErrors';
import { authFormState, resetAuthForms } from '../../../src/state/authForm';
import { onAuthEvent, type AuthEvent } from '../../../src/state/authEvents';
import {
  loginInputFailure,
  loginState,
  setLoginField,
  submitLogin,
} from '../../../src/state/authLogin';
import { readLoginNonces } from '../../../src/state/oneTap';
import { twoFactorState } from '../../../src/state/twoFactor';

vi.mock('../../../src/api/accounts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/accounts')>()),
  login: vi.fn(),
}));
vi.mock('../../../src/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/navigation')>()),
  fullPageLoad: vi.fn(),
}));

const events: AuthEvent[] = [];
let unsubscribe = () => {};
const failures = () =>
  events.filter((e) => e.name === 'login_failure').map((e) => ('type' in e ? e.type : ''));

function fill(identifier: string, password: string) {
  setLoginField('identifier', identifier);
  setLoginField('password', password);
}

function httpError(statusCode: number, parsed: unknown) {
  return new RequestError({ code: 'http', statusCode, statusText: '', responseText: '', parsed });
}

beforeEach(() => {
  resetAuthForms();
  localStorage.clear();
  events.length = 0;
  unsubscribe = onAuthEvent((e) => events.push(e));
});
afterEach(() => {
  unsubscribe();
  vi.clearAllMocks();
});

describe('password login', () => {
  it('logs login required and password required without a request', async () => {
    expect(loginInputFailure('   ', 'x')).toBe('login_required');
    expect(loginInputFailure('ava', '')).toBe('password_required');
    fill('', 'secret');
    await submitLogin(null);
    expect(loginState.message).toBe(LOGIN_REQUIRED_MESSAGE);
    fill('ava', '');
    await submitLogin(null);
    expect(loginState.message).toBe(PASSWORD_REQUIRED_MESSAGE);
    expect(login).not.toHaveBeenCalled();
    expect(failures()).toEqual(['login_required', 'password_required']);
  });

  it('tells a password mismatch from a login mismatch', async () => {
    fill('ava', 'wrong');
    vi.mocked(login).mockResolvedValueOnce({ authenticated: false, user: true });
    await submitLogin(null);
    expect(loginState.message).toBe(WRONG_PASSWORD_MESSAGE);
    vi.mocked(login).mockResolvedValueOnce({ authenticated: false, user: false });
    await submitLogin(null);
    expect(loginState.message).toBe(UNKNOWN_USER_MESSAGE);
    expect(failures()).toEqual(['password_mismatch', 'login_mismatch']);
  });

  it('shows the forbidden message for HTTP 403', async () => {
    fill('ava', 'secret');
    vi.mocked(login).mockRejectedValueOnce(httpError(403, { status: 'fail', message: 'CSRF' }));
    await submitLogin(null);
    expect(loginState.message).toBe(FORBIDDEN_MESSAGE);
  });

  it('stores the one-tap nonce and goes to next on success (reactivated is logged)', async () => {
    fill('Ava.Lindqvist  ', 'secret');
    vi.mocked(login).mockResolvedValueOnce({
      authenticated: true,
      user: true,
      userId: '42',
      login_nonce: 'nonce-1',
      reactivated: true,
    });
    await submitLogin('/explore/');
    expect(fullPageLoad).toHaveBeenCalledWith('/explore/');
    expect(readLoginNonces()).toEqual({
      '42': { nonce: 'nonce-1', username: 'ava.lindqvist', profilePicUrl: '' },
    });
    expect(events).toContainEqual({ name: 'login_success', reactivated: true, method: 'password' });
  });

  it('goes home for a hostile next', async () => {
    fill('ava', 'secret');
    vi.mocked(login).mockResolvedValueOnce({ authenticated: true, user: true });
    await submitLogin('https://evil.example/');
    expect(fullPageLoad).toHaveBeenCalledWith('/');
  });

  it('switches to the two-factor form when the server asks for a code', async () => {
    fill('ava', 'secret');
    vi.mocked(login).mockRejectedValueOnce(
      httpError(400, {
        status: 'fail',
        message: 'Enter the code',
        two_factor_required: true,
        two_factor_info: {
          two_factor_identifier: 'tf-9',
          obfuscated_phone_number: '0123',
          username: 'ava',
        },
      }),
    );
    await submitLogin(null);
    expect(authFormState.type).toBe('twoFactor');
    expect(twoFactorState).toMatchObject({
      identifier: 'tf-9',
      lastFourDigits: '0123',
      username: 'ava',
    });
    expect(loginState.identifier).toBe('');
  });
});
