// Optimistic settings switches and comment keywords (accounts-platform §3, §4, §5, §8): email
// preferences, the comment filter and the private-account switch show the new value at once; the
// server's answer confirms it, a failure puts the previous value back and offers Retry. A switch
// is disabled while its request is in flight, so "previous" is always the confirmed value.
import { proxy } from 'valtio';
import { isAbortError } from '../api/client';
import {
  fetchCommentFilter,
  fetchEmailPreferences,
  saveProfileEdit,
  setCommentFilter,
  setCommentFilterKeywords,
  setEmailPreference,
  type EmailPreference,
} from '../api/settings';
import { setViewer } from '../lib/sharedData';
import {
  failureMessage,
  formDataRefreshed,
  profileFromFormData,
  profilePayload,
  reportFailure,
  reportSuccess,
  settingsState,
  type Resource,
} from './settings';

/** Spec §3: checked 2 means subscribed, 1 means not. */
export const EMAIL_SUBSCRIBED = 2;
export const EMAIL_UNSUBSCRIBED = 1;

export interface PreferencesState {
  emailPreferences: Resource<EmailPreference[]>;
  /** Names of email lists whose change is in flight. */
  pendingEmailPreferences: string[];
  commentFilter: Resource<{ configOn: boolean; keywords: string[] }>;
  commentFilterPending: boolean;
  keywordsDraft: string;
  savingKeywords: boolean;
  privateAccountPending: boolean;
}

export const initialPreferencesState = (): PreferencesState => ({
  emailPreferences: { status: 'loading' },
  pendingEmailPreferences: [],
  commentFilter: { status: 'loading' },
  commentFilterPending: false,
  keywordsDraft: '',
  savingKeywords: false,
  privateAccountPending: false,
});

export const preferencesState = proxy<PreferencesState>(initialPreferencesState());

export const SAVE_FAILED = "Your change couldn't be saved. Please try again.";
export const COMMENT_FILTER_ON = 'Offensive comments will be hidden.';
export const COMMENT_FILTER_OFF = 'Offensive comments will be shown.';
export const KEYWORDS_SAVED = 'Keywords saved.';

const byName = (a: string, b: string) =>
  a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b);

/** Spec §5: keywords are displayed sorted and comma-joined. */
export function displayKeywords(keywords: readonly string[]): string {
  return [...keywords].sort(byName).join(', ');
}

export const isSubscribed = (preference: Pick<EmailPreference, 'checked'>) =>
  preference.checked === EMAIL_SUBSCRIBED;

// ── Email preferences ──────────────────────────────────────────────────────────────────────

export function emailPreferencesLoaded(state: PreferencesState, list: EmailPreference[]): void {
  state.emailPreferences = { status: 'ready', data: list };
}

/** Optimistic: shows the new value and marks the list pending; answers the previous value. */
export function emailPreferenceToggled(
  state: PreferencesState,
  name: string,
  subscribed: boolean,
): number | null {
  if (state.emailPreferences.status !== 'ready') return null;
  const preference = state.emailPreferences.data.find((p) => p.name === name);
  if (!preference || state.pendingEmailPreferences.includes(name)) return null;
  const previous = preference.checked;
  preference.checked = subscribed ? EMAIL_SUBSCRIBED : EMAIL_UNSUBSCRIBED;
  state.pendingEmailPreferences.push(name);
  return previous;
}

export function emailPreferenceSettled(
  state: PreferencesState,
  name: string,
  revertTo: number | null,
): void {
  state.pendingEmailPreferences = state.pendingEmailPreferences.filter((n) => n !== name);
  if (revertTo === null || state.emailPreferences.status !== 'ready') return;
  const preference = state.emailPreferences.data.find((p) => p.name === name);
  if (preference) preference.checked = revertTo;
}

// ── Comment filter ─────────────────────────────────────────────────────────────────────────

export function commentFilterLoaded(
  state: PreferencesState,
  data: { config_value: number; keywords: string[] },
): void {
  // Spec §3: config_value 1 means on.
  state.commentFilter = {
    status: 'ready',
    data: { configOn: data.config_value === 1, keywords: data.keywords },
  };
  state.keywordsDraft = displayKeywords(data.keywords);
}

export function commentFilterToggled(state: PreferencesState, on: boolean): boolean | null {
  if (state.commentFilter.status !== 'ready' || state.commentFilterPending) return null;
  const previous = state.commentFilter.data.configOn;
  state.commentFilter.data.configOn = on;
  state.commentFilterPending = true;
  return previous;
}

