import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as accountsApi from '../../../src/api/accounts';
import { RequestError } from '../../../src/api/client';
import * as api from '../../../src/api/settings';
import ChangePasswordPage from '../../../src/features/settings/ChangePasswordPage';
import CommentFilteringPage from '../../../src/features/settings/CommentFilteringPage';
import ContactsPage from '../../../src/features/settings/ContactsPage';
import EditProfilePage from '../../../src/features/settings/EditProfilePage';
import EmailPreferencesPage from '../../../src/features/settings/EmailPreferencesPage';
import PrivacyAndSecurityPage from '../../../src/features/settings/PrivacyAndSecurityPage';
import { initialSettingsState, settingsState } from '../../../src/state/settings';
import { accessState, initialAccessState } from '../../../src/state/settingsAccess';
import { initialPictureState, pictureState } from '../../../src/state/settingsPicture';
import { initialPreferencesState, preferencesState } from '../../../src/state/settingsPreferences';
import { resetToastState, toastState } from '../../../src/state/toast';
import { setMember, viewerFixture } from '../app/session';
import { formDataFixture } from './fixtures';

vi.mock('../../../src/api/settings', () => ({
  fetchSettingsFormData: vi.fn(),
  saveProfileEdit: vi.fn(),
  checkProfileEdit: vi.fn(async () => ({ dryrun_passed: true, errors: {} })),
  changePassword: vi.fn(),
  fetchEmailPreferences: vi.fn(),
  setEmailPreference: vi.fn(),
  fetchCommentFilter: vi.fn(),
  setCommentFilter: vi.fn(),
  setCommentFilterKeywords: vi.fn(),
  fetchContactHistory: vi.fn(),
  deleteContacts: vi.fn(),
  uploadProfilePicture: vi.fn(),
  removeProfilePicture: vi.fn(),
}));
// The picture is made by browser-image-compression in the media worker (e2e covers it for real).
vi.mock('../../../src/media/mediaClient', () => ({
  makeProfilePicture: vi.fn(async () => new Blob(['jpeg'], { type: 'image/jpeg' })),
}));
vi.mock('../../../src/api/accounts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/accounts')>()),
  requestPasswordReset: vi.fn(),
}));
const mocked = vi.mocked(api);
const mockedAccounts = vi.mocked(accountsApi);

const renderPage = (page: ReactElement) => render(<MemoryRouter>{page}</MemoryRouter>);

beforeEach(() => {
  setMember();
  Object.assign(settingsState, initialSettingsState());
  Object.assign(preferencesState, initialPreferencesState());
  Object.assign(accessState, initialAccessState());
  Object.assign(pictureState, initialPictureState());
  mocked.fetchSettingsFormData.mockResolvedValue(formDataFixture);
});
afterEach(() => {
  vi.clearAllMocks();
  act(() => resetToastState());
});

