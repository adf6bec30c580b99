import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';
import { useBackdropDismiss } from './useBackdropDismiss';
import { useDialogFocus } from './useDialogFocus';

interface ModalProps {
  /** Accessible name of the dialog; shown as a header unless titleHidden. */
  title: string;
  titleHidden?: boolean;
  onClose: () => void;
  /** Spec §2: "has a close button unless hidden". */
  hideCloseButton?: boolean;
  /** Width of the panel in px; the panel never exceeds the viewport. */
  width?: number;
  className?: string;
  /** Where the focus goes back to on close (see useDialogFocus); else where it came from. */
  returnFocusRef?: RefObject<(() => HTMLElement | null) | null>;
  children: ReactNode;
}

/** A dialog over the page. Closes on Escape, on a click outside the panel and on Close. */
export function Modal({
  title,
  titleHidden = false,
  onClose,
  hideCloseButton = false,
  width = 400,
  className,
  returnFocusRef,
  children,
}: ModalProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialogFocus(panelRef, onClose, undefined, returnFocusRef);

  const backdrop = useBackdropDismiss(onClose);

  return createPortal(
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={backdrop.onMouseDown}
      onClick={backdrop.onClick}
    >
      <div
        ref={panelRef}
        className={['modal', className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        style={{ width }}
      >
        <header className={titleHidden ? 'modal__header modal__header--hidden' : 'modal__header'}>
          <h2 id={titleId} className={titleHidden ? 'visually-hidden' : 'modal__title'}>
            {title}
          </h2>
          {hideCloseButton ? null : (
            <button
              type="button"
              className="icon-button modal__close"
              aria-label="Close"
              onClick={onClose}
            >
              <CloseIcon size={22} />
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
