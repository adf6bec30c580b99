import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginTwoFactor, sendTwoFactorLoginSms } from '../../../src/api/accounts';
import { RequestError } from '../../../src/api/client';
import { fullPageLoad } from '../../../src/lib/navigation';
import { GENERIC_LOGIN_MESSAGE } from '../../../src/state/loginErrors';
import {
  NEW_CODE_FAILED_MESSAGE,
  NEW_CODE_WAIT_MESSAGE,
  NEW_CODE_WAIT_MS,
  requestNewTwoFactorCode,
  resetTwoFactor,
  setTwoFactorCode,
  startTwoFactor,
  submitTwoFactorCode,
  twoFactorState,
} from '../../../src/state/twoFactor';

vi.mock('../../../src/api/accounts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/accounts')>()),
  loginTwoFactor: vi.fn(),
  sendTwoFactorLoginSms: vi.fn(),
}));
vi.mock('../../../src/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/navigation')>()),
  fullPageLoad: vi.fn(),
}));

const info = {
  two_factor_identifier: 'tf-1',
  obfuscated_phone_number: '+1 ••• ••• 0123',
  username: 'ava',
};
const T0 = 1_000_000;

function fail(statusCode: number, message: string) {
  return new RequestError({
    code: 'http',
    statusCode,
    statusText: '',
    responseText: '',
    parsed: { status: 'fail', message },
  });
}

beforeEach(() => {
  resetTwoFactor();
  localStorage.clear();
  startTwoFactor(info, { now: T0 });
});
afterEach(() => vi.clearAllMocks());

describe('two-factor login', () => {
  it('keeps identifier, last four digits and username from the two_factor_required answer', () => {
    expect(twoFactorState).toMatchObject({
      identifier: 'tf-1',
      lastFourDigits: '0123',
      username: 'ava',
      lastCodeSentAt: T0,
      fromFB: false,
    });
  });

  it('submits the code with username and identifier and goes to next', async () => {
    setTwoFactorCode(' 123456 ');
    vi.mocked(loginTwoFactor).mockResolvedValueOnce({
      authenticated: true,
      userId: '5',
      login_nonce: 'n',
    });
    await submitTwoFactorCode('/explore/');
    expect(loginTwoFactor).toHaveBeenCalledWith('ava', '123456', 'tf-1');
    expect(fullPageLoad).toHaveBeenCalledWith('/explore/');
    expect(twoFactorState.status).toBe('success');
  });

  it('shows the server message on failure, a generic one on 403', async () => {
    setTwoFactorCode('000000');
    vi.mocked(loginTwoFactor).mockRejectedValueOnce(fail(400, 'Please check the security code.'));
    await submitTwoFactorCode(null);
    expect(twoFactorState.message).toBe('Please check the security code.');
    expect(twoFactorState.status).toBe('idle');
    vi.mocked(loginTwoFactor).mockRejectedValueOnce(fail(403, 'CSRF failed'));
    await submitTwoFactorCode(null);
    expect(twoFactorState.message).toBe(GENERIC_LOGIN_MESSAGE);
  });

  it('refuses a new code when one was just sent, without a request', async () => {
    await requestNewTwoFactorCode(T0 + 1000);
    expect(sendTwoFactorLoginSms).not.toHaveBeenCalled();
    expect(twoFactorState.message).toBe(NEW_CODE_WAIT_MESSAGE);
  });

  it('requests a new code later and takes the new identifier', async () => {
    vi.mocked(sendTwoFactorLoginSms).mockResolvedValueOnce({
      two_factor_info: {
        two_factor_identifier: 'tf-2',
        obfuscated_phone_number: '0123',
        username: 'ava',
      },
    });
    await requestNewTwoFactorCode(T0 + NEW_CODE_WAIT_MS);
    expect(sendTwoFactorLoginSms).toHaveBeenCalledWith('ava', 'tf-1');
    expect(twoFactorState.identifier).toBe('tf-2');
    expect(twoFactorState.lastCodeSentAt).toBe(T0 + NEW_CODE_WAIT_MS);
    expect(twoFactorState.messageIsError).toBe(false);
  });

  it('a failed new code shows the server message or a default', async () => {
    vi.mocked(sendTwoFactorLoginSms).mockRejectedValueOnce(fail(400, 'Please wait a few seconds.'));
    await requestNewTwoFactorCode(T0 + NEW_CODE_WAIT_MS);
    expect(twoFactorState.message).toBe('Please wait a few seconds.');
    vi.mocked(sendTwoFactorLoginSms).mockRejectedValueOnce(new Error('offline'));
    await requestNewTwoFactorCode(T0 + 2 * NEW_CODE_WAIT_MS);
    expect(twoFactorState.message).toBe(NEW_CODE_FAILED_MESSAGE);
  });
});
