import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../src/api/settings';
import * as navigation from '../../../src/lib/navigation';
import {
  CONTACTS_DELETE_FAILED,
  DEACTIVATED_LOGIN_URL,
  accessState,
  contactSelectionToggled,
  contactsDeleteFailed,
  contactsDeleteStarted,
  contactsDeleteSucceeded,
  contactsDeletedMessage,
  deactivate,
  deactivationFailed,
  deactivationStarted,
  deleteContactHistory,
  initialAccessState,
  loadAppAuthorizations,
  loadContactHistory,
  revokeApp,
  revokeFailed,
  revokeStarted,
  revokeSucceeded,
} from '../../../src/state/settingsAccess';
import { resetToastState, runToastAction, toastState } from '../../../src/state/toast';
import { setMember } from '../app/session';
import { failWith, failWithoutMessage } from './fixtures';

vi.mock('../../../src/api/settings', () => ({
  fetchAppAuthorizations: vi.fn(),
  revokeAppAccess: vi.fn(),
  fetchContactHistory: vi.fn(),
  deleteContacts: vi.fn(),
  deactivateAccount: vi.fn(),
}));
vi.mock('../../../src/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/navigation')>()),
  fullPageLoad: vi.fn(),
}));
const mocked = vi.mocked(api);

const app = (token: string) => ({
  app_name: `App ${token}`,
  app_description: 'Posts for you',
  scopes: ['basic'],
  token,
});
const contacts = [
  { id: 'c1', raw_value: 'ada@example.com' },
  { id: 'c2', raw_value: '+46 70 123 45 67' },
  { id: 'c3', raw_value: 'bo@example.com' },
];

beforeEach(() => {
  setMember();
  Object.assign(accessState, initialAccessState());
});
afterEach(() => {
  vi.clearAllMocks();
  resetToastState();
});

describe('app revoke (pure transitions)', () => {
  it('adds the token to the pending list, then removes the authorization', () => {
    const state = initialAccessState();
    state.appAuthorizations = { status: 'ready', data: [app('t1'), app('t2')] };
    expect(revokeStarted(state, 't1')).toBe(true);
    expect(state.pendingRevokes).toEqual(['t1']);
    expect(revokeStarted(state, 't1')).toBe(false);
    revokeSucceeded(state, 't1');
    expect(state.pendingRevokes).toEqual([]);
    expect(state.appAuthorizations.status === 'ready' && state.appAuthorizations.data).toEqual([
      app('t2'),
    ]);
  });

  it('failure clears the pending token and keeps the authorization', () => {
    const state = initialAccessState();
    state.appAuthorizations = { status: 'ready', data: [app('t1')] };
    revokeStarted(state, 't1');
    revokeFailed(state, 't1');
    expect(state.pendingRevokes).toEqual([]);
    expect(state.appAuthorizations.status === 'ready' && state.appAuthorizations.data).toHaveLength(
      1,
    );
  });
});

describe('app revoke (actions)', () => {
  it('lists the apps, revokes one, and offers Retry on failure', async () => {
    mocked.fetchAppAuthorizations.mockResolvedValueOnce([app('t1'), app('t2')]);
    await loadAppAuthorizations();
    mocked.revokeAppAccess.mockRejectedValueOnce(failWith('This app is not connected.'));
    expect(await revokeApp('t1')).toBe(false);
    expect(accessState.pendingRevokes).toEqual([]);
    expect(toastState.current).toMatchObject({
      text: 'This app is not connected.',
      actionText: 'Retry',
    });
    mocked.revokeAppAccess.mockResolvedValueOnce({});
    runToastAction();
    await vi.waitFor(() =>
      expect(
        accessState.appAuthorizations.status === 'ready' &&
          accessState.appAuthorizations.data.map((a) => a.token),
      ).toEqual(['t2']),
    );
    expect(mocked.revokeAppAccess).toHaveBeenLastCalledWith('t1');
  });
});

