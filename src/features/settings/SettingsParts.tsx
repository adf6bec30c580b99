import { useId, type ReactNode } from 'react';
import { usePageTitle } from '../../lib/navigation';
import type { Resource } from '../../state/settings';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import './settings.css';
import './settingsWidgets.css';

/** One settings screen: a heading, an optional lead sentence and its content. */
export function SettingsPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  // The page's heading names the tab too ("Edit profile • Glint").
  usePageTitle(title);
  return (
    <section className="settings-page">
      <h1 className="settings-page__title">{title}</h1>
      {lead ? <p className="settings-page__lead">{lead}</p> : null}
      {children}
    </section>
  );
}

interface FieldRowProps {
  label: string;
  hint?: ReactNode;
  /** The server's message for this field: shown under it, and the control is marked invalid. */
  error?: string;
  /**
   * Renders the control with the id its label points at, the ids describing it (error, hint)
   * and whether it is invalid.
   */
  children: (ids: {
    id: string;
    hintId: string | undefined;
    invalid: true | undefined;
  }) => ReactNode;
}

/** A labelled row: the label beside the control on wide screens, above it on narrow ones. */
export function FieldRow({ label, hint, error, children }: FieldRowProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = [errorId, hint ? `${id}-hint` : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className="settings-row">
      <label className="settings-row__label" htmlFor={id}>
        {label}
      </label>
      <div className="settings-row__control">
        {children({ id, hintId, invalid: error ? true : undefined })}
        {error ? (
          <p className="settings-row__error" id={errorId}>
            {error}
          </p>
        ) : null}
        {hint ? (
          <p className="settings-row__hint" id={`${id}-hint`}>
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

interface SwitchRowProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting: a checkbox drawn as a switch, named by its label. */
export function SwitchRow({ label, description, checked, disabled, onChange }: SwitchRowProps) {
  const id = useId();
  return (
    <div className="switch-row">
      <div className="switch-row__text">
        <label className="switch-row__label" htmlFor={id}>
          {label}
        </label>
        {description ? (
          <p className="switch-row__description" id={`${id}-description`}>
            {description}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        className="switch"
        type="checkbox"
        role="switch"
        checked={checked}
        // Busy, not disabled: a disabled control drops the keyboard focus to the page.
        aria-disabled={disabled || undefined}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(event) => {
          if (!disabled) onChange(event.currentTarget.checked);
        }}
      />
    </div>
  );
}

interface ResourceViewProps<T> {
  resource: Resource<T>;
  label: string;
  onRetry: () => void;
  children: (data: T) => ReactNode;
}

/** Loading spinner, an error with Retry, or the loaded content. */
export function ResourceView<T>({ resource, label, onRetry, children }: ResourceViewProps<T>) {
  if (resource.status === 'loading') {
    return (
      <div className="settings-loading">
        <Spinner label={`Loading ${label}`} />
      </div>
    );
  }
  if (resource.status === 'error') {
    return (
      <div className="settings-error" role="alert">
        <p>{resource.error}</p>
        <Button variant="secondary" onClick={onRetry}>
          Retry
        </Button>
      </div>
    );
  }
  return <>{children(resource.data)}</>;
}
