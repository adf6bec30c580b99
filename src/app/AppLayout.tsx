import { useEffect } from 'react';
import {
  Outlet,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useNavigationType,
} from '../lib/router';
import { noteNavigation } from '../state/toast';
import { closeNavOverlays } from '../state/ui';
import { ToastHost } from './ToastHost';
import { LogoutDialog } from '../features/auth/LogoutDialog';
import { uiState } from '../state/ui';
import { useSnapshot } from 'valtio';
import { TopLoadingBar } from '../ui/TopLoadingBar';
import { Footer } from './Footer';
import { InstallOffer } from './InstallOffer';
import { useInstallOffer } from './installPrompt';
import { UpsellSlot } from '../features/upsells/UpsellSlot';
import { LoggedOutCta } from './LoggedOutCta';
import { MobileHeader } from './nav/MobileHeader';
import { MobileMenu } from './nav/MobileMenu';
import { MobileTabBar } from './nav/MobileTabBar';
import { NavBar } from './nav/NavBar';
import { useChrome } from './routeHandle';
import { useSession } from './useSession';

/** The location on screen (one app frame per page). */
let shownKey: string | null = null;

/** The frame around every page: nav, footer, toasts and the top loading bar. */
export function AppLayout() {
  const location = useLocation();
  const navigation = useNavigation();
  const { viewer, loggedIn } = useSession();
  const chrome = useChrome(loggedIn);
  const { logoutDialogOpen } = useSnapshot(uiState);
  const installOffer = useInstallOffer();
  const action = useNavigationType();
  // Read while rendering a new location, before the old page goes: the link pressed on the page
  // or in the post modal over it.
  const leaving =
    shownKey !== location.key ? document.activeElement?.closest('#main a, .post-modal a') : null;

  useEffect(() => {
    noteNavigation(location.key);
    closeNavOverlays();
    const from = shownKey;
    shownKey = location.key;
    if (from !== null) {
      void import('./routeFocus').then((m) => m.settleFocus(from, location.key, action, leaving));
    }
    // `action` and `leaving` belong to the render that brought this location.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);
  useEffect(
    () => () => {
      shownKey = null;
    },
    [],
  );

  return (
    <div className={`app app--${chrome}${loggedIn ? ' app--member' : ' app--visitor'}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <TopLoadingBar active={navigation.state === 'loading'} />
      {chrome === 'app' ? (
        <>
          <NavBar viewer={viewer} />
          <MobileHeader viewer={viewer} />
          {/* Fixed at the bottom of a phone's screen, but first in the Tab order, like the top
              bar it stands in for: after an endless feed it could never be reached by Tab. */}
          {viewer ? <MobileTabBar viewer={viewer} /> : null}
        </>
      ) : null}
      <main id="main" className="app__main" tabIndex={-1}>
        {chrome === 'app' ? (
          <UpsellSlot loggedIn={loggedIn} installOffered={installOffer !== null} />
        ) : null}
        <Outlet />
      </main>
      {chrome !== 'immersive' ? <Footer /> : null}
      {chrome === 'app' && !viewer ? <LoggedOutCta /> : null}
      {chrome === 'app' && viewer ? <InstallOffer /> : null}
      {viewer ? <MobileMenu viewer={viewer} /> : null}
      {viewer && logoutDialogOpen ? <LogoutDialog /> : null}
      <ToastHost />
      <ScrollRestoration />
    </div>
  );
}
