import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../src/api/settings';
import { formDataLoaded, initialSettingsState, settingsState } from '../../../src/state/settings';
import {
  EMAIL_SUBSCRIBED,
  EMAIL_UNSUBSCRIBED,
  KEYWORDS_SAVED,
  SAVE_FAILED,
  commentFilterLoaded,
  commentFilterSettled,
  commentFilterToggled,
  displayKeywords,
  emailPreferenceSettled,
  emailPreferenceToggled,
  emailPreferencesLoaded,
  initialPreferencesState,
  keywordsDraftEdited,
  keywordsSaveFailed,
  keywordsSaveStarted,
  keywordsSaveSucceeded,
  preferencesState,
  saveKeywords,
  toggleCommentFilter,
  toggleEmailPreference,
  togglePrivateAccount,
} from '../../../src/state/settingsPreferences';
import { resetToastState, runToastAction, toastState } from '../../../src/state/toast';
import { setMember, viewerFixture } from '../app/session';
import { failWith, failWithoutMessage, formDataFixture } from './fixtures';

vi.mock('../../../src/api/settings', () => ({
  fetchEmailPreferences: vi.fn(),
  setEmailPreference: vi.fn(),
  fetchCommentFilter: vi.fn(),
  setCommentFilter: vi.fn(),
  setCommentFilterKeywords: vi.fn(),
  saveProfileEdit: vi.fn(),
}));
const mocked = vi.mocked(api);

const emails = () => [
  { name: 'news_emails', label: 'News emails: new features.', checked: EMAIL_SUBSCRIBED },
  { name: 'product_emails', label: 'Product emails: tips.', checked: EMAIL_UNSUBSCRIBED },
];

const checkedOf = (name: string) =>
  preferencesState.emailPreferences.status === 'ready'
    ? preferencesState.emailPreferences.data.find((p) => p.name === name)?.checked
    : undefined;

beforeEach(() => {
  setMember();
  Object.assign(preferencesState, initialPreferencesState());
  Object.assign(settingsState, initialSettingsState());
});
afterEach(() => {
  vi.clearAllMocks();
  resetToastState();
});

describe('keywords display (spec §5)', () => {
  it('is sorted and comma-joined', () => {
    expect(displayKeywords(['spam', 'Buy', 'ads'])).toBe('ads, Buy, spam');
    expect(displayKeywords([])).toBe('');
  });
});

describe('email preferences (optimistic)', () => {
  it('toggle shows the new value at once, marks it pending and answers the previous value', () => {
    const state = initialPreferencesState();
    emailPreferencesLoaded(state, emails());
    expect(emailPreferenceToggled(state, 'news_emails', false)).toBe(EMAIL_SUBSCRIBED);
    expect(
      state.emailPreferences.status === 'ready' && state.emailPreferences.data[0].checked,
    ).toBe(EMAIL_UNSUBSCRIBED);
    expect(state.pendingEmailPreferences).toEqual(['news_emails']);
    // A second tap while pending is ignored.
    expect(emailPreferenceToggled(state, 'news_emails', true)).toBeNull();
  });

  it('success confirms; failure reverts to the previous value', () => {
    const state = initialPreferencesState();
    emailPreferencesLoaded(state, emails());
    emailPreferenceToggled(state, 'news_emails', false);
    emailPreferenceSettled(state, 'news_emails', null);
    expect(state.pendingEmailPreferences).toEqual([]);
    expect(
      state.emailPreferences.status === 'ready' && state.emailPreferences.data[0].checked,
    ).toBe(EMAIL_UNSUBSCRIBED);
    const previous = emailPreferenceToggled(state, 'news_emails', true);
    emailPreferenceSettled(state, 'news_emails', previous);
    expect(
      state.emailPreferences.status === 'ready' && state.emailPreferences.data[0].checked,
    ).toBe(EMAIL_UNSUBSCRIBED);
  });

  it('a failed call reverts and toasts with Retry', async () => {
    emailPreferencesLoaded(preferencesState, emails());
    mocked.setEmailPreference.mockRejectedValueOnce(failWithoutMessage());
    expect(await toggleEmailPreference('product_emails', true)).toBe(false);
    expect(mocked.setEmailPreference).toHaveBeenCalledWith('product_emails', true);
    expect(checkedOf('product_emails')).toBe(EMAIL_UNSUBSCRIBED);
    expect(toastState.current).toMatchObject({ text: SAVE_FAILED, actionText: 'Retry' });
    mocked.setEmailPreference.mockResolvedValueOnce({});
    runToastAction();
    await vi.waitFor(() => expect(checkedOf('product_emails')).toBe(EMAIL_SUBSCRIBED));
    expect(preferencesState.pendingEmailPreferences).toEqual([]);
  });
});

