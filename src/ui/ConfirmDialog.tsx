import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useBackdropDismiss } from './useBackdropDismiss';
import { useDialogFocus } from './useDialogFocus';

interface ConfirmDialogProps {
  title: string;
  body?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Draws the confirm action in red (block, delete, log out …). */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Spec §2 confirm dialog (title, body, confirm, cancel), CONFIRM_DIALOG_WIDTH (330 px) wide.
 * Escape and a click outside both cancel (not the second click of the double click that opened it).
 * The focus starts on the confirm button, or on Cancel when the action is destructive.
 */
export function ConfirmDialog({
  title,
  body,
  confirmLabel,
  cancelLabel = 'Cancel',
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  // A destructive question starts on its safe answer (WAI-ARIA's alert dialog): an Enter pressed
  // on the way in must not delete, revoke or discard.
  useDialogFocus(panelRef, onCancel, destructive ? cancelRef : confirmRef);

  const backdrop = useBackdropDismiss(onCancel);

  return createPortal(
    <div className="modal-backdrop" onMouseDown={backdrop.onMouseDown} onClick={backdrop.onClick}>
      <div
        ref={panelRef}
        className="confirm-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={body ? bodyId : undefined}
      >
        <div className="confirm-dialog__text">
          <h2 id={titleId} className="confirm-dialog__title">
            {title}
          </h2>
          {body ? (
            <div id={bodyId} className="confirm-dialog__body">
              {body}
            </div>
          ) : null}
        </div>
        <button
          ref={confirmRef}
          type="button"
          className={
            destructive
              ? 'confirm-dialog__button confirm-dialog__button--danger'
              : 'confirm-dialog__button confirm-dialog__button--primary'
          }
          onClick={onConfirm}
        >
          {confirmLabel}
        </button>
        <button ref={cancelRef} type="button" className="confirm-dialog__button" onClick={onCancel}>
          {cancelLabel}
        </button>
      </div>
    </div>,
    document.body,
  );
}
