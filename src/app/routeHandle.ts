import { useMatches } from '../lib/router';

/**
 * Which frame a route is drawn in:
 * - app: nav bar (desktop), header + tab bar (mobile) and footer;
 * - auth: only the footer (account screens and the logged-out home);
 * - immersive: nothing around the page (story viewer, story composer, embeds).
 */
export type Chrome = 'app' | 'auth' | 'immersive';

export interface RouteHandle {
  chrome?: Chrome;
  /** Frame used instead of `chrome` while logged out (the home route is a landing for visitors). */
  visitorChrome?: Chrome;
}

/** The frame of the deepest matched route that names one. */
export function useChrome(loggedIn: boolean): Chrome {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (!handle) continue;
    if (!loggedIn && handle.visitorChrome) return handle.visitorChrome;
    if (handle.chrome) return handle.chrome;
  }
  return 'app';
}
