import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../src/api/settings';
import { getViewer } from '../../../src/lib/sharedData';
import {
  PASSWORD_CHANGED,
  PASSWORD_CHANGE_FAILED,
  PASSWORD_FIELDS_MISSING,
  PASSWORDS_DIFFER,
  PROFILE_SAVED,
  PROFILE_SAVE_FAILED,
  formDataLoaded,
  formDataRefreshed,
  initialSettingsState,
  isProfileDirty,
  loadSettingsForm,
  passwordChangeFailed,
  passwordChangeProblem,
  passwordChangeStarted,
  passwordChangeSucceeded,
  passwordFieldEdited,
  profileFieldEdited,
  profilePayload,
  profileSaveFailed,
  profileSaveStarted,
  profileSaveSucceeded,
  saveProfile,
  settingsState,
  submitPasswordChange,
} from '../../../src/state/settings';
import { resetToastState, runToastAction, toastState } from '../../../src/state/toast';
import { setMember, viewerFixture } from '../app/session';
import { failWith, failWithoutMessage, formDataFixture } from './fixtures';

vi.mock('../../../src/api/settings', () => ({
  fetchSettingsFormData: vi.fn(),
  saveProfileEdit: vi.fn(),
  changePassword: vi.fn(),
}));
const mocked = vi.mocked(api);

beforeEach(() => {
  setMember();
  Object.assign(settingsState, initialSettingsState());
});
afterEach(() => {
  vi.clearAllMocks();
  resetToastState();
});

describe('profile edits (pure transitions)', () => {
  it('form data becomes the starting point of the edits', () => {
    const state = initialSettingsState();
    expect(state.formData.status).toBe('loading');
    formDataLoaded(state, formDataFixture);
    expect(state.profile).toMatchObject({
      fullName: 'Ava Lindqvist',
      username: 'ava.lindqvist',
      bio: 'Light and lakes.',
      website: 'https://example.com/ava',
      email: 'ava@example.com',
      chainingEnabled: true,
      privateAccount: false,
    });
    expect(isProfileDirty(state)).toBe(false);
  });

  it('an edit is kept uncommitted until saved', () => {
    const state = initialSettingsState();
    formDataLoaded(state, formDataFixture);
    profileFieldEdited(state, 'bio', 'New bio');
    expect(isProfileDirty(state)).toBe(true);
    expect(state.formData.status === 'ready' && state.formData.data.biography).toBe(
      'Light and lakes.',
    );
  });

  it('maps the edits to the profile edit payload', () => {
    const state = initialSettingsState();
    formDataLoaded(state, formDataFixture);
    profileFieldEdited(state, 'website', 'glint.test');
    expect(profilePayload(state.profile)).toEqual({
      first_name: 'Ava Lindqvist',
      email: 'ava@example.com',
      username: 'ava.lindqvist',
      phone_number: '',
      gender: 3,
      biography: 'Light and lakes.',
      external_url: 'glint.test',
      chaining_enabled: true,
      private_account: false,
    });
  });

  it('saving → success commits the server form data and sets a success toast status', () => {
    const state = initialSettingsState();
    formDataLoaded(state, formDataFixture);
    profileFieldEdited(state, 'bio', 'New bio');
    profileSaveStarted(state);
    expect(state.savingProfile).toBe(true);
    expect(state.toast).toEqual({ kind: 'none' });
    profileSaveSucceeded(state, { ...formDataFixture, biography: 'New bio' });
    expect(state.savingProfile).toBe(false);
    expect(state.toast).toEqual({ kind: 'success' });
    expect(isProfileDirty(state)).toBe(false);
  });

  it('saving → failure keeps the edits and sets the error message', () => {
    const state = initialSettingsState();
    formDataLoaded(state, formDataFixture);
    profileFieldEdited(state, 'username', 'taken');
    profileSaveStarted(state);
    profileSaveFailed(state, 'This username isn’t available.');
    expect(state.savingProfile).toBe(false);
    expect(state.toast).toEqual({ kind: 'error', errorMessage: 'This username isn’t available.' });
    expect(state.profile.username).toBe('taken');
  });

  it('newer form data updates untouched fields and keeps uncommitted edits', () => {
    const state = initialSettingsState();
    formDataLoaded(state, formDataFixture);
    profileFieldEdited(state, 'bio', 'Draft');
    formDataRefreshed(state, { ...formDataFixture, first_name: 'Ava L', private_account: true });
    expect(state.profile.bio).toBe('Draft');
    expect(state.profile.fullName).toBe('Ava L');
    expect(state.profile.privateAccount).toBe(true);
  });
});

