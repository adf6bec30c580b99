import { useSearchParams } from 'react-router-dom';
import { Wordmark } from '../../ui/Wordmark';
import { AuthCard, SwitchToSignupCard } from './AuthCards';
import { LoginForm } from './LoginForm';

/** /accounts/login/?next=…&source=… (source=deactivate after an account was deactivated). */
export default function LoginPage() {
  const [params] = useSearchParams();
  const next = params.get('next');
  const deactivated = params.get('source') === 'deactivate';

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
          ) : (
            <p className="auth-card__tagline">
              Log in to see photos and stories from your friends.
            </p>
          )}
          <LoginForm next={next} />
        </AuthCard>
        <SwitchToSignupCard next={next} />
      </div>
    </div>
  );
}
