import { useEffect, useRef } from 'react';
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
  const heading = useRef<HTMLHeadingElement>(null);
  // A new step (its Next pressed, photos picked from the site's New post) leaves the focus on
  // nothing, or outside the flow: it goes to the step's name, read out, and Tab goes on from there.
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.closest('.create-page')) {
      heading.current?.focus({ preventScroll: true });
    }
  }, [title]);
  return (
    <header className="create-header">
      <button type="button" className="create-header__back" aria-label={backLabel} onClick={onBack}>
        <ChevronLeftIcon size={26} />
      </button>
      <h1 ref={heading} className="create-header__title" tabIndex={-1}>
        {title}
      </h1>
      <div className="create-header__action">
        {actionLabel && onAction ? (
          <button
            type="button"
            className="create-header__next"
            // Busy (sharing): it keeps the focus and ignores presses, as src/ui/Button does.
            onClick={actionBusy ? undefined : onAction}
            disabled={actionDisabled && !actionBusy}
            aria-disabled={actionBusy || undefined}
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
