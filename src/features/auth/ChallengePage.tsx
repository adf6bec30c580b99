import { usePageTitle } from '../../lib/navigation';
import { Link } from '../../lib/router';
import { AuthCard } from './AuthCards';

/** /challenge/ — a security check the server asks for before continuing. */
export default function ChallengePage() {
  usePageTitle('Security check');
  return (
    <div className="auth-page">
      <div className="auth-column">
        <AuthCard>
          <h1 className="auth-card__heading">Help us confirm it&apos;s you</h1>
          <p className="auth-card__tagline">
            We noticed unusual activity on your account. This is where you confirm your identity to
            continue.
          </p>
          <Link className="btn btn--secondary btn--md btn--block" to="/accounts/login/">
            Back to login
          </Link>
        </AuthCard>
      </div>
    </div>
  );
}