describe('contact history', () => {
  it('selection and deletion transitions', () => {
    const state = initialAccessState();
    state.contactHistory = { status: 'ready', data: [...contacts] };
    contactSelectionToggled(state, 'c1', true);
    contactSelectionToggled(state, 'c3', true);
    contactSelectionToggled(state, 'c3', false);
    expect(state.selectedContacts).toEqual(['c1']);
    contactsDeleteStarted(state);
    expect(state.deletingContacts).toBe(true);
    contactsDeleteFailed(state);
    expect(state.deletingContacts).toBe(false);
    contactsDeleteStarted(state);
    contactsDeleteSucceeded(state, ['c1']);
    expect(state.selectedContacts).toEqual([]);
    expect(state.contactHistory.status === 'ready' && state.contactHistory.data).toHaveLength(2);
  });

  it("deleting toasts '{count} contacts deleted'", async () => {
    mocked.fetchContactHistory.mockResolvedValueOnce([...contacts]);
    await loadContactHistory();
    mocked.deleteContacts.mockResolvedValueOnce({ deleted_count: 3 });
    expect(await deleteContactHistory(['c1', 'c2', 'c3'])).toBe(true);
    expect(mocked.deleteContacts).toHaveBeenCalledWith(['c1', 'c2', 'c3']);
    expect(toastState.current?.text).toBe('3 contacts deleted');
    expect(contactsDeletedMessage(2)).toBe('2 contacts deleted');
    expect(
      accessState.contactHistory.status === 'ready' && accessState.contactHistory.data,
    ).toEqual([]);
  });

  it("failure toasts 'There was an error. Please try again.' with Retry", async () => {
    mocked.fetchContactHistory.mockResolvedValueOnce([...contacts]);
    await loadContactHistory();
    mocked.deleteContacts.mockRejectedValueOnce(failWith('Server said no.'));
    expect(await deleteContactHistory(['c2'])).toBe(false);
    expect(toastState.current).toMatchObject({
      text: CONTACTS_DELETE_FAILED,
      actionText: 'Retry',
    });
    expect(CONTACTS_DELETE_FAILED).toBe('There was an error. Please try again.');
    mocked.deleteContacts.mockResolvedValueOnce({ deleted_count: 1 });
    runToastAction();
    await vi.waitFor(() => expect(toastState.current?.text).toBe('1 contacts deleted'));
  });

  it('a failed load is an error to retry', async () => {
    mocked.fetchContactHistory.mockRejectedValueOnce(failWithoutMessage());
    await loadContactHistory();
    expect(accessState.contactHistory.status).toBe('error');
  });
});

describe('deactivation', () => {
  it('request → failure re-enables the form', () => {
    const state = initialAccessState();
    deactivationStarted(state);
    expect(state.deactivating).toBe(true);
    deactivationFailed(state);
    expect(state.deactivating).toBe(false);
  });

  it('success logs out to the login page with source=deactivate via a full page load', async () => {
    mocked.deactivateAccount.mockResolvedValueOnce({});
    expect(await deactivate('Need a break', 'pw')).toBe(true);
    expect(mocked.deactivateAccount).toHaveBeenCalledWith('Need a break', 'pw');
    expect(navigation.fullPageLoad).toHaveBeenCalledWith(DEACTIVATED_LOGIN_URL);
    expect(DEACTIVATED_LOGIN_URL).toBe('/accounts/login/?source=deactivate');
  });

  it('failure toasts the server message with Retry and stays', async () => {
    mocked.deactivateAccount.mockRejectedValueOnce(failWith('Sorry, your password was incorrect.'));
    expect(await deactivate('Need a break', 'bad')).toBe(false);
    expect(navigation.fullPageLoad).not.toHaveBeenCalled();
    expect(accessState.deactivating).toBe(false);
    expect(toastState.current).toMatchObject({
      text: 'Sorry, your password was incorrect.',
      actionText: 'Retry',
    });
  });
});
