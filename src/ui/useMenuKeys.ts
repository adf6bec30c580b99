import { useLayoutEffect, type RefObject } from 'react';

const ITEMS = 'a[href], button:not([disabled])';

interface MenuKeysOptions {
  /** Focus the first item when the list mounts (a dropdown opened from its button). */
  autoFocus?: boolean;
  /**
   * Roving focus: only the current item is in the Tab order, so Tab leaves the list (a dropdown).
   * Inside a dialog, which traps Tab, every item stays tabbable.
   */
  roving?: boolean;
}

/**
 * Arrow keys for a list of menu items (links and buttons): Down/Up move (wrapping), Home/End go to
 * the first/last item. Escape is left to the dropdown or dialog around the list.
 */
export function useMenuKeys(
  listRef: RefObject<HTMLElement | null>,
  { autoFocus = false, roving = false }: MenuKeysOptions = {},
): void {
  // A layout effect: the first item has focus in the same commit that shows the list, so a key
  // pressed at once (or a test that finds the item) never meets the button that opened it.
  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const items = () => Array.from(list.querySelectorAll<HTMLElement>(ITEMS));
    function rove(current: HTMLElement) {
      if (!roving) return;
      for (const item of items()) item.tabIndex = item === current ? 0 : -1;
    }
    const first = items()[0];
    if (first) {
      rove(first);
      if (autoFocus) first.focus();
    }

    function onKeyDown(event: KeyboardEvent) {
      const all = items();
      if (all.length === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
      const index = all.indexOf(document.activeElement as HTMLElement);
      let next: HTMLElement | undefined;
      if (event.key === 'ArrowDown') next = all[(index + 1) % all.length];
      else if (event.key === 'ArrowUp') next = all[(index - 1 + all.length) % all.length];
      else if (event.key === 'Home') next = all[0];
      else if (event.key === 'End') next = all[all.length - 1];
      if (!next) return;
      event.preventDefault();
      rove(next);
      next.focus();
    }
    function onFocusIn(event: FocusEvent) {
      if (event.target instanceof HTMLElement && items().includes(event.target)) rove(event.target);
    }
    list.addEventListener('keydown', onKeyDown);
    list.addEventListener('focusin', onFocusIn);
    return () => {
      list.removeEventListener('keydown', onKeyDown);
      list.removeEventListener('focusin', onFocusIn);
    };
  }, [listRef, autoFocus, roving]);
}