describe('password change (pure transitions)', () => {
  it('needs old, new and confirmation, and new must equal confirmation', () => {
    expect(passwordChangeProblem({ old: '', new: 'a', confirm: 'a' })).toBe(
      PASSWORD_FIELDS_MISSING,
    );
    expect(passwordChangeProblem({ old: 'x', new: '', confirm: '' })).toBe(PASSWORD_FIELDS_MISSING);
    expect(passwordChangeProblem({ old: 'x', new: 'a', confirm: 'b' })).toBe(PASSWORDS_DIFFER);
    expect(passwordChangeProblem({ old: 'x', new: 'a', confirm: 'a' })).toBeNull();
  });

  it('success clears the fields; failure keeps them', () => {
    const state = initialSettingsState();
    passwordFieldEdited(state, 'old', 'old-pass');
    passwordFieldEdited(state, 'new', 'new-pass-1');
    passwordFieldEdited(state, 'confirm', 'new-pass-1');
    passwordChangeStarted(state);
    expect(state.savingPassword).toBe(true);
    passwordChangeFailed(state, 'Wrong');
    expect(state.savingPassword).toBe(false);
    expect(state.password.old).toBe('old-pass');
    expect(state.toast).toEqual({ kind: 'error', errorMessage: 'Wrong' });
    passwordChangeStarted(state);
    passwordChangeSucceeded(state);
    expect(state.password).toEqual({ old: '', new: '', confirm: '' });
    expect(state.toast).toEqual({ kind: 'success' });
  });
});

