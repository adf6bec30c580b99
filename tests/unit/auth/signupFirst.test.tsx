import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetSignup } from '../../../src/state/signup';
import { LoggedOutCta } from '../../../src/app/LoggedOutCta';
import { LoggedOutHome } from '../../../src/features/auth/LoggedOutHome';
import { MemoryRouter } from '../../../src/lib/router';
import { setVisitor } from '../app/session';

// Spec §1: the login-via-signup-page experiment makes signup the visitors' default prompt: their
// home shows the signup form, and the bottom bar asks them to sign up first.

function renderVisitor(ui: React.ReactNode, signupFirst: boolean) {
  setVisitor();
  window._sharedData = {
    ...window._sharedData,
    experiments: { login_via_signup_page: signupFirst },
  };
  return render(<MemoryRouter initialEntries={['/explore/']}>{ui}</MemoryRouter>);
}

beforeEach(() => resetSignup());
afterEach(() => {
  window._sharedData = undefined;
});

describe('signup-first experiment', () => {
  it('home shows the signup form, with "Have an account? Log in" under it', async () => {
    renderVisitor(<LoggedOutHome />, true);
    expect(await screen.findByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(screen.getByLabelText('Mobile Number or Email')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/accounts/login/',
    );
  });

  it('without it, home shows the login form', () => {
    renderVisitor(<LoggedOutHome />, false);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('the bottom bar asks to sign up, Sign up first and primary', () => {
    renderVisitor(<LoggedOutCta />, true);
    const bar = screen.getByRole('complementary', { name: 'Join Glint' });
    expect(within(bar).getByText('Sign up for Glint')).toBeInTheDocument();
    const links = within(bar).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Sign up', 'Log in']);
    expect(links[0]).toHaveClass('btn--primary');
    expect(links[0]).toHaveAttribute('href', '/accounts/emailsignup/?next=%2Fexplore%2F');
  });

  it('without it, the bottom bar asks to log in first', () => {
    renderVisitor(<LoggedOutCta />, false);
    const bar = screen.getByRole('complementary', { name: 'Join Glint' });
    expect(within(bar).getByText('Log in to Glint')).toBeInTheDocument();
    const links = within(bar).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Log in', 'Sign up']);
    expect(links[0]).toHaveClass('btn--primary');
  });
});
