import { lazy, Suspense } from 'react';
import { isSignupDefault } from '../../lib/sharedData';
import { Wordmark } from '../../ui/Wordmark';
import { AuthCard, SwitchToLoginCard, SwitchToSignupCard } from './AuthCards';
import { LoginForm } from './LoginForm';
import { PhoneShowcase } from './PhoneShowcase';

// Only the signup-first experiment shows the signup form here: the login landing does not
// download it (the visitor's `/` budget, README).
const SignupCardBody = lazy(() =>
  import('./SignupCardBody').then((m) => ({ default: m.SignupCardBody })),
);

/**
 * `/` for visitors: a phone showing the product beside the login card, or, under the
 * login-via-signup-page experiment (spec §1: the signup route is the default prompt), the signup
 * card with "Have an account? Log in" under it.
 */
export function LoggedOutHome() {
  const signupFirst = isSignupDefault();
  return (
    <div className="landing">
      <PhoneShowcase />
      <div className="auth-column">
        <AuthCard>
          <h1 className="auth-card__logo">
            <Wordmark size="lg" />
          </h1>
          {signupFirst ? (
            <Suspense fallback={null}>
              <SignupCardBody />
            </Suspense>
          ) : (
            <>
              <p className="auth-card__tagline">
                Share photos and stories with the people you follow.
              </p>
              <LoginForm next={null} />
            </>
          )}
        </AuthCard>
        {signupFirst ? <SwitchToLoginCard next={null} /> : <SwitchToSignupCard next={null} />}
      </div>
    </div>
  );
}
