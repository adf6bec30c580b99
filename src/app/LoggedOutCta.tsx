import { Link, useLocation } from '../lib/router';
import { useSnapshot } from 'valtio';
import { isSignupDefault } from '../lib/sharedData';
import { loginUrlWithNext, signupUrlWithNext } from '../lib/safeNext';
import { dismissLoggedOutCta, uiState } from '../state/ui';
import { CloseIcon, GlintMark } from '../ui/icons';
import { currentPathWithSearch } from '../lib/navigation';
import './LoggedOutCta.css';

/**
 * Spec §4: the visitors' call to action; dismissible for the rest of the session. Under the
 * login-via-signup-page experiment it prompts signup (spec §1): its title asks to sign up and
 * "Sign up" comes first, as the primary button.
 */
export function LoggedOutCta() {
  const { loggedOutCtaDismissed } = useSnapshot(uiState);
  const location = useLocation();
  if (loggedOutCtaDismissed) return null;
  const next = currentPathWithSearch(location);
  const signupFirst = isSignupDefault();

  const login = (
    <Link
      key="login"
      className={signupFirst ? 'btn btn--link btn--md' : 'btn btn--primary btn--md'}
      to={loginUrlWithNext(next)}
    >
      Log in
    </Link>
  );
  const signup = (
    <Link
      key="signup"
      className={signupFirst ? 'btn btn--primary btn--md' : 'btn btn--link btn--md'}
      to={signupUrlWithNext(next)}
    >
      Sign up
    </Link>
  );

  return (
    <aside className="logged-out-cta" aria-label="Join Glint">
      <div className="logged-out-cta__inner">
        <GlintMark size={36} />
        <div className="logged-out-cta__text">
          <p className="logged-out-cta__title">
            {signupFirst ? 'Sign up for Glint' : 'Log in to Glint'}
          </p>
          <p className="logged-out-cta__subtitle">
            Like photos, watch stories and follow the people you care about.
          </p>
        </div>
        <div className="logged-out-cta__actions">
          {signupFirst ? [signup, login] : [login, signup]}
        </div>
        <button
          type="button"
          className="icon-button logged-out-cta__close"
          aria-label="Dismiss"
          onClick={dismissLoggedOutCta}
        >
          <CloseIcon size={18} />
        </button>
      </div>
    </aside>
  );
}
