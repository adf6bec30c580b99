import { useRef, type MouseEvent } from 'react';

/**
 * Mouse handlers for a dialog's backdrop: a press that starts and ends on the backdrop itself
 * dismisses the dialog. Not a press that started in the panel (a text selection dragged out of
 * it), and not the second press of a double click — the one whose first press opened the dialog
 * would otherwise land on the backdrop and close it at once.
 */
export function useBackdropDismiss(onDismiss: () => void) {
  const pressStartedOnBackdrop = useRef(false);
  return {
    onMouseDown(event: MouseEvent) {
      pressStartedOnBackdrop.current = event.target === event.currentTarget && event.detail <= 1;
    },
    onClick(event: MouseEvent) {
      if (pressStartedOnBackdrop.current && event.target === event.currentTarget) onDismiss();
      pressStartedOnBackdrop.current = false;
    },
  };
}
