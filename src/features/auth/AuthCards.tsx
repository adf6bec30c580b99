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
