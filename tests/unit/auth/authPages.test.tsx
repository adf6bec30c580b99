import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPost } from '../../../src/api/client';
import { requestPasswordReset, signup, signupDryRun } from '../../../src/api/accounts';
import LoginPage from '../../../src/features/auth/LoginPage';
import PasswordResetPage from '../../../src/features/auth/PasswordResetPage';
import SignupPage from '../../../src/features/auth/SignupPage';
import { storeLoginNonce } from '../../../src/state/oneTap';

vi.mock('../../../src/api/accounts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/accounts')>()),
  signup: vi.fn(),
  signupDryRun: vi.fn(),
  requestPasswordReset: vi.fn(),
}));
vi.mock('../../../src/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/client')>()),
  apiPost: vi.fn(),
}));
vi.mock('../../../src/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/navigation')>()),
  fullPageLoad: vi.fn(),
}));

function renderAt(element: React.ReactElement, path: string) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.clearAllMocks();
  window._sharedData = undefined;
});

describe('SignupPage', () => {
  it('shows a dry-run error only once the field is left, and sticky errors after submit', async () => {
    vi.mocked(signupDryRun).mockResolvedValue({
      errors: {
        username: [{ message: "This username isn't available.", code: 'username_is_taken' }],
      },
      username_suggestions: ['ava.l'],
    });
    renderAt(<SignupPage />, '/accounts/emailsignup/');
    await userEvent.type(screen.getByLabelText('Mobile Number or Email'), 'ava@example.com');
    await userEvent.type(screen.getByLabelText('Username'), 'demo');
    await userEvent.click(screen.getByLabelText('Password'));
    expect(await screen.findByText("This username isn't available.")).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Use username ava.l' })).toBeInTheDocument();

    vi.mocked(signup).mockResolvedValueOnce({
      account_created: false,
      errors: { password: [{ message: 'Enter a password.', code: 'password_required' }] },
    });
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Enter a password.')).toBeInTheDocument();
  });

  it('says Next for a phone number', async () => {
    renderAt(<SignupPage />, '/accounts/emailsignup/');
    await userEvent.type(screen.getByLabelText('Mobile Number or Email'), '+1 555 010 2030');
    expect(screen.getByRole('button', { name: 'Next' })).toBeInTheDocument();
  });
});

describe('LoginPage with saved one-tap accounts', () => {
  it('offers the saved accounts after a logout, and the password form on request', async () => {
    window._sharedData = { feature_switches: { one_tap_login: true } as never };
    storeLoginNonce('101', 'n', { username: 'ava.lindqvist' });
    renderAt(<LoginPage />, '/accounts/login/');
    expect(screen.getByRole('button', { name: 'Continue as ava.lindqvist' })).toBeInTheDocument();
    vi.mocked(apiPost).mockResolvedValueOnce({ removed: true });
    await userEvent.click(screen.getByRole('button', { name: 'Remove ava.lindqvist' }));
    expect(apiPost).toHaveBeenCalledWith('/accounts/one_tap_web_remove_nonce/', {
      user_id: '101',
      login_nonce: 'n',
    });
    await waitFor(() =>
      expect(screen.getByLabelText('Phone number, username, or email')).toBeInTheDocument(),
    );
  });
});

describe('LoginPage errors', () => {
  const identifier = () => screen.getByLabelText('Phone number, username, or email');
  const password = () => screen.getByLabelText('Password', { selector: 'input' });

  it('marks the field a failure is about invalid and links it to the message', async () => {
    vi.mocked(apiPost).mockResolvedValueOnce({ authenticated: false, user: true });
    renderAt(<LoginPage />, '/accounts/login/');
    await userEvent.type(identifier(), 'ava');
    await userEvent.type(password(), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const alert = await screen.findByRole('alert', { name: '' });
    await waitFor(() => expect(alert).toHaveTextContent('your password was incorrect'));
    expect(password()).toHaveAttribute('aria-invalid', 'true');
    expect(password()).toHaveAccessibleDescription(alert.textContent ?? '');
    expect(identifier()).not.toHaveAttribute('aria-invalid');

    vi.mocked(apiPost).mockResolvedValueOnce({ authenticated: false, user: false });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(identifier()).toHaveAttribute('aria-invalid', 'true'));
    expect(identifier()).toHaveAccessibleDescription(/doesn't belong to an account/);
    expect(password()).not.toHaveAttribute('aria-invalid');
  });
});

describe('PasswordResetPage', () => {
  it('requests a reset link and shows the answer', async () => {
    vi.mocked(requestPasswordReset).mockResolvedValueOnce({ message: 'We sent a link.' });
    renderAt(<PasswordResetPage />, '/accounts/password/reset/');
    await userEvent.type(screen.getByLabelText('Email, phone, or username'), 'ava');
    await userEvent.click(screen.getByRole('button', { name: 'Send login link' }));
    expect(requestPasswordReset).toHaveBeenCalledWith('ava');
    expect(await screen.findByRole('status')).toHaveTextContent('We sent a link.');
  });

  it('shows the server message when the request fails', async () => {
    vi.mocked(requestPasswordReset).mockRejectedValueOnce(new Error('offline'));
    renderAt(<PasswordResetPage />, '/accounts/password/reset/');
    await userEvent.type(screen.getByLabelText('Email, phone, or username'), 'ava');
    await userEvent.click(screen.getByRole('button', { name: 'Send login link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't send a login link.");
  });
});
