import { useEffect } from 'react';
import { resetStoryDraft } from '../../../state/storyDraftActions';

let mounted = 0;

/**
 * Forgets the draft (and stops its jobs) once the composer route is left by any way — browser
 * back included. The reset waits a tick: StrictMode unmounts and mounts again at once, and the
 * file the nav just picked must survive that.
 */
export function useDraftLifetime(): void {
  useEffect(() => {
    mounted += 1;
    return () => {
      mounted -= 1;
      setTimeout(() => {
        if (mounted === 0) resetStoryDraft();
      }, 0);
    };
  }, []);
}
