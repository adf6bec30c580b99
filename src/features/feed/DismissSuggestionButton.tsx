import { CloseIcon } from '../../ui/icons';
import './DismissSuggestionButton.css';

interface DismissSuggestionButtonProps {
  username: string;
  onDismiss: () => void;
  className?: string;
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
      className={className ? `suggestion-dismiss ${className}` : 'suggestion-dismiss'}
      aria-label={`Dismiss ${username}`}
      title="Dismiss"
      onClick={onDismiss}
    >
      <CloseIcon size={16} />
    </button>
  );
}
