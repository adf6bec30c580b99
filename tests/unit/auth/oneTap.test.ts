import { createElement } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, oneTapLogin, removeOneTapNonce } from '../../../src/api/accounts';
import { RequestError } from '../../../src/api/client';
import { fullPageLoad } from '../../../src/lib/navigation';
import { logOutOfDevice } from '../../../src/features/auth/logOut';
import { LogoutDialogContent } from '../../../src/features/auth/LogoutDialogContent';
import {
  LOGIN_NONCE_STORAGE_KEY,
  ONE_TAP_FAILED_MESSAGE,
  ONE_TAP_REMOVE_FAILED_MESSAGE,
  loadOneTapAccounts,
  logInWithOneTap,
  oneTapState,
  readLoginNonces,
  removeOneTapAccount,
  storeLoginNonce,
} from '../../../src/state/oneTap';
import { resetToastState, toastState } from '../../../src/state/toast';
import { viewerFixture } from '../app/session';
import type { FeatureSwitches } from '../../../src/api/types';
import { logOutAndReload } from '../../../src/app/session';
import { closeLogoutDialog, uiState } from '../../../src/state/ui';

vi.mock('../../../src/api/accounts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/accounts')>()),
  logout: vi.fn(),
  oneTapLogin: vi.fn(),
  removeOneTapNonce: vi.fn(),
}));
vi.mock('../../../src/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/navigation')>()),
  fullPageLoad: vi.fn(),
}));

function invalidNonce() {
  return new RequestError({
    code: 'http',
    statusCode: 400,
    statusText: '',
    responseText: '',
    parsed: { status: 'fail', message: 'no longer valid', error_type: 'invalid_nonce' },
  });
}

beforeEach(() => {
  localStorage.clear();
  resetToastState();
  oneTapState.pendingUserId = null;
  storeLoginNonce('101', 'nonce-101', { username: 'ava.lindqvist' });
  loadOneTapAccounts(true);
});
afterEach(() => {
  vi.clearAllMocks();
  window._sharedData = undefined;
});

describe('login nonce store', () => {
  it('keeps nonce, username and picture per user id under one key', () => {
    storeLoginNonce('202', 'nonce-202', { profilePicUrl: '/media/a/202/150.jpg' });
    expect(JSON.parse(localStorage.getItem(LOGIN_NONCE_STORAGE_KEY) ?? '{}')).toEqual({
      '101': { nonce: 'nonce-101', username: 'ava.lindqvist', profilePicUrl: '' },
      '202': { nonce: 'nonce-202', username: '', profilePicUrl: '/media/a/202/150.jpg' },
    });
    // A fresh nonce keeps what was known about the account.
    storeLoginNonce('101', 'nonce-new');
    expect(readLoginNonces()['101']).toEqual({
      nonce: 'nonce-new',
      username: 'ava.lindqvist',
      profilePicUrl: '',
    });
  });

  it('drops malformed entries', () => {
    localStorage.setItem(LOGIN_NONCE_STORAGE_KEY, JSON.stringify({ '1': { nonce: 5 }, '2': 'x' }));
    expect(readLoginNonces()).toEqual({});
    localStorage.setItem(LOGIN_NONCE_STORAGE_KEY, '{not json');
    expect(readLoginNonces()).toEqual({});
  });

  it('offers the accounts only when the one-tap switch is on', () => {
    loadOneTapAccounts(false);
    expect(oneTapState.accounts).toEqual([]);
    loadOneTapAccounts(true);
    expect(oneTapState.accounts.map((a) => a.username)).toEqual(['ava.lindqvist']);
  });
});

describe('one-tap login', () => {
  it('posts the user id with the stored nonce and goes to next', async () => {
    vi.mocked(oneTapLogin).mockResolvedValueOnce({ authenticated: true, login_nonce: 'nonce-2' });
    await logInWithOneTap('101', '/explore/');
    expect(oneTapLogin).toHaveBeenCalledWith('101', 'nonce-101');
    expect(fullPageLoad).toHaveBeenCalledWith('/explore/');
    expect(readLoginNonces()['101'].nonce).toBe('nonce-2');
  });

  it('an invalid nonce removes the stored account; the failure toast persists', async () => {
    vi.mocked(oneTapLogin).mockRejectedValueOnce(invalidNonce());
    await logInWithOneTap('101', null);
    expect(readLoginNonces()).toEqual({});
    expect(oneTapState.accounts).toEqual([]);
    expect(toastState.current).toMatchObject({
      text: ONE_TAP_FAILED_MESSAGE,
      persistOnNavigate: true,
    });
  });

  it('another failure keeps the account', async () => {
    vi.mocked(oneTapLogin).mockRejectedValueOnce(new Error('offline'));
    await logInWithOneTap('101', null);
    expect(readLoginNonces()['101']).toBeDefined();
    expect(toastState.current?.text).toBe(ONE_TAP_FAILED_MESSAGE);
  });
});

