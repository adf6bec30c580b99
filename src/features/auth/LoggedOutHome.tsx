import { useSnapshot } from 'valtio';
import { isSignupDefault } from '../../lib/sharedData';
import { signupState } from '../../state/signup';
import { Wordmark } from '../../ui/Wordmark';
import { AuthCard, SwitchToLoginCard, SwitchToSignupCard } from './AuthCards';
import { LoginForm } from './LoginForm';
import { PhoneCodeStep } from './PhoneCodeStep';
import { PhoneShowcase } from './PhoneShowcase';
import { SignupForm } from './SignupForm';

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
            <SignupCardBody />
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

function SignupCardBody() {
  const { phoneStep } = useSnapshot(signupState);
  if (phoneStep !== 'details') return <PhoneCodeStep next={null} />;
  return (
    <>
      <p className="auth-card__tagline">Sign up to see photos and stories from your friends.</p>
      <SignupForm next={null} />
      <p className="auth-card__terms">
        By signing up, you agree to our Terms, Data Policy and Cookies Policy.
      </p>
    </>
  );
}