export function commentFilterSettled(state: PreferencesState, revertTo: boolean | null): void {
  state.commentFilterPending = false;
  if (revertTo !== null && state.commentFilter.status === 'ready') {
    state.commentFilter.data.configOn = revertTo;
  }
}

export function keywordsDraftEdited(state: PreferencesState, draft: string): void {
  state.keywordsDraft = draft;
}

export function keywordsSaveStarted(state: PreferencesState): void {
  state.savingKeywords = true;
}

/** The server's cleaned, sorted list replaces the draft. */
export function keywordsSaveSucceeded(state: PreferencesState, keywords: string[]): void {
  state.savingKeywords = false;
  if (state.commentFilter.status === 'ready') state.commentFilter.data.keywords = keywords;
  state.keywordsDraft = displayKeywords(keywords);
}

export function keywordsSaveFailed(state: PreferencesState): void {
  state.savingKeywords = false;
}

// ── Async actions ──────────────────────────────────────────────────────────────────────────

export async function loadEmailPreferences(signal?: AbortSignal): Promise<void> {
  try {
    emailPreferencesLoaded(preferencesState, await fetchEmailPreferences({ signal }));
  } catch (e) {
    if (isAbortError(e)) return;
    const error = failureMessage(e, "Your email preferences couldn't be loaded.");
    preferencesState.emailPreferences = { status: 'error', error };
  }
}

export async function toggleEmailPreference(name: string, subscribed: boolean): Promise<boolean> {
  const previous = emailPreferenceToggled(preferencesState, name, subscribed);
  if (previous === null) return false;
  try {
    await setEmailPreference(name, subscribed);
    emailPreferenceSettled(preferencesState, name, null);
    return true;
  } catch (e) {
    emailPreferenceSettled(preferencesState, name, previous);
    reportFailure(failureMessage(e, SAVE_FAILED), () => {
      void toggleEmailPreference(name, subscribed);
    });
    return false;
  }
}

export async function loadCommentFilter(signal?: AbortSignal): Promise<void> {
  try {
    commentFilterLoaded(preferencesState, await fetchCommentFilter({ signal }));
  } catch (e) {
    if (isAbortError(e)) return;
    const error = failureMessage(e, "Your comment settings couldn't be loaded.");
    preferencesState.commentFilter = { status: 'error', error };
  }
}

export async function toggleCommentFilter(on: boolean): Promise<boolean> {
  const previous = commentFilterToggled(preferencesState, on);
  if (previous === null) return false;
  try {
    await setCommentFilter(on);
    commentFilterSettled(preferencesState, null);
    reportSuccess(on ? COMMENT_FILTER_ON : COMMENT_FILTER_OFF);
    return true;
  } catch (e) {
    commentFilterSettled(preferencesState, previous);
    reportFailure(failureMessage(e, SAVE_FAILED), () => void toggleCommentFilter(on));
    return false;
  }
}

export async function saveKeywords(): Promise<boolean> {
  if (preferencesState.savingKeywords) return false;
  const draft = preferencesState.keywordsDraft;
  keywordsSaveStarted(preferencesState);
  try {
    const { keywords } = await setCommentFilterKeywords(draft);
    keywordsSaveSucceeded(preferencesState, keywords);
    reportSuccess(KEYWORDS_SAVED);
    return true;
  } catch (e) {
    keywordsSaveFailed(preferencesState);
    reportFailure(failureMessage(e, SAVE_FAILED), () => void saveKeywords());
    return false;
  }
}

/**
 * The private-account switch saves at once from the COMMITTED form data (not the Edit profile
 * page's unsaved edits), optimistically like the other switches.
 */
export async function togglePrivateAccount(on: boolean): Promise<boolean> {
  const form = settingsState.formData;
  if (form.status !== 'ready' || preferencesState.privateAccountPending) return false;
  const committed = { ...form.data };
  preferencesState.privateAccountPending = true;
  formDataRefreshed(settingsState, { ...committed, private_account: on });
  try {
    const saved = await saveProfileEdit(
      profilePayload({ ...profileFromFormData(committed), privateAccount: on }),
    );
    formDataRefreshed(settingsState, saved.form_data);
    if (saved.user) setViewer(saved.user);
    return true;
  } catch (e) {
    formDataRefreshed(settingsState, committed);
    reportFailure(failureMessage(e, SAVE_FAILED), () => void togglePrivateAccount(on));
    return false;
  } finally {
    preferencesState.privateAccountPending = false;
  }
}