describe('comment filter (optimistic)', () => {
  it('config_value 1 means on; keywords load into the draft, sorted', () => {
    const state = initialPreferencesState();
    commentFilterLoaded(state, { config_value: 1, keywords: ['spam', 'ads'] });
    expect(state.commentFilter).toEqual({
      status: 'ready',
      data: { configOn: true, keywords: ['spam', 'ads'] },
    });
    expect(state.keywordsDraft).toBe('ads, spam');
  });

  it('toggle → confirm, or toggle → revert', () => {
    const state = initialPreferencesState();
    commentFilterLoaded(state, { config_value: 0, keywords: [] });
    expect(commentFilterToggled(state, true)).toBe(false);
    expect(state.commentFilterPending).toBe(true);
    expect(commentFilterToggled(state, false)).toBeNull();
    commentFilterSettled(state, null);
    expect(state.commentFilter.status === 'ready' && state.commentFilter.data.configOn).toBe(true);
    const previous = commentFilterToggled(state, false);
    commentFilterSettled(state, previous);
    expect(state.commentFilter.status === 'ready' && state.commentFilter.data.configOn).toBe(true);
    expect(state.commentFilterPending).toBe(false);
  });

  it('a failed toggle reverts with the server message and Retry', async () => {
    commentFilterLoaded(preferencesState, { config_value: 0, keywords: [] });
    mocked.setCommentFilter.mockRejectedValueOnce(failWith('Please log in.'));
    expect(await toggleCommentFilter(true)).toBe(false);
    expect(
      preferencesState.commentFilter.status === 'ready' &&
        preferencesState.commentFilter.data.configOn,
    ).toBe(false);
    expect(toastState.current).toMatchObject({ text: 'Please log in.', actionText: 'Retry' });
  });

  it('a saved toggle confirms with a success toast', async () => {
    commentFilterLoaded(preferencesState, { config_value: 0, keywords: [] });
    mocked.setCommentFilter.mockResolvedValueOnce(undefined as never);
    expect(await toggleCommentFilter(true)).toBe(true);
    expect(toastState.current).toMatchObject({ text: 'Offensive comments will be hidden.' });
  });

  it('keyword saving: the server list replaces the draft, with a toast', async () => {
    const state = initialPreferencesState();
    commentFilterLoaded(state, { config_value: 1, keywords: [] });
    keywordsDraftEdited(state, 'spam, ads,, spam');
    keywordsSaveStarted(state);
    expect(state.savingKeywords).toBe(true);
    keywordsSaveSucceeded(state, ['ads', 'spam']);
    expect(state.savingKeywords).toBe(false);
    expect(state.keywordsDraft).toBe('ads, spam');
    keywordsDraftEdited(state, 'x');
    keywordsSaveStarted(state);
    keywordsSaveFailed(state);
    expect(state.savingKeywords).toBe(false);
    expect(state.keywordsDraft).toBe('x');

    commentFilterLoaded(preferencesState, { config_value: 1, keywords: [] });
    keywordsDraftEdited(preferencesState, 'spam, ads');
    mocked.setCommentFilterKeywords.mockResolvedValueOnce({ keywords: ['ads', 'spam'] });
    expect(await saveKeywords()).toBe(true);
    expect(mocked.setCommentFilterKeywords).toHaveBeenCalledWith('spam, ads');
    expect(toastState.current?.text).toBe(KEYWORDS_SAVED);
    mocked.setCommentFilterKeywords.mockRejectedValueOnce(failWith('Too long.'));
    expect(await saveKeywords()).toBe(false);
    expect(toastState.current).toMatchObject({ text: 'Too long.', actionText: 'Retry' });
  });
});

describe('private account switch', () => {
  it('saves at once from the committed data and keeps other uncommitted edits', async () => {
    formDataLoaded(settingsState, formDataFixture);
    settingsState.profile.bio = 'Unsaved draft';
    mocked.saveProfileEdit.mockResolvedValueOnce({
      form_data: { ...formDataFixture, private_account: true },
      user: { ...viewerFixture, is_private: true },
    });
    expect(await togglePrivateAccount(true)).toBe(true);
    expect(mocked.saveProfileEdit).toHaveBeenCalledWith(
      expect.objectContaining({ private_account: true, biography: 'Light and lakes.' }),
    );
    expect(settingsState.profile.privateAccount).toBe(true);
    expect(settingsState.profile.bio).toBe('Unsaved draft');
  });

  it('reverts on failure', async () => {
    formDataLoaded(settingsState, formDataFixture);
    mocked.saveProfileEdit.mockRejectedValueOnce(failWithoutMessage());
    expect(await togglePrivateAccount(true)).toBe(false);
    expect(
      settingsState.formData.status === 'ready' && settingsState.formData.data.private_account,
    ).toBe(false);
    expect(toastState.current).toMatchObject({ text: SAVE_FAILED, actionText: 'Retry' });
    expect(preferencesState.privateAccountPending).toBe(false);
  });
});
