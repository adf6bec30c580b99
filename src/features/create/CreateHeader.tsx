import { Spinner } from '../../ui/Spinner';
import './CreateHeader.css';
import { ChevronLeftIcon } from '../../ui/icons';

interface CreateHeaderProps {
  title: string;
  onBack: () => void;
  backLabel?: string;
  actionLabel?: string;
  onAction?: () => void;
  actionDisabled?: boolean;
  actionBusy?: boolean;
}

/** Back · title · Next/Share, like the header of a photo app's create flow. */
export function CreateHeader({
  title,
  onBack,
  backLabel = 'Back',
  actionLabel,
  onAction,
  actionDisabled = false,
  actionBusy = false,
}: CreateHeaderProps) {
  return (
    <header className="create-header">
      <button type="button" className="create-header__back" aria-label={backLabel} onClick={onBack}>
        <ChevronLeftIcon size={26} />
      </button>
      <h1 className="create-header__title">{title}</h1>
      <div className="create-header__action">
        {actionLabel && onAction ? (
          <button
            type="button"
            className="create-header__next"
            onClick={onAction}
            disabled={actionDisabled || actionBusy}
            aria-busy={actionBusy || undefined}
          >
            {actionBusy ? <Spinner size={18} /> : null}
            <span className={actionBusy ? 'visually-hidden' : undefined}>{actionLabel}</span>
          </button>
        ) : null}
      </div>
    </header>
  );
}
