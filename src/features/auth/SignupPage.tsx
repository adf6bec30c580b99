import { useSearchParams } from 'react-router-dom';
import { Wordmark } from '../../ui/Wordmark';
import { AuthCard, SwitchToLoginCard } from './AuthCards';

/** /accounts/emailsignup/?next=…&source=… — signup with an email or a phone number. */
export default function SignupPage() {
  const [params] = useSearchParams();
  const next = params.get('next');
  return (
    <div className="auth-page">
      <div className="auth-column">
        <AuthCard>
          <h1 className="auth-card__logo">
            <Wordmark size="lg" />
          </h1>
          <p className="auth-card__tagline">
            Sign up to see photos and stories from your friends. Signing up with an email address or
            a phone number opens here soon.
          </p>
        </AuthCard>
        <SwitchToLoginCard next={next} />
      </div>
    </div>
  );
}
