import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'glint-scroll-positions';

function readPositions(): Map<string, number> {
  try {
    return new Map(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]') as [string, number][]);
  } catch {
    return new Map();
  }
}

const positions = readPositions();

/**
 * Back and forward return to where the page was scrolled; any other navigation starts at the
 * top (or at the #hash), unless its state says keepScroll. Positions survive a reload through
 * sessionStorage. React Router's own <ScrollRestoration> needs its data mode (README, "JavaScript
 * budget"), so this is the part of it Glint uses, driven by React Router's location keys.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();
  const current = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => void positions.set(current.current, window.scrollY);
    const persist = () => {
      save();
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-50)));
      } catch {
        // Storage off or full: positions then last for this page's life only.
      }
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('pagehide', persist);
    };
  }, []);

  // A dialog with a history entry of its own (a profile's followers list) keeps the page's scroll.
  const keepScroll = (location.state as { keepScroll?: unknown } | null)?.keepScroll === true;
  useLayoutEffect(() => {
    current.current = location.key;
    const saved = positions.get(location.key);
    if (action === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (location.hash)
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else if (action !== 'POP' && !keepScroll) window.scrollTo(0, 0);
  }, [location.key, location.hash, action, keepScroll]);
  return null;
}
