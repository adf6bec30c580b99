import { useSnapshot } from 'valtio';
import { signupState } from '../../state/signup';
import { PhoneCodeStep } from './PhoneCodeStep';
import { SignupForm } from './SignupForm';
import { useAuthPage } from './useAuthPage';

const initialSignupForm = () => 'signup' as const;

/** The signup card's body on the visitors' home under the signup-first experiment. */
export function SignupCardBody() {
  // A fresh signup form, as on the signup page (nothing left from an earlier visit).
  useAuthPage(initialSignupForm, null);
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
