import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../../src/api/settings';
import EditProfilePage from '../../../src/features/settings/EditProfilePage';
import { initialSettingsState, settingsState } from '../../../src/state/settings';
import { cancelUsernameCheck } from '../../../src/state/settingsUsernameCheck';
import { resetToastState } from '../../../src/state/toast';
import { setMember } from '../app/session';
import { formDataFixture } from './fixtures';

vi.mock('../../../src/api/settings', () => ({
  fetchSettingsFormData: vi.fn(),
  saveProfileEdit: vi.fn(),
  checkProfileEdit: vi.fn(),
}));
const mocked = vi.mocked(api);

const TAKEN = "This username isn't available. Please try another.";
const takenAnswer = {
  dryrun_passed: false,
  errors: { username: [{ message: TAKEN, code: 'username_is_taken' }] },
};
const freeAnswer = { dryrun_passed: true, errors: {} };

beforeEach(() => {
  setMember();
  Object.assign(settingsState, initialSettingsState());
  mocked.fetchSettingsFormData.mockResolvedValue(formDataFixture);
});
afterEach(() => {
  cancelUsernameCheck();
  vi.clearAllMocks();
  act(() => resetToastState());
});

async function renderUsernameField() {
  render(
    <MemoryRouter>
      <EditProfilePage />
    </MemoryRouter>,
  );
  return screen.findByLabelText('Username');
}

describe('Edit profile: username checked while typing', () => {
  it('reports a taken username at the field before Submit, checking once typing pauses', async () => {
    const user = userEvent.setup();
    mocked.checkProfileEdit.mockResolvedValue(takenAnswer);
    const field = await renderUsernameField();
    await user.clear(field);
    await user.type(field, 'mara');

    const error = await screen.findByText(TAKEN);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(TAKEN);
    expect(error).toBeVisible();
    // The check is for the value the member stopped at; nothing was saved.
    expect(mocked.checkProfileEdit).toHaveBeenLastCalledWith(
      { username: 'mara' },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    expect(mocked.saveProfileEdit).not.toHaveBeenCalled();

    // Typing again clears the message; a free name shows none.
    mocked.checkProfileEdit.mockResolvedValue(freeAnswer);
    await user.type(field, '.new');
    expect(screen.queryByText(TAKEN)).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(mocked.checkProfileEdit).toHaveBeenLastCalledWith(
        { username: 'mara.new' },
        expect.anything(),
      ),
    );
    expect(screen.queryByText(TAKEN)).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');
  });

  it('never shows an answer about an older value, and does not check the own username', async () => {
    const user = userEvent.setup();
    let answerOld: (value: typeof takenAnswer) => void = () => {};
    mocked.checkProfileEdit.mockImplementation((fields) =>
      fields.username === 'mara'
        ? new Promise((resolve) => (answerOld = resolve))
        : Promise.resolve(freeAnswer),
    );
    const field = await renderUsernameField();
    await user.clear(field);
    await user.type(field, 'mara');
    await vi.waitFor(() =>
      expect(mocked.checkProfileEdit).toHaveBeenCalledWith({ username: 'mara' }, expect.anything()),
    );

    // The member keeps typing while that check is out; its late "taken" must not show.
    await user.type(field, '2');
    await act(async () => answerOld(takenAnswer));
    await vi.waitFor(() =>
      expect(mocked.checkProfileEdit).toHaveBeenLastCalledWith(
        { username: 'mara2' },
        expect.anything(),
      ),
    );
    expect(screen.queryByText(TAKEN)).not.toBeInTheDocument();
    expect(field).not.toHaveAttribute('aria-invalid');

    // Back to the saved username: nothing to check.
    await user.clear(field);
    await user.type(field, formDataFixture.username);
    await act(async () => new Promise((resolve) => setTimeout(resolve, 600)));
    expect(mocked.checkProfileEdit).not.toHaveBeenCalledWith(
      { username: formDataFixture.username },
      expect.anything(),
    );
  });
});
