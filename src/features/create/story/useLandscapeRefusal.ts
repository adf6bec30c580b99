import { useSyncExternalStore } from 'react';
import { isLandscapeRefused } from '../../../state/storyDraft';

const COARSE_POINTER = '(pointer: coarse)';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  const media = window.matchMedia?.(COARSE_POINTER);
  media?.addEventListener('change', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
    media?.removeEventListener('change', onChange);
  };
}

function refusedNow(): boolean {
  return isLandscapeRefused({
    width: window.innerWidth,
    height: window.innerHeight,
    coarsePointer: window.matchMedia?.(COARSE_POINTER).matches ?? false,
  });
}

/**
 * True while a touch device is held in landscape (spec §5: story creation is refused there).
 * Re-evaluated on every resize, so turning the phone upright continues where the user was.
 */
export function useLandscapeRefusal(): boolean {
  return useSyncExternalStore(subscribe, refusedNow, () => false);
}
