// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  oneTapLogin,
  removeOneTapNonce,
  requestPasswordReset,
  sendTwoFactorLoginSms,
  signup,
  stringsOnly,
} from '../../../src/api/accounts';
import { apiPost } from '../../../src/api/client';
import { exchangeExternalCode, externalLinkedAccount } from '../../../src/api/external';

vi.mock('../../../src/api/client', () => ({
  apiPost: vi.fn(() => Promise.resolve({})),
  apiGet: vi.fn(() => Promise.resolve({})),
}));

afterEach(() => vi.clearAllMocks());

describe('account call payloads (spec §7)', () => {
  it('sends only non-empty string values', () => {
    expect(stringsOnly({ a: 'x', b: '', c: undefined, d: 3, e: null })).toEqual({ a: 'x' });
  });

  it('signup drops absent fields', async () => {
    await signup({
      email: 'a@b.co',
      password: 'p',
      username: 'u',
      first_name: '',
      captcha: undefined,
    });
    expect(apiPost).toHaveBeenCalledWith('/accounts/web_create_ajax/', {
      email: 'a@b.co',
      password: 'p',
      username: 'u',
    });
  });

  it('one-tap, two-factor SMS, password reset and code exchange', async () => {
    await oneTapLogin('7', 'n');
    expect(apiPost).toHaveBeenLastCalledWith('/accounts/one_tap_web_login/', {
      user_id: '7',
      login_nonce: 'n',
    });
    await removeOneTapNonce('7', 'n');
    expect(apiPost).toHaveBeenLastCalledWith('/accounts/one_tap_web_remove_nonce/', {
      user_id: '7',
      login_nonce: 'n',
    });
    await sendTwoFactorLoginSms('ava', 'tf');
    expect(apiPost).toHaveBeenLastCalledWith('/accounts/send_two_factor_login_sms/', {
      username: 'ava',
      identifier: 'tf',
    });
    await requestPasswordReset(' ava ');
    expect(apiPost).toHaveBeenLastCalledWith('/accounts/password/reset/', {
      email_or_username: 'ava',
    });
    await exchangeExternalCode('c', '/accounts/login/?code=c');
    expect(apiPost).toHaveBeenLastCalledWith('/accounts/fb_code_exchange/', {
      code: 'c',
      returnURL: '/accounts/login/?code=c',
    });
    await externalLinkedAccount('tok');
    const { apiGet } = await import('../../../src/api/client');
    expect(apiGet).toHaveBeenCalledWith('/accounts/fb_linked_account/', {
      fb_access_token: 'tok',
      check_email: '1',
      check_phone: '1',
    });
  });
});
