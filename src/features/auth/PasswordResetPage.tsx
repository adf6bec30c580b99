import { Link } from 'react-router-dom';
import { AuthCard } from './AuthCards';

/** /accounts/password/reset/ — request a link to reset a forgotten password. */
export default function PasswordResetPage() {
  return (
    <div className="auth-page">
      <div className="auth-column">
        <AuthCard>
          <h1 className="auth-card__heading">Trouble logging in?</h1>
          <p className="auth-card__tagline">
            Enter your email or username and we&apos;ll send you a link to get back into your
            account.
          </p>
          <Link className="btn btn--secondary btn--md btn--block" to="/accounts/emailsignup/">
            Create new account
          </Link>
        </AuthCard>
        <AuthCard className="auth-card--switch">
          <Link to="/accounts/login/">Back to login</Link>
        </AuthCard>
      </div>
    </div>
  );
}