describe('Edit profile', () => {
  it('labels every field and submits the edits', async () => {
    const user = userEvent.setup();
    mocked.saveProfileEdit.mockResolvedValueOnce({
      form_data: { ...formDataFixture, biography: 'New bio' },
      user: viewerFixture,
    });
    renderPage(<EditProfilePage />);
    const bio = await screen.findByLabelText('Bio');
    for (const label of ['Name', 'Username', 'Website', 'Email', 'Phone number', 'Gender'])
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Similar account suggestions' })).toBeChecked();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    await user.clear(bio);
    await user.type(bio, 'New bio');
    expect(submit).not.toHaveAttribute('aria-disabled');
    await user.click(submit);
    expect(mocked.saveProfileEdit).toHaveBeenCalledWith(
      expect.objectContaining({ biography: 'New bio', username: 'ava.lindqvist' }),
    );
    expect(toastState.current?.text).toBe('Profile saved.');
    // Saved: nothing is left to submit, and the focus stays on Submit instead of the page.
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).toHaveFocus();
    await user.click(submit);
    expect(mocked.saveProfileEdit).toHaveBeenCalledTimes(1);
  });

  it('toasts a refused save and shows each field the server refused under it, until edited', async () => {
    const user = userEvent.setup();
    mocked.saveProfileEdit.mockRejectedValueOnce(
      new RequestError({
        code: 'http',
        statusCode: 400,
        statusText: 'Bad Request',
        responseText: '',
        parsed: {
          message: 'This username isn’t available.',
          errors: {
            username: [{ message: 'This username isn’t available.', code: 'username_is_taken' }],
            external_url: [{ message: 'Enter a valid website address.', code: 'invalid' }],
          },
        },
      }),
    );
    renderPage(<EditProfilePage />);
    const username = await screen.findByLabelText('Username');
    await user.type(username, 'x');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await vi.waitFor(() => expect(username).toHaveAttribute('aria-invalid', 'true'));
    expect(username).toHaveAccessibleDescription('This username isn’t available.');
    const website = screen.getByLabelText('Website');
    expect(website).toHaveAttribute('aria-invalid', 'true');
    expect(website).toHaveAccessibleDescription('Enter a valid website address.');
    // Spec §8: a failed save also toasts the server's message.
    expect(toastState.current?.text).toBe('This username isn’t available.');
    await user.type(website, '/');
    expect(website).not.toHaveAttribute('aria-invalid');
    expect(username).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a name or bio is too long as it is typed, and keeps the text', async () => {
    const user = userEvent.setup();
    renderPage(<EditProfilePage />);
    const bio = await screen.findByLabelText('Bio');
    await user.clear(bio);
    await user.click(bio);
    await user.paste('b'.repeat(151));
    expect(bio).toHaveValue('b'.repeat(151));
    expect(bio).toHaveAttribute('aria-invalid', 'true');
    expect(bio).toHaveAccessibleDescription('Keep your bio to 150 characters or fewer. 151 / 150');
    await user.type(bio, '{Backspace}');
    expect(bio).not.toHaveAttribute('aria-invalid');

    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.click(name);
    await user.paste('n'.repeat(65));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a name of 64 characters or fewer.')).toBeInTheDocument();
  });

  it('changes the profile photo from a JPEG and offers the first-post upsell', async () => {
    const user = userEvent.setup();
    mocked.uploadProfilePicture.mockResolvedValueOnce({
      changed_profile: true,
      profile_pic_to_post_upsell_eligible: true,
      profile_pic_url: '/media/a/101/v/150.jpg',
      profile_pic_url_hd: '/media/a/101/v/320.jpg',
      has_profile_pic: true,
    });
    renderPage(<EditProfilePage />);
    await user.upload(
      screen.getByLabelText('Profile photo file'),
      new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' }),
    );
    const upsell = await screen.findByRole('complementary', { name: 'Share as first post' });
    expect(upsell).toHaveTextContent('Share this photo as your first post?');
    expect(screen.getByRole('button', { name: 'Remove current photo' })).toBeInTheDocument();
    await user.click(within(upsell).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByText('Share this photo as your first post?')).not.toBeInTheDocument();
  });
});

describe('Change password', () => {
  it('enables "Change password" only with all three fields matching', async () => {
    const user = userEvent.setup();
    mocked.changePassword.mockResolvedValueOnce({});
    renderPage(<ChangePasswordPage />);
    const button = screen.getByRole('button', { name: 'Change password' });
    await user.type(screen.getByLabelText('Old password'), 'old-pass');
    await user.type(screen.getByLabelText('New password'), 'new-pass-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-pass-2');
    expect(screen.getByText('Please make sure both passwords match.')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-pass-1');
    await user.click(button);
    expect(mocked.changePassword).toHaveBeenCalledWith('old-pass', 'new-pass-1', 'new-pass-1');
    expect(screen.getByLabelText('Old password')).toHaveValue('');
  });

  it('pressed before the form is complete, says which fields are empty and focuses the first', async () => {
    const user = userEvent.setup();
    renderPage(<ChangePasswordPage />);
    const button = screen.getByRole('button', { name: 'Change password' });
    await user.type(screen.getByLabelText('New password'), 'new-pass-1');
    await user.click(button);
    expect(mocked.changePassword).not.toHaveBeenCalled();
    const old = screen.getByLabelText('Old password');
    expect(old).toHaveFocus();
    expect(old).toHaveAccessibleDescription('Enter your old password.');
    expect(old).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
      'Enter the new password again.',
    );
    // Enter in a field does the same; typing clears the field's message.
    await user.type(old, 'old-pass{Enter}');
    expect(old).not.toHaveAccessibleDescription('Enter your old password.');
    expect(screen.getByLabelText('Confirm new password')).toHaveFocus();
    expect(mocked.changePassword).not.toHaveBeenCalled();
  });

  it('Forgot password? sends the member a reset link without leaving the page', async () => {
    const user = userEvent.setup();
    mockedAccounts.requestPasswordReset.mockRejectedValueOnce(new Error('offline'));
    mockedAccounts.requestPasswordReset.mockResolvedValueOnce({
      message: 'We sent a link to your email.',
    });
    renderPage(<ChangePasswordPage />);
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    await vi.waitFor(() => expect(toastState.current?.actionText).toBe('Retry'));
    expect(settingsState.passwordResetStatus.kind).toBe('error');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a link to your email.');
    expect(mockedAccounts.requestPasswordReset).toHaveBeenLastCalledWith(viewerFixture.username);
  });
});

