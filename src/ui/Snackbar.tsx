interface SnackbarProps {
  text: string;
  actionText?: string;
  onAction?: () => void;
  onDismiss?: () => void;
}

/** A dark bar with a message and an optional action (e.g. Retry). */
export function Snackbar({ text, actionText, onAction, onDismiss }: SnackbarProps) {
  return (
    <div className="snackbar">
      <p className="snackbar__text">{text}</p>
      {actionText && onAction ? (
        <button type="button" className="snackbar__action" onClick={onAction}>
          {actionText}
        </button>
      ) : null}
      {onDismiss ? (
        <button type="button" className="snackbar__close" aria-label="Dismiss" onClick={onDismiss}>
          ×
        </button>
      ) : null}
    </div>
  );
}