describe('removing a one-tap account', () => {
  it('calls the server and forgets the account once removed', async () => {
    vi.mocked(removeOneTapNonce).mockResolvedValueOnce({ removed: true });
    await removeOneTapAccount('101');
    expect(removeOneTapNonce).toHaveBeenCalledWith('101', 'nonce-101');
    expect(readLoginNonces()).toEqual({});
    expect(oneTapState.accounts).toEqual([]);
  });

  it('a failed removal shows a toast and keeps the account', async () => {
    vi.mocked(removeOneTapNonce).mockRejectedValueOnce(new Error('offline'));
    await removeOneTapAccount('101');
    expect(toastState.current?.text).toBe(ONE_TAP_REMOVE_FAILED_MESSAGE);
    expect(readLoginNonces()['101']).toBeDefined();
  });
});

describe('logout', () => {
  beforeEach(() => {
    window._sharedData = { config: { viewer: viewerFixture, csrf_token: 't' } };
  });

  it('one_tap_app_login=1 keeps the account, completed with username and picture', async () => {
    vi.mocked(logout).mockResolvedValueOnce({});
    window._sharedData = {
      config: {
        viewer: { ...viewerFixture, profile_pic_url: '/media/a/101/150.jpg' },
        csrf_token: 't',
      },
      feature_switches: { one_tap_login: true } as FeatureSwitches,
    };
    await logOutOfDevice(true);
    expect(logout).toHaveBeenCalledWith(true);
    expect(readLoginNonces()['101']).toEqual({
      nonce: 'nonce-101',
      username: 'ava.lindqvist',
      profilePicUrl: '/media/a/101/150.jpg',
    });
    expect(fullPageLoad).toHaveBeenCalledWith('/accounts/login/');
  });

  it('one_tap_app_login=0 forgets the account on this device too', async () => {
    vi.mocked(logout).mockResolvedValueOnce({});
    await logOutOfDevice(false);
    expect(logout).toHaveBeenCalledWith(false);
    expect(readLoginNonces()).toEqual({});
  });

  it('with one-tap login switched off, logging out asks nothing and keeps nothing', async () => {
    vi.mocked(logout).mockResolvedValue({});
    logOutAndReload();
    expect(uiState.logoutDialogOpen).toBe(false);
    await vi.waitFor(() => expect(logout).toHaveBeenCalledWith(false));
    await vi.waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/accounts/login/'));
    expect(readLoginNonces()).toEqual({});
    // Even a caller that asks to keep it keeps nothing.
    storeLoginNonce('101', 'nonce-101');
    await logOutOfDevice(true);
    expect(logout).toHaveBeenLastCalledWith(false);
    expect(readLoginNonces()).toEqual({});
  });

  it('with one-tap login on, logging out asks "Remember login info?" first', () => {
    window._sharedData = {
      ...window._sharedData,
      feature_switches: { one_tap_login: true } as FeatureSwitches,
    };
    logOutAndReload();
    expect(uiState.logoutDialogOpen).toBe(true);
    expect(logout).not.toHaveBeenCalled();
    closeLogoutDialog();
  });

  it('"Remember" pressed twice before the answer logs out once; after a failure it tries again', async () => {
    window._sharedData = {
      ...window._sharedData,
      feature_switches: { one_tap_login: true } as FeatureSwitches,
    };
    let answer!: (value: object) => void;
    vi.mocked(logout)
      .mockRejectedValueOnce(new Error('offline'))
      .mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    render(createElement(LogoutDialogContent));
    const remember = screen.getByRole('button', { name: 'Remember' });
    await userEvent.click(remember);
    await vi.waitFor(() => expect(toastState.current?.actionText).toBe('Retry'));
    expect(logout).toHaveBeenCalledTimes(1);
    await userEvent.dblClick(remember);
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(logout).toHaveBeenCalledTimes(2);
    answer({});
    await vi.waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/accounts/login/'));
    expect(logout).toHaveBeenCalledTimes(2);
  });

  it('a failed logout stays and offers Retry', async () => {
    vi.mocked(logout).mockRejectedValueOnce(new Error('offline'));
    expect(await logOutOfDevice(false)).toBe(false);
    expect(fullPageLoad).not.toHaveBeenCalled();
    expect(toastState.current?.actionText).toBe('Retry');
    expect(readLoginNonces()['101']).toBeDefined();
  });
});
