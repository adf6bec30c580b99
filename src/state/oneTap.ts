import { proxy } from 'valtio';
import { oneTapLogin, removeOneTapNonce } from '../api/accounts';
import { RequestError } from '../api/client';
import type { WireViewer } from '../api/types';
import { fullPageLoad } from '../lib/navigation';
import { isFeatureEnabled } from '../lib/sharedData';
import { safeNext } from '../lib/safeNext';
import { registerAuthFormReset } from './authForm';
import { logAuthEvent } from './authEvents';
import { showToast } from './toast';

/** Spec §3 login nonce store: one local-storage key, per user id a nonce, username and picture. */
export const LOGIN_NONCE_STORAGE_KEY = 'glint.loginNonces';

export interface StoredLoginNonce {
  nonce: string;
  username: string;
  profilePicUrl: string;
}

export type LoginNonceStore = Record<string, StoredLoginNonce>;

export const ONE_TAP_FAILED_MESSAGE = "Couldn't log you in. Please log in with your password.";
export const ONE_TAP_REMOVE_FAILED_MESSAGE = "Couldn't remove the account. Please try again.";

function isEntry(value: unknown): value is StoredLoginNonce {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.nonce === 'string' &&
    v.nonce !== '' &&
    typeof v.username === 'string' &&
    typeof v.profilePicUrl === 'string'
  );
}

/** The stored accounts; anything malformed (another version, a manual edit) is dropped. */
export function readLoginNonces(): LoginNonceStore {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(LOGIN_NONCE_STORAGE_KEY);
  } catch {
    return {};
  }
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object') return {};
    const out: LoginNonceStore = {};
    for (const [userId, entry] of Object.entries(parsed)) if (isEntry(entry)) out[userId] = entry;
    return out;
  } catch {
    return {};
  }
}

function writeLoginNonces(store: LoginNonceStore): void {
  try {
    if (Object.keys(store).length === 0) window.localStorage.removeItem(LOGIN_NONCE_STORAGE_KEY);
    else window.localStorage.setItem(LOGIN_NONCE_STORAGE_KEY, JSON.stringify(store));
  } catch {
    // Storage full or disabled: one-tap login is simply not offered next time.
  }
}

/** Stores the login_nonce a login answered with; known username/picture are kept. */
export function storeLoginNonce(
  userId: string,
  nonce: string,
  info: Partial<Omit<StoredLoginNonce, 'nonce'>> = {},
): void {
  const store = readLoginNonces();
  const previous = store[userId];
  store[userId] = {
    nonce,
    username: info.username || previous?.username || '',
    profilePicUrl: info.profilePicUrl || previous?.profilePicUrl || '',
  };
  writeLoginNonces(store);
}

export function forgetLoginNonce(userId: string): void {
  const store = readLoginNonces();
  if (!(userId in store)) return;
  delete store[userId];
  writeLoginNonces(store);
}

/** At logout the viewer is known: completes the stored entry with the username and picture. */
export function completeStoredAccount(
  viewer: Pick<WireViewer, 'id' | 'username' | 'profile_pic_url'>,
) {
  const store = readLoginNonces();
  const entry = store[viewer.id];
  if (!entry) return;
  store[viewer.id] = {
    ...entry,
    username: viewer.username,
    profilePicUrl: viewer.profile_pic_url,
  };
  writeLoginNonces(store);
}

export interface OneTapAccount extends StoredLoginNonce {
  userId: string;
}

interface OneTapState {
  accounts: OneTapAccount[];
  /** The account being logged into or removed. */
  pendingUserId: string | null;
}

export const oneTapState = proxy<OneTapState>({ accounts: [], pendingUserId: null });

/** Re-reads the store. One-tap login is offered only when its feature switch is on. */
export function loadOneTapAccounts(enabled: boolean = isFeatureEnabled('one_tap_login')): void {
  const store = enabled ? readLoginNonces() : {};
  oneTapState.accounts = Object.entries(store).map(([userId, entry]) => ({ userId, ...entry }));
}

registerAuthFormReset('oneTapLogin', () => {
  oneTapState.pendingUserId = null;
});

function isInvalidNonce(error: unknown): boolean {
  if (!(error instanceof RequestError)) return false;
  const parsed = error.parsed as { error_type?: unknown } | null;
  return parsed?.error_type === 'invalid_nonce';
}

/** POST /accounts/one_tap_web_login/ with the stored nonce; success goes to next. */
export async function logInWithOneTap(userId: string, next: string | null): Promise<void> {
  const account = oneTapState.accounts.find((a) => a.userId === userId);
  if (!account || oneTapState.pendingUserId) return;
  oneTapState.pendingUserId = userId;
  try {
    const result = await oneTapLogin(userId, account.nonce);
    if (!result.authenticated) throw new Error('not authenticated');
    if (result.login_nonce) storeLoginNonce(userId, result.login_nonce);
    logAuthEvent({ name: 'login_success', reactivated: !!result.reactivated, method: 'one_tap' });
    fullPageLoad(safeNext(next));
    return;
  } catch (error) {
    // An invalid nonce can never work again: the device forgets that account.
    if (isInvalidNonce(error)) {
      forgetLoginNonce(userId);
      loadOneTapAccounts();
    }
    showToast({ text: ONE_TAP_FAILED_MESSAGE, persistOnNavigate: true });
  }
  oneTapState.pendingUserId = null;
}

/** Removes a saved account; the device forgets it once the server confirms `removed`. */
export async function removeOneTapAccount(userId: string): Promise<void> {
  const account = oneTapState.accounts.find((a) => a.userId === userId);
  if (!account || oneTapState.pendingUserId) return;
  oneTapState.pendingUserId = userId;
  try {
    const result = await removeOneTapNonce(userId, account.nonce);
    if (!result.removed) throw new Error('not removed');
    forgetLoginNonce(userId);
    loadOneTapAccounts();
  } catch {
    showToast({ text: ONE_TAP_REMOVE_FAILED_MESSAGE });
  }
  oneTapState.pendingUserId = null;
}
