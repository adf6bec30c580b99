import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { RouteContext, useLocation, type Location, type RouteObject } from '../../lib/router';
import { SMALL_SCREEN_MAX } from '../../lib/tokens';
import { useMediaQuery } from '../../lib/useMediaQuery';

// Route-driven post modal (content §2): a link from a grid pushes /p/{code}/?taken-by=… with
// `state.backgroundLocation`; the page that was on screen stays mounted underneath (same React
// tree position, so its state and scroll survive) and the post route draws the modal over it.
// Browser back pops to the background location, which unmounts the modal.

export interface ModalRoute {
  background: Location;
}

/** Non-null while the current route is drawn as a modal over `background`. */
export const ModalRouteContext = createContext<ModalRoute | null>(null);

export function backgroundLocationOf(location: Location): Location | null {
  const state = location.state as { backgroundLocation?: Location } | null;
  const background = state?.backgroundLocation;
  return background && typeof background.pathname === 'string' ? background : null;
}

/** The `state` for a link that opens a post as a modal over the current page. */
export function postModalState(location: Location): { backgroundLocation: Location } {
  return { backgroundLocation: location };
}

interface KeptPage {
  key: string;
  element: ReactNode;
}

/**
 * Pages shown without a modal, newest last. More than one: Back from a page reached by a link
 * inside the modal (the author's profile, a hashtag) returns to the modal over the page it was
 * opened from, not to the post as a full page.
 */
const KEPT_PAGES = 5;

/** Pathless layout route: renders the page, or the remembered background page plus the modal. */
export function ModalRouteOutlet() {
  const location = useLocation();
  // The child route's element as the router built it. Unlike useOutlet(), which wraps it in a new
  // element on every call, it only changes when the router renders new matches, so it can be
  // remembered in state without a render loop.
  const outlet = useContext(RouteContext).outlet;
  const background = backgroundLocationOf(location);
  const [kept, setKept] = useState<readonly KeptPage[]>([]);
  // Remember the latest page shown without a modal (including the update from the route's loading
  // fallback to the page itself, which keeps the same location key).
  const latest = kept.at(-1);
  if (!background && (latest?.key !== location.key || latest.element !== outlet)) {
    const page = { key: location.key, element: outlet };
    setKept([...kept.filter((p) => p.key !== page.key), page].slice(-KEPT_PAGES));
  }
  // After a reload the remembered page is gone: the post then renders as a full page. Phones get
  // the full page too: a modal there leaves no room for a close button beside the post's header.
  const phone = useMediaQuery(`(max-width: ${SMALL_SCREEN_MAX}px)`);
  const underneath = background && kept.find((p) => p.key === background.key);
  const overlay = !phone && underneath != null;

  // The router resets the scroll for the pushed modal location; the page underneath keeps its own,
  // remembered per page. A ref, not state: scrolling must not re-render the page.
  const scrolls = useRef(new Map<string, number>());
  const shownKey = overlay ? null : location.key;
  const underneathKey = overlay ? underneath.key : null;
  useEffect(() => {
    if (underneathKey) window.scrollTo(0, scrolls.current.get(underneathKey) ?? 0);
  }, [underneathKey]);
  useEffect(() => {
    if (!shownKey) return;
    const onScroll = () => {
      scrolls.current.set(shownKey, window.scrollY);
    };
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [shownKey]);

  const modal = overlay && background ? { background } : null;
  return (
    <>
      {overlay ? underneath.element : outlet}
      <ModalRouteContext.Provider value={modal}>
        {overlay ? outlet : null}
      </ModalRouteContext.Provider>
    </>
  );
}

/** Wraps the app's page routes so any of them can sit under a post modal. */
export function withPostModal(children: RouteObject[]): RouteObject[] {
  return [{ Component: ModalRouteOutlet, children }];
}
