import type { ReactNode } from 'react';
import { Link } from '../../lib/router';
import { loginUrlWithNext, signupUrlWithNext } from '../../lib/safeNext';

/** The white bordered card every account screen is built from. */
export function AuthCard({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={['auth-card', className].filter(Boolean).join(' ')}>{children}</div>;
}

/** "Don't have an account? Sign up" — keeps the `next` target for after signup. */
export function SwitchToSignupCard({ next }: { next: string | null }) {
  return (
    <AuthCard className="auth-card--switch">
      <p>
        Don&apos;t have an account?{' '}
        <Link to={next ? signupUrlWithNext(next) : '/accounts/emailsignup/'}>Sign up</Link>
      </p>
    </AuthCard>
  );
}

/** "Have an account? Log in" — keeps the `next` target for after login. */
export function SwitchToLoginCard({ next }: { next: string | null }) {
  return (
    <AuthCard className="auth-card--switch">
      <p>
        Have an account? <Link to={next ? loginUrlWithNext(next) : '/accounts/login/'}>Log in</Link>
      </p>
    </AuthCard>
  );
}

/**
 * "Have an account? Log in" under an external signup started from the login page: the member came
 * to log in, so the card offers the password login back rather than a signup they are already in.
 */
export function BackToLoginCard({ onLogIn }: { onLogIn: () => void }) {
  return (
    <AuthCard className="auth-card--switch">
      <p>
        Have an account?{' '}
        <button type="button" className="link-button auth-card__switch-button" onClick={onLogIn}>
          Log in
        </button>
      </p>
    </AuthCard>
  );
}
