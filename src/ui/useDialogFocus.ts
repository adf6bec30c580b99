import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open dialogs, the topmost last: keys that land outside every dialog go to the topmost. */
const openDialogs: HTMLElement[] = [];

/** Rendered: a control hidden by CSS (display: none here or above) cannot take the focus. */
const rendered = (element: HTMLElement) =>
  typeof element.checkVisibility !== 'function' || element.checkVisibility();

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(rendered);
}

/**
 * Dialog keyboard behaviour: moves focus into the dialog, keeps Tab inside it, calls onEscape for
 * the Escape key and gives focus back to whatever had it before the dialog opened (when the
 * dialog closes on the page it opened on, or that control is on the page below).
 */
export function useDialogFocus(
  containerRef: RefObject<HTMLElement | null>,
  onEscape: () => void,
  initialFocusRef?: RefObject<HTMLElement | null>,
  /**
   * Where the focus goes back to on close, read then; the control that had it before opening
   * when it gives nothing (a post modal stepped through a grid: the tile of the post shown last).
   */
  returnFocusRef?: RefObject<(() => HTMLElement | null) | null>,
): void {
  // The latest callback is read through a ref so the effect runs once per open dialog.
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    const openedOn = window.location.pathname + window.location.search;
    const first = initialFocusRef?.current ?? focusableIn(container)[0] ?? container;
    first.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (!container) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(container);
      if (items.length === 0) {
        event.preventDefault();
        return;
      }
      const firstItem = items[0];
      const lastItem = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !container.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !container.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    }

    // When the focused control disappears (a dialog that switches sections), focus falls back to
    // the body: Escape and Tab must still reach the dialog on top.
    function onStrayKeyDown(event: KeyboardEvent) {
      if (!container || openDialogs.at(-1) !== container) return;
      if (event.target instanceof Node && container.contains(event.target)) return;
      onKeyDown(event);
    }

    openDialogs.push(container);
    container.addEventListener('keydown', onKeyDown);
    document.addEventListener('keydown', onStrayKeyDown);
    return () => {
      openDialogs.splice(openDialogs.indexOf(container), 1);
      container.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('keydown', onStrayKeyDown);
      // Closed by going to another page (a menu's link): the focus is that page's to place
      // (src/app/routeFocus.ts), unless what had it is on the page left below (a post modal's
      // grid tile).
      const samePage = window.location.pathname + window.location.search === openedOn;
      // The latest choice is wanted here, not the one when the dialog opened.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      const chosen = returnFocusRef?.current?.();
      if (chosen && (samePage || chosen.closest('#main'))) {
        chosen.focus();
        return;
      }
      if (
        previouslyFocused &&
        document.contains(previouslyFocused) &&
        (samePage || previouslyFocused.closest('#main'))
      ) {
        previouslyFocused.focus();
      }
    };
  }, [containerRef, initialFocusRef, returnFocusRef]);
}
