import { useEffect, useRef, type RefObject } from 'react';

/**
 * Closes a dropdown on Escape, on a pointer press outside `containerRef` (which should hold both
 * the toggle button and the dropdown, so the toggle keeps working) and when focus moves out of it
 * (Tab past its last item). Escape from inside gives focus back to the toggle (the container's
 * control with aria-expanded).
 */
export function useDismiss(
  containerRef: RefObject<HTMLElement | null>,
  open: boolean,
  onDismiss: () => void,
): void {
  const onDismissRef = useRef(onDismiss);
  useEffect(() => {
    onDismissRef.current = onDismiss;
  }, [onDismiss]);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent | MouseEvent) {
      const container = containerRef.current;
      if (container && event.target instanceof Node && !container.contains(event.target)) {
        onDismissRef.current();
      }
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape') return;
      const container = containerRef.current;
      const focusInside = container?.contains(document.activeElement) ?? false;
      onDismissRef.current();
      if (focusInside) container?.querySelector<HTMLElement>('[aria-expanded]')?.focus();
    }
    function onFocusOut(event: FocusEvent) {
      const container = containerRef.current;
      const to = event.relatedTarget;
      // No relatedTarget: focus went nowhere (a press on the page), which mousedown handles.
      if (container && to instanceof Node && !container.contains(to)) onDismissRef.current();
    }
    const container = containerRef.current;
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    container?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
      container?.removeEventListener('focusout', onFocusOut);
    };
  }, [containerRef, open]);
}
