import { useCallback, useEffect, useRef, type RefObject } from 'react';

/**
 * For actions whose button goes away or is disabled (delete a row, confirm a request, load more):
 * call the returned `arm()` in the action, and when a render finds that the focus fell to the page
 * it is put on `container` (a list with tabIndex -1), or on the page's main area when the list
 * itself is gone. It stays armed while the focus is still inside the container (the answer may
 * take a while), and lets go once the member moves the focus elsewhere.
 */
export function useFocusRescue(container: RefObject<HTMLElement | null>): () => void {
  const armed = useRef(false);
  useEffect(() => {
    if (!armed.current) return;
    const active = document.activeElement;
    if (active && active !== document.body) {
      if (!container.current?.contains(active)) armed.current = false;
      return;
    }
    armed.current = false;
    (container.current ?? document.getElementById('main'))?.focus();
  });
  return useCallback(() => {
    armed.current = true;
  }, []);
}
