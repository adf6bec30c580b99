// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { login, logout } from '../../../src/api/accounts';
import { apiPost } from '../../../src/api/client';

vi.mock('../../../src/api/client', () => ({ apiPost: vi.fn(() => Promise.resolve({})) }));

afterEach(() => vi.clearAllMocks());

describe('accounts api', () => {
  it('posts the login with trailing whitespace trimmed from the identifier', async () => {
    await login('ava.lindqvist  ', ' secret ');
    expect(apiPost).toHaveBeenCalledWith('/accounts/login/ajax/', {
      username: 'ava.lindqvist',
      password: ' secret ',
    });
  });

  it('sends one_tap_app_login as 1 or 0 on logout', async () => {
    await logout(true);
    expect(apiPost).toHaveBeenLastCalledWith('/accounts/logout/ajax/', { one_tap_app_login: '1' });
    await logout(false);
    expect(apiPost).toHaveBeenLastCalledWith('/accounts/logout/ajax/', { one_tap_app_login: '0' });
  });
});
