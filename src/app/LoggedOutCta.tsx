import { Link, useLocation } from '../lib/router';
import { useSnapshot } from 'valtio';
import { isSignupDefault } from '../lib/sharedData';
import { loginUrlWithNext, signupUrlWithNext } from '../lib/safeNext';
import { dismissLoggedOutCta, uiState } from '../state/ui';
import { CloseIcon, GlintMark } from '../ui/icons';
import { currentPathWithSearch } from './navigation';

/** Spec §4: the visitors' call to action; dismissible for the rest of the session. */
export function LoggedOutCta() {
  const { loggedOutCtaDismissed } = useSnapshot(uiState);
  const location = useLocation();
  if (loggedOutCtaDismissed) return null;
  const next = currentPathWithSearch(location);
  const signupFirst = isSignupDefault();

  return (
    <aside className="logged-out-cta" aria-label="Join Glint">
      <div className="logged-out-cta__inner">
        <GlintMark size={36} />
        <div className="logged-out-cta__text">
          <p className="logged-out-cta__title">Log in to Glint</p>
          <p className="logged-out-cta__subtitle">
            Like photos, watch stories and follow the people you care about.
          </p>
        </div>
        <div className="logged-out-cta__actions">
          <Link
            className={signupFirst ? 'btn btn--secondary btn--md' : 'btn btn--primary btn--md'}
            to={loginUrlWithNext(next)}
          >
            Log in
          </Link>
          <Link
            className={signupFirst ? 'btn btn--primary btn--md' : 'btn btn--link btn--md'}
            to={signupUrlWithNext(next)}
          >
            Sign up
          </Link>
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
