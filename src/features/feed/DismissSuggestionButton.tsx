import { CloseIcon } from '../../ui/icons';
import './DismissSuggestionButton.css';

interface DismissSuggestionButtonProps {
  username: string;
  onDismiss: () => void;
  className?: string;
}

const DISMISS = 'suggestion-dismiss';

/**
 * The suggestion's row goes with its ×, and the focus with it: it moves on to the × of the
 * suggestion that takes its place (the next, else the one before), as a list's delete does.
 */
function keepFocusAfter(button: HTMLElement): void {
  const row = button.closest('li');
  const neighbours = [row?.nextElementSibling, row?.previousElementSibling];
  requestAnimationFrame(() => {
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    for (const neighbour of neighbours) {
      const next = neighbour?.isConnected
        ? neighbour.querySelector<HTMLElement>(`.${DISMISS}`)
        : null;
      if (next) return next.focus();
    }
    document.getElementById('main')?.focus();
  });
}

/** The × on a suggestion (feed card, Discover People, profile chaining). */
export function DismissSuggestionButton({
  username,
  onDismiss,
  className,
}: DismissSuggestionButtonProps) {
  return (
    <button
      type="button"
      className={className ? `${DISMISS} ${className}` : DISMISS}
      aria-label={`Dismiss ${username}`}
      title="Dismiss"
      onClick={(event) => {
        keepFocusAfter(event.currentTarget);
        onDismiss();
      }}
    >
      <CloseIcon size={16} />
    </button>
  );
}
