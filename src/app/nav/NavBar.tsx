import { Link, useLocation } from '../../lib/router';
import { useSnapshot } from 'valtio';
import type { WireViewer } from '../../api/types';
import { isSignupDefault } from '../../lib/sharedData';
import { loginUrlWithNext, signupUrlWithNext } from '../../lib/safeNext';
import { uiState } from '../../state/ui';
import { Wordmark } from '../../ui/Wordmark';
import { currentPathWithSearch } from '../../lib/navigation';
import { MemberNavItems } from './MemberNavItems';
import { SearchBox } from './SearchBox';
import { useNavCollapse } from './useNavCollapse';

/** Desktop nav bar (≥ 736 px; the mobile header and tab bar take over below that). */
export function NavBar({ viewer }: { viewer: WireViewer | null }) {
  const { navCollapsed } = useSnapshot(uiState);
  useNavCollapse();

  return (
    <header className={navCollapsed ? 'nav nav--collapsed' : 'nav'}>
      <div className="nav__inner">
        <Link to="/" className="nav__logo">
          <Wordmark />
        </Link>
        <SearchBox className="nav__search" />
        {viewer ? <MemberNavItems viewer={viewer} /> : <VisitorNavItems />}
      </div>
    </header>
  );
}

/** Spec §2: visitors see log-in and sign-up links (the app-install button stays hidden). */
export function VisitorNavItems() {
  const location = useLocation();
  const next = currentPathWithSearch(location);
  const onAccountPage = location.pathname.startsWith('/accounts/');
  const loginTo = onAccountPage ? '/accounts/login/' : loginUrlWithNext(next);
  const signupTo = onAccountPage ? '/accounts/emailsignup/' : signupUrlWithNext(next);
  const signupFirst = isSignupDefault();
  return (
    <div className="nav__actions nav__actions--visitor">
      <Link
        className={signupFirst ? 'btn btn--link btn--sm' : 'btn btn--primary btn--sm'}
        to={loginTo}
      >
        Log in
      </Link>
      <Link
        className={signupFirst ? 'btn btn--primary btn--sm' : 'btn btn--link btn--sm'}
        to={signupTo}
      >
        Sign up
      </Link>
    </div>
  );
}
