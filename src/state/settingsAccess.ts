// Authorised apps, contact history and deactivation (accounts-platform §3, §4, §7, §8).
// Revoking a token puts it on a pending list, then removes the authorization (failure: toast with
// Retry, pending cleared). Contact deletion: '{count} contacts deleted', or the spec's error text
// with Retry. Deactivation ends in a full page load of the login page with source=deactivate.
import { proxy } from 'valtio';
import { isAbortError } from '../api/client';
import {
  deactivateAccount,
  deleteContacts,
  fetchAppAuthorizations,
  fetchContactHistory,
  revokeAppAccess,
  type AppAuthorization,
  type ContactHistoryEntry,
} from '../api/settings';
import { fullPageLoad } from '../lib/navigation';
import { getViewer } from '../lib/sharedData';
import { forgetLoginNonce } from './oneTap';
import { failureMessage, reportFailure, reportSuccess, type Resource } from './settings';

export interface AccessState {
  appAuthorizations: Resource<AppAuthorization[]>;
  /** Tokens whose revoke call is in flight. */
  pendingRevokes: string[];
  contactHistory: Resource<ContactHistoryEntry[]>;
  /** Node ids ticked for "Delete selected". */
  selectedContacts: string[];
  deletingContacts: boolean;
  deactivating: boolean;
}

export const initialAccessState = (): AccessState => ({
  appAuthorizations: { status: 'loading' },
  pendingRevokes: [],
  contactHistory: { status: 'loading' },
  selectedContacts: [],
  deletingContacts: false,
  deactivating: false,
});

export const accessState = proxy<AccessState>(initialAccessState());

export const REVOKE_FAILED = "Access couldn't be removed. Please try again.";
export const CONTACTS_DELETE_FAILED = 'There was an error. Please try again.';
export const DEACTIVATE_FAILED = "Your account couldn't be deactivated. Please try again.";
export const DEACTIVATED_LOGIN_URL = '/accounts/login/?source=deactivate';

/** The deletion-reason choices (the spec does not list them; these are the usual ones). */
export const DEACTIVATION_REASONS = [
  'Need a break',
  'Too busy / too distracting',
  'Privacy concerns',
  'Created a second account',
  'Trouble getting started',
  'Want to remove something',
  'Too many ads',
  'Can’t find people to follow',
  'Something else',
] as const;

export const contactsDeletedMessage = (count: number) => `${count} contacts deleted`;

// ── Apps ───────────────────────────────────────────────────────────────────────────────────

export function revokeStarted(state: AccessState, token: string): boolean {
  if (state.pendingRevokes.includes(token)) return false;
  state.pendingRevokes.push(token);
  return true;
}

export function revokeSucceeded(state: AccessState, token: string): void {
  state.pendingRevokes = state.pendingRevokes.filter((t) => t !== token);
  if (state.appAuthorizations.status === 'ready') {
    state.appAuthorizations.data = state.appAuthorizations.data.filter((a) => a.token !== token);
  }
}

export function revokeFailed(state: AccessState, token: string): void {
  state.pendingRevokes = state.pendingRevokes.filter((t) => t !== token);
}

// ── Contacts ───────────────────────────────────────────────────────────────────────────────

export function contactSelectionToggled(state: AccessState, nodeId: string, on: boolean): void {
  const others = state.selectedContacts.filter((id) => id !== nodeId);
  state.selectedContacts = on ? [...others, nodeId] : others;
}

export function contactsDeleteStarted(state: AccessState): void {
  state.deletingContacts = true;
}

export function contactsDeleteSucceeded(state: AccessState, nodeIds: readonly string[]): void {
  state.deletingContacts = false;
  const gone = new Set(nodeIds);
  state.selectedContacts = state.selectedContacts.filter((id) => !gone.has(id));
  if (state.contactHistory.status === 'ready') {
    state.contactHistory.data = state.contactHistory.data.filter((c) => !gone.has(c.id));
  }
}

export function contactsDeleteFailed(state: AccessState): void {
  state.deletingContacts = false;
}

// ── Deactivation ───────────────────────────────────────────────────────────────────────────

export function deactivationStarted(state: AccessState): void {
  state.deactivating = true;
}

export function deactivationFailed(state: AccessState): void {
  state.deactivating = false;
}

// ── Async actions ──────────────────────────────────────────────────────────────────────────

async function load<T>(
  fetcher: (opts: { signal?: AbortSignal }) => Promise<T>,
  apply: (resource: Resource<T>) => void,
  fallback: string,
  signal?: AbortSignal,
): Promise<void> {
  try {
    apply({ status: 'ready', data: await fetcher({ signal }) });
  } catch (e) {
    if (isAbortError(e)) return;
    apply({ status: 'error', error: failureMessage(e, fallback) });
  }
}

export const loadAppAuthorizations = (signal?: AbortSignal) =>
  load(
    fetchAppAuthorizations,
    (r) => (accessState.appAuthorizations = r),
    "Your apps and websites couldn't be loaded.",
    signal,
  );

export const loadContactHistory = (signal?: AbortSignal) =>
  load(
    fetchContactHistory,
    (r) => {
      accessState.contactHistory = r;
      accessState.selectedContacts = [];
    },
    "Your contacts couldn't be loaded.",
    signal,
  );

export async function revokeApp(token: string): Promise<boolean> {
  if (!revokeStarted(accessState, token)) return false;
  try {
    await revokeAppAccess(token);
    revokeSucceeded(accessState, token);
    reportSuccess('Access removed.');
    return true;
  } catch (e) {
    revokeFailed(accessState, token);
    reportFailure(failureMessage(e, REVOKE_FAILED), () => void revokeApp(token));
    return false;
  }
}

/** Deletes the given contacts (all of them, or the selection). */
export async function deleteContactHistory(nodeIds: string[]): Promise<boolean> {
  if (accessState.deletingContacts || nodeIds.length === 0) return false;
  contactsDeleteStarted(accessState);
  try {
    const { deleted_count: count } = await deleteContacts(nodeIds);
    contactsDeleteSucceeded(accessState, nodeIds);
    reportSuccess(contactsDeletedMessage(count));
    return true;
  } catch {
    contactsDeleteFailed(accessState);
    reportFailure(CONTACTS_DELETE_FAILED, () => void deleteContactHistory(nodeIds));
    return false;
  }
}

/** Spec §4: on success the member is logged out to the login page via a full page load. */
export async function deactivate(reason: string, password: string): Promise<boolean> {
  if (accessState.deactivating) return false;
  deactivationStarted(accessState);
  try {
    await deactivateAccount(reason, password);
    // The server dropped this account's one-tap nonces; the device forgets it too.
    const viewer = getViewer();
    if (viewer) forgetLoginNonce(viewer.id);
    // `deactivating` stays true: the page is being replaced, the button stays busy until then.
    fullPageLoad(DEACTIVATED_LOGIN_URL);
    return true;
  } catch (e) {
    deactivationFailed(accessState);
    reportFailure(failureMessage(e, DEACTIVATE_FAILED), () => void deactivate(reason, password));
    return false;
  }
}
