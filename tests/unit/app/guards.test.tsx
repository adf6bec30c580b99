import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../../src/app/routes';
import { setMember, setSession, setVisitor } from './session';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function currentUrl(router: ReturnType<typeof createMemoryRouter>): string {
  return `${router.state.location.pathname}${router.state.location.search}`;
}

afterEach(() => setVisitor());

describe('route guards', () => {
  it('sends a visitor on a login-required page to login with the page as next', async () => {
    setVisitor();
    const router = renderAt('/accounts/activity');
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/accounts/login/?next=%2Faccounts%2Factivity'),
    );
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
  });

  it('keeps the query string of the page in next', async () => {
    setVisitor();
    const router = renderAt('/accounts/activity?followRequests=1');
    await waitFor(() =>
      expect(currentUrl(router)).toBe(
        '/accounts/login/?next=%2Faccounts%2Factivity%3FfollowRequests%3D1',
      ),
    );
  });

  it('sends a member away from the login page to home', async () => {
    setMember();
    const router = renderAt('/accounts/login/');
    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    // The member home, not the visitor landing with its login form.
    await waitFor(() =>
      expect(screen.queryByLabelText('Phone number, username, or email')).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('main')).toBeInTheDocument();
  });

  it('sends a member away from signup and password reset', async () => {
    setMember();
    const signup = renderAt('/accounts/emailsignup/');
    await waitFor(() => expect(currentUrl(signup)).toBe('/'));
    const reset = renderAt('/accounts/password/reset/');
    await waitFor(() => expect(currentUrl(reset)).toBe('/'));
  });

  it('lets a member open a login-required page', async () => {
    setMember();
    renderAt('/accounts/activity');
    expect(await screen.findByRole('heading', { name: 'Activity', level: 1 })).toBeInTheDocument();
  });

  it.each([
    { cookie: true, viewer: false },
    { cookie: false, viewer: true },
  ])('treats cookie=$cookie viewer=$viewer as logged out', async (session) => {
    setSession(session);
    const router = renderAt('/create/style/');
    await waitFor(() =>
      expect(currentUrl(router)).toBe('/accounts/login/?next=%2Fcreate%2Fstyle%2F'),
    );
  });

  it('shows the landing with the login form to visitors on /', async () => {
    setVisitor();
    renderAt('/');
    expect(await screen.findByLabelText('Phone number, username, or email')).toBeInTheDocument();
  });

  it('shows the not-found page for unknown paths', async () => {
    setVisitor();
    renderAt('/this/path/does/not/exist/');
    expect(
      await screen.findByRole('heading', { name: "Sorry, this page isn't available." }),
    ).toBeInTheDocument();
  });
});