describe('settings actions', () => {
  it('loads the form data, or an error to retry', async () => {
    mocked.fetchSettingsFormData.mockRejectedValueOnce(failWithoutMessage());
    await loadSettingsForm();
    expect(settingsState.formData.status).toBe('error');
    mocked.fetchSettingsFormData.mockResolvedValueOnce(formDataFixture);
    await loadSettingsForm();
    expect(settingsState.formData).toEqual({ status: 'ready', data: formDataFixture });
  });

  it('saving the profile shows a success toast and updates the viewer', async () => {
    formDataLoaded(settingsState, formDataFixture);
    profileFieldEdited(settingsState, 'username', 'ava.l');
    mocked.saveProfileEdit.mockResolvedValueOnce({
      form_data: { ...formDataFixture, username: 'ava.l' },
      user: { ...viewerFixture, username: 'ava.l' },
    });
    expect(await saveProfile()).toBe(true);
    expect(mocked.saveProfileEdit).toHaveBeenCalledWith(
      expect.objectContaining({ username: 'ava.l', first_name: 'Ava Lindqvist' }),
    );
    expect(toastState.current?.text).toBe(PROFILE_SAVED);
    expect(getViewer()?.username).toBe('ava.l');
  });

  it('a failed save toasts the server message, else a default', async () => {
    formDataLoaded(settingsState, formDataFixture);
    mocked.saveProfileEdit.mockRejectedValueOnce(failWith('Enter a valid website.'));
    expect(await saveProfile()).toBe(false);
    expect(toastState.current?.text).toBe('Enter a valid website.');
    mocked.saveProfileEdit.mockRejectedValueOnce(failWithoutMessage());
    await saveProfile();
    expect(toastState.current?.text).toBe(PROFILE_SAVE_FAILED);
    expect(settingsState.toast).toEqual({ kind: 'error', errorMessage: PROFILE_SAVE_FAILED });
  });

  it('the password check runs before anything is sent', async () => {
    passwordFieldEdited(settingsState, 'old', 'old-pass');
    passwordFieldEdited(settingsState, 'new', 'new-pass-1');
    passwordFieldEdited(settingsState, 'confirm', 'new-pass-2');
    expect(await submitPasswordChange()).toBe(false);
    expect(mocked.changePassword).not.toHaveBeenCalled();
    expect(toastState.current?.text).toBe(PASSWORDS_DIFFER);
  });

  it('a changed password clears the fields and toasts', async () => {
    passwordFieldEdited(settingsState, 'old', 'old-pass');
    passwordFieldEdited(settingsState, 'new', 'new-pass-1');
    passwordFieldEdited(settingsState, 'confirm', 'new-pass-1');
    mocked.changePassword.mockResolvedValueOnce({ status: 'ok' });
    expect(await submitPasswordChange()).toBe(true);
    expect(mocked.changePassword).toHaveBeenCalledWith('old-pass', 'new-pass-1', 'new-pass-1');
    expect(settingsState.password).toEqual({ old: '', new: '', confirm: '' });
    expect(toastState.current?.text).toBe(PASSWORD_CHANGED);
  });

  it('a failed password change toasts with Retry, which sends again', async () => {
    passwordFieldEdited(settingsState, 'old', 'wrong');
    passwordFieldEdited(settingsState, 'new', 'new-pass-1');
    passwordFieldEdited(settingsState, 'confirm', 'new-pass-1');
    mocked.changePassword.mockRejectedValueOnce(failWithoutMessage());
    expect(await submitPasswordChange()).toBe(false);
    expect(toastState.current).toMatchObject({ text: PASSWORD_CHANGE_FAILED, actionText: 'Retry' });
    expect(settingsState.password.old).toBe('wrong');
    mocked.changePassword.mockResolvedValueOnce({ status: 'ok' });
    runToastAction();
    await vi.waitFor(() => expect(settingsState.password.old).toBe(''));
    expect(mocked.changePassword).toHaveBeenCalledTimes(2);
  });

  it('a refused old password marks that field until it is edited', async () => {
    passwordFieldEdited(settingsState, 'old', 'wrong');
    passwordFieldEdited(settingsState, 'new', 'new-pass-1');
    passwordFieldEdited(settingsState, 'confirm', 'new-pass-1');
    const message = 'Your old password was entered incorrectly. Please enter it again.';
    mocked.changePassword.mockRejectedValueOnce(failWith(message, { old_password: [{ message }] }));
    expect(await submitPasswordChange()).toBe(false);
    expect(settingsState.passwordErrors).toEqual({ old: message });
    passwordFieldEdited(settingsState, 'new', 'new-pass-2');
    expect(settingsState.passwordErrors).toEqual({ old: message });
    passwordFieldEdited(settingsState, 'old', 'right');
    expect(settingsState.passwordErrors).toEqual({});
  });

  it('a refused old password toasts the reason with Retry, which sends the corrected form', async () => {
    passwordFieldEdited(settingsState, 'old', 'wrong');
    passwordFieldEdited(settingsState, 'new', 'new-pass-1');
    passwordFieldEdited(settingsState, 'confirm', 'new-pass-1');
    mocked.changePassword.mockRejectedValueOnce(failWith('Your old password was entered wrong.'));
    expect(await submitPasswordChange()).toBe(false);
    expect(toastState.current).toMatchObject({
      text: 'Your old password was entered wrong.',
      actionText: 'Retry',
    });
    passwordFieldEdited(settingsState, 'old', 'right');
    mocked.changePassword.mockResolvedValueOnce({ status: 'ok' });
    runToastAction();
    await vi.waitFor(() => expect(settingsState.password.old).toBe(''));
    expect(mocked.changePassword).toHaveBeenLastCalledWith('right', 'new-pass-1', 'new-pass-1');
  });
});
