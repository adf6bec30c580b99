// Suggestions (content §4 "Suggestions": loading, loaded, failed, and dismissal). Dismissals are an
// optimistic overlay: the card leaves at once and comes back, with a toast, if the server refuses.
// Profile chaining rows are status unions keyed by profile id (CONVENTIONS 7).
import { proxy } from 'valtio';
import { isAbortError } from '../api/client';
import {
  dismissChainingUser,
  dismissSuggestedUser,
  fetchProfileChaining,
} from '../api/suggestions';
import type { WireUser } from '../api/types';
import { logClientEvent } from '../lib/eventLog';
import { relationshipFromWire, rememberRelationship } from './relationships';
import { showToast } from './toast';

export type ChainingResource =
  { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: WireUser[] };

interface SuggestionsState {
  /** Accounts dismissed from suggested users (in flight or stored), by user id. */
  dismissed: Record<string, true>;
  /** Accounts dismissed from a chaining row, keyed by chainingDismissKey. */
  dismissedFromChaining: Record<string, true>;
  /** Chaining rows by profile id. */
  chaining: Record<string, ChainingResource>;
}

export const suggestionsState = proxy<SuggestionsState>({
  dismissed: {},
  dismissedFromChaining: {},
  chaining: {},
});

export const chainingDismissKey = (profileId: string, userId: string) => `${profileId}:${userId}`;

interface Dismissable {
  id: string;
  username: string;
}

/** The suggestions still shown: without those the viewer dismissed. */
export function withoutDismissed<T extends { user: { id: string } }>(
  items: readonly T[],
  dismissed: Readonly<Record<string, true>>,
): T[] {
  return items.filter((item) => !dismissed[item.user.id]);
}

/** A profile's chaining row without dismissed accounts (from this row or suggested users). */
export function visibleChaining(
  profileId: string,
  users: readonly WireUser[],
  state: Pick<SuggestionsState, 'dismissed' | 'dismissedFromChaining'>,
): WireUser[] {
  return users.filter(
    (u) =>
      !state.dismissed[u.id] && !state.dismissedFromChaining[chainingDismissKey(profileId, u.id)],
  );
}

function dismissFailed(user: Dismissable, kind: 'aysf' | 'chaining', error: unknown): void {
  console.warn(`Dismissing ${user.username} failed.`, error);
  logClientEvent('suggestion_dismiss_failure', { kind });
  showToast({ text: `Couldn't dismiss ${user.username}. Please try again.` });
}

/** Dismisses a suggested account: hidden at once, restored with a toast if the call fails. */
export async function dismissSuggestion(user: Dismissable): Promise<void> {
  if (suggestionsState.dismissed[user.id]) return;
  suggestionsState.dismissed[user.id] = true;
  try {
    await dismissSuggestedUser(user.id);
  } catch (error) {
    delete suggestionsState.dismissed[user.id];
    dismissFailed(user, 'aysf', error);
  }
}

/** Dismisses an account from profile `profileId`'s chaining row, optimistically. */
export async function dismissChainingSuggestion(
  profileId: string,
  user: Dismissable,
): Promise<void> {
  const key = chainingDismissKey(profileId, user.id);
  if (suggestionsState.dismissedFromChaining[key]) return;
  suggestionsState.dismissedFromChaining[key] = true;
  try {
    await dismissChainingUser(user.id, profileId);
  } catch (error) {
    delete suggestionsState.dismissedFromChaining[key];
    dismissFailed(user, 'chaining', error);
  }
}

/**
 * Loads profile `profileId`'s chaining row once (a row already loaded is kept). A failure is
 * logged and marked failed (content §8).
 */
export async function loadChaining(profileId: string, signal?: AbortSignal): Promise<void> {
  const current = suggestionsState.chaining[profileId];
  if (current?.status === 'ready') return;
  suggestionsState.chaining[profileId] = { status: 'loading' };
  try {
    const users = await fetchProfileChaining(profileId, { signal });
    for (const user of users) rememberRelationship(user.id, relationshipFromWire(user));
    suggestionsState.chaining[profileId] = { status: 'ready', data: users };
  } catch (error) {
    if (isAbortError(error)) {
      delete suggestionsState.chaining[profileId];
      return;
    }
    console.warn('Profile chaining failed to load.', error);
    logClientEvent('profile_chaining_failure');
    suggestionsState.chaining[profileId] = { status: 'failed' };
  }
}

/** Test helper. */
export function resetSuggestions(): void {
  suggestionsState.dismissed = {};
  suggestionsState.dismissedFromChaining = {};
  suggestionsState.chaining = {};
}
