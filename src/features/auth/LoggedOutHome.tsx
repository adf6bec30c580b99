import { AuthCard, SwitchToSignupCard } from './AuthCards';
import { LoginForm } from './LoginForm';
import { Wordmark } from '../../ui/Wordmark';
import { PhoneShowcase } from './PhoneShowcase';

/** `/` for visitors: a phone showing the product beside the login card. */
export function LoggedOutHome() {
  return (
    <div className="landing">
      <PhoneShowcase />
      <div className="auth-column">
        <AuthCard>
          <h1 className="auth-card__logo">
            <Wordmark size="lg" />
          </h1>
          <p className="auth-card__tagline">Share photos and stories with the people you follow.</p>
          <LoginForm next={null} />
        </AuthCard>
        <SwitchToSignupCard next={null} />
      </div>
    </div>
  );
}
