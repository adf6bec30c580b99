import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { login, loginTwoFactor } from '../../../src/api/accounts';
import { RequestError } from '../../../src/api/client';
import { fullPageLoad } from '../../../src/lib/navigation';
import LoginPage from '../../../src/features/auth/LoginPage';
import { LocationDisplay } from './session';

vi.mock('../../../src/api/accounts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/accounts')>()),
  login: vi.fn(),
  loginTwoFactor: vi.fn(),
}));
vi.mock('../../../src/lib/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/lib/navigation')>()),
  fullPageLoad: vi.fn(),
}));

const mockedLogin = vi.mocked(login);

function httpError(statusCode: number, parsed: unknown): RequestError {
  return new RequestError({
    code: 'http',
    statusCode,
    statusText: '',
    responseText: JSON.stringify(parsed),
    parsed,
  });
}

function renderLogin(path = '/accounts/login/') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <LoginPage />
            <LocationDisplay />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
}

async function fillAndSubmit(identifier = 'ava.lindqvist', password = 'hunter22') {
  await userEvent.type(screen.getByLabelText('Phone number, username, or email'), identifier);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

afterEach(() => vi.clearAllMocks());

describe('LoginPage', () => {
  it('keeps Log in disabled until both fields are filled', async () => {
    renderLogin();
    const button = screen.getByRole('button', { name: 'Log in' });
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Phone number, username, or email'), 'ava');
    expect(button).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    expect(button).toBeEnabled();
  });

  it('shows and hides the password', async () => {
    renderLogin();
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('tells a wrong password apart from an unknown user', async () => {
    mockedLogin.mockResolvedValueOnce({ authenticated: false, user: true, status: 'ok' });
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, your password was incorrect. Please double-check your password.',
    );

    mockedLogin.mockResolvedValueOnce({ authenticated: false, user: false, status: 'ok' });
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        "The username you entered doesn't belong to an account. Please check your username and try again.",
      ),
    );
  });

  it('shows a forbidden message for a 403', async () => {
    mockedLogin.mockRejectedValueOnce(
      httpError(403, { status: 'fail', message: 'CSRF token missing or incorrect.' }),
    );
    renderLogin();
    await fillAndSubmit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sorry, there was a problem with your request. Please reload the page and try again.',
    );
  });

  it('goes to the safe next target with a full page load after logging in', async () => {
    mockedLogin.mockResolvedValueOnce({ authenticated: true, user: true, status: 'ok' });
    renderLogin('/accounts/login/?next=%2Fexplore%2Ftags%2Fsunset%2F');
    await fillAndSubmit('ava.lindqvist  ', 'hunter22');
    expect(mockedLogin).toHaveBeenCalledWith('ava.lindqvist  ', 'hunter22');
    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/explore/tags/sunset/'));
  });

  it('ignores an off-site next target', async () => {
    mockedLogin.mockResolvedValueOnce({ authenticated: true, user: true, status: 'ok' });
    renderLogin('/accounts/login/?next=https%3A%2F%2Fevil.example%2F');
    await fillAndSubmit();
    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/'));
  });

  it('asks for the security code when two-factor login is required', async () => {
    mockedLogin.mockRejectedValueOnce(
      httpError(400, {
        status: 'fail',
        message: 'Two-factor authentication required.',
        two_factor_required: true,
        two_factor_info: {
          two_factor_identifier: 'tf-1',
          obfuscated_phone_number: '•••• 1234',
          username: 'ava.lindqvist',
        },
      }),
    );
    vi.mocked(loginTwoFactor).mockResolvedValueOnce({ authenticated: true });
    renderLogin();
    await fillAndSubmit();
    expect(
      await screen.findByRole('heading', { name: 'Enter the security code' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/ending in 1234/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Security code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(loginTwoFactor).toHaveBeenCalledWith('ava.lindqvist', '123456', 'tf-1');
    await waitFor(() => expect(fullPageLoad).toHaveBeenCalledWith('/'));
  });

  it('keeps next in the sign-up link and explains a deactivated account', () => {
    renderLogin('/accounts/login/?next=%2Faccounts%2Factivity&source=deactivate');
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/accounts/emailsignup/?next=%2Faccounts%2Factivity',
    );
    expect(screen.getByText(/Your account has been deactivated/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/accounts/password/reset/',
    );
  });
});
