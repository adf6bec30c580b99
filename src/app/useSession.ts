import { useSyncExternalStore } from 'react';
import type { WireViewer } from '../api/types';
import { getViewer, isLoggedIn, onViewerChange } from '../lib/sharedData';

export interface Session {
  viewer: WireViewer | null;
  /** Spec §2: logged in only with BOTH the user-id cookie and a viewer in the shared data. */
  loggedIn: boolean;
}

function subscribe(onChange: () => void): () => void {
  return onViewerChange(onChange);
}

/** The viewer from the shared page data, re-rendering when setViewer() changes it. */
export function useSession(): Session {
  const viewer = useSyncExternalStore(subscribe, getViewer, getViewer);
  const loggedIn = viewer !== null && isLoggedIn();
  return { viewer: loggedIn ? viewer : null, loggedIn };
}