describe('switch pages', () => {
  it('email preferences are named switches that revert when saving fails', async () => {
    const user = userEvent.setup();
    mocked.fetchEmailPreferences.mockResolvedValueOnce([
      { name: 'news_emails', label: 'News emails: learn about new features.', checked: 2 },
    ]);
    mocked.setEmailPreference.mockRejectedValueOnce(new Error('offline'));
    renderPage(<EmailPreferencesPage />);
    const news = await screen.findByRole('switch', { name: 'News emails' });
    expect(news).toBeChecked();
    await user.click(news);
    await vi.waitFor(() => expect(toastState.current?.actionText).toBe('Retry'));
    expect(news).toBeChecked();
  });

  it('comments: filter switch and keywords shown sorted, saved with "Save"', async () => {
    const user = userEvent.setup();
    mocked.fetchCommentFilter.mockResolvedValueOnce({ config_value: 1, keywords: ['spam', 'ads'] });
    mocked.setCommentFilterKeywords.mockResolvedValueOnce({ keywords: ['ads', 'spam', 'zap'] });
    renderPage(<CommentFilteringPage />);
    expect(await screen.findByRole('switch', { name: 'Hide offensive comments' })).toBeChecked();
    const keywords = screen.getByRole('textbox', { name: 'Keywords' });
    expect(keywords).toHaveValue('ads, spam');
    await user.type(keywords, ', zap');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(mocked.setCommentFilterKeywords).toHaveBeenCalledWith('ads, spam, zap');
    expect(toastState.current?.text).toBe('Keywords saved.');
  });

  it('the Private account switch keeps the focus while it saves, and ignores presses', async () => {
    const user = userEvent.setup();
    let answer: (value: Awaited<ReturnType<typeof api.saveProfileEdit>>) => void = () => {};
    mocked.saveProfileEdit.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    renderPage(<PrivacyAndSecurityPage />);
    const toggle = await screen.findByRole('switch', { name: 'Private account' });
    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAttribute('aria-disabled', 'true');
    expect(toggle).toHaveFocus();
    await user.keyboard(' ');
    expect(toggle).toBeChecked();
    expect(mocked.saveProfileEdit).toHaveBeenCalledTimes(1);
    await act(async () =>
      answer({ form_data: { ...formDataFixture, private_account: true }, user: viewerFixture }),
    );
    expect(toggle).not.toHaveAttribute('aria-disabled');
    expect(toggle).toHaveFocus();
  });

  it('privacy and security links to connecting an external login', async () => {
    renderPage(<PrivacyAndSecurityPage />);
    expect(await screen.findByRole('switch', { name: 'Private account' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Connect an external login' })).toHaveAttribute(
      'href',
      '/accounts/connect/external/',
    );
  });
});

describe('Contacts', () => {
  it('deletes the selected contacts after confirming', async () => {
    const user = userEvent.setup();
    mocked.fetchContactHistory.mockResolvedValueOnce([
      { id: 'c1', raw_value: 'ada@example.com' },
      { id: 'c2', raw_value: 'bo@example.com' },
    ]);
    mocked.deleteContacts.mockResolvedValueOnce({ deleted_count: 1 });
    renderPage(<ContactsPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'bo@example.com' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete selected contacts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(mocked.deleteContacts).toHaveBeenCalledWith(['c2']);
    await vi.waitFor(() => expect(screen.queryByText('bo@example.com')).not.toBeInTheDocument());
    expect(toastState.current?.text).toBe('1 contacts deleted');
  });
});
