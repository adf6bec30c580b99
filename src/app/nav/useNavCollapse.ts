import { useEffect } from 'react';
import { throttle } from '../../lib/throttle';
import { SCROLL_THROTTLE_MS } from '../../lib/tokens';
import { updateNavCollapse } from '../../state/ui';

/** Follows the window's scroll position (throttled, spec §9: 250 ms) to collapse the nav bar. */
export function useNavCollapse(): void {
  useEffect(() => {
    const onScroll = throttle(() => updateNavCollapse(window.scrollY), SCROLL_THROTTLE_MS);
    updateNavCollapse(window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      onScroll.cancel();
    };
  }, []);
}
