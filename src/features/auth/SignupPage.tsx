import { usePageTitle } from '../../lib/navigation';
import { useSearchParams } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { authFormState } from '../../state/authForm';
import { externalState } from '../../state/external';
import { signupState } from '../../state/signup';
import { Wordmark } from '../../ui/Wordmark';
import { AuthCard, SwitchToLoginCard } from './AuthCards';
import { ExternalLoginButton, OrDivider } from './ExternalLoginButton';
import { ExternalLoginPanel } from './ExternalLoginPanel';
import { PhoneCodeStep } from './PhoneCodeStep';
import { SignupForm } from './SignupForm';
import { useAuthPage } from './useAuthPage';

const initialSignupForm = () => 'signup' as const;

/** /accounts/emailsignup/?next=…&source=… — signup with an email or a phone number. */
export default function SignupPage() {
  usePageTitle('Sign up');
  const [params] = useSearchParams();
  const next = params.get('next');
  const { type } = useSnapshot(authFormState);
  const { flow } = useSnapshot(externalState);
  const { phoneStep } = useSnapshot(signupState);
  useAuthPage(initialSignupForm, next);

  const external = type === 'fbLogin' && flow !== 'idle';
  const codeStep = !external && phoneStep !== 'details';

  return (
    <div className="auth-page">
      <div className="auth-column">
        <AuthCard>
          <h1 className="auth-card__logo">
            <Wordmark size="lg" />
          </h1>
          {external ? (
            <ExternalLoginPanel next={next} cancelTo="signup" />
          ) : codeStep ? (
            <PhoneCodeStep next={next} />
          ) : (
            <>
              <p className="auth-card__tagline">
                Sign up to see photos and stories from your friends.
              </p>
              <ExternalLoginButton next={next} variant="primary" after={<OrDivider />} />
              <SignupForm next={next} />
              <p className="auth-card__terms">
                By signing up, you agree to our Terms, Data Policy and Cookies Policy.
              </p>
            </>
          )}
        </AuthCard>
        <SwitchToLoginCard next={next} />
      </div>
    </div>
  );
}
