import { usePageTitle } from '../../lib/navigation';
import { Link } from '../../lib/router';
import { AuthCard } from './AuthCards';

/** /accounts/registered/ — the landing right after a new account was created. */
export default function RegisteredPage() {
  usePageTitle('Welcome to Glint');
  return (
    <div className="auth-page">
      <div className="auth-column">
        <AuthCard>
          <h1 className="auth-card__heading">Welcome to Glint</h1>
          <p className="auth-card__tagline">
            Your account is ready. Find people to follow, add a profile photo and share your first
            post.
          </p>
          <Link className="btn btn--primary btn--md btn--block" to="/explore/people/">
            Find people to follow
          </Link>
          <Link className="auth-form__forgot" to="/">
            Go to your feed
          </Link>
        </AuthCard>
      </div>
    </div>
  );
}
