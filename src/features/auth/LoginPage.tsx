import { usePageTitle } from '../../lib/navigation';
import { useSearchParams } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { authFormState, switchAuthForm } from '../../state/authForm';
import { externalState } from '../../state/external';
import { loadOneTapAccounts, oneTapState } from '../../state/oneTap';
import { Wordmark } from '../../ui/Wordmark';
import { AuthCard, BackToLoginCard, SwitchToSignupCard } from './AuthCards';
import { ExternalLoginPanel } from './ExternalLoginPanel';
import { LoginForm } from './LoginForm';
import { OneTapAccounts } from './OneTapAccounts';
import { TwoFactorForm } from './TwoFactorForm';
import { useAuthPage } from './useAuthPage';

/** The saved one-tap accounts first (after a logout), else the password form. */
function initialLoginForm() {
  loadOneTapAccounts();
  return oneTapState.accounts.length > 0 ? 'oneTapLogin' : 'login';
}

/** /accounts/login/?next=…&source=… (source=deactivate after an account was deactivated). */
export default function LoginPage() {
  usePageTitle('Log in');
  const [params] = useSearchParams();
  const next = params.get('next');
  const deactivated = params.get('source') === 'deactivate';
  const { type } = useSnapshot(authFormState);
  const { flow } = useSnapshot(externalState);
  const { accounts } = useSnapshot(oneTapState);
  useAuthPage(initialLoginForm, next);

  let body;
  if (type === 'twoFactor') body = <TwoFactorForm next={next} />;
  else if (type === 'fbLogin' && flow !== 'idle')
    body = <ExternalLoginPanel next={next} cancelTo="login" />;
  else if (type === 'oneTapLogin' && accounts.length > 0) body = <OneTapAccounts next={next} />;
  else body = <LoginForm next={next} />;
  const intro = type === 'login' || type === 'none' || type === 'captcha';

  return (
    <div className="auth-page">
      <div className="auth-column">
        <AuthCard>
          <h1 className="auth-card__logo">
            <Wordmark size="lg" />
          </h1>
          {deactivated ? (
            <p className="notice notice--info" role="status">
              Your account has been deactivated. Log back in at any time to reactivate it.
            </p>
          ) : intro ? (
            <p className="auth-card__tagline">
              Log in to see photos and stories from your friends.
            </p>
          ) : null}
          {body}
        </AuthCard>
        {type === 'fbLogin' && flow === 'signup' ? (
          <BackToLoginCard onLogIn={() => switchAuthForm('login')} />
        ) : (
          <SwitchToSignupCard next={next} />
        )}
      </div>
    </div>
  );
}
