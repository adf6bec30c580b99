import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './authFlows.css';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Extra control inside the field's right edge (e.g. the show-password button). */
  trailing?: ReactNode;
  /** A visible error under the field (also announced through aria-describedby). */
  error?: string | null;
  /** Shows the check mark of a field the server accepted. */
  validated?: boolean;
  /**
   * The id of the element that shows `error` when the form lists its errors in one place (so a
   * message appearing never moves the fields or the submit button): the field is still marked
   * invalid and described by that text, and shows no message of its own.
   */
  errorShownAt?: string;
}

/** An input with a floating label: the label sits in the field and shrinks once there is text. */
export function TextField({
  label,
  value,
  onChange,
  trailing,
  error,
  validated = false,
  errorShownAt,
  id,
  className,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = errorShownAt ?? `${inputId}-error`;
  const status = error ? 'error' : validated ? 'valid' : null;
  const field = (
    <div
      className={[
        'text-field',
        value ? 'text-field--filled' : '',
        status ? `text-field--${status}` : '',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <div className="text-field__box">
        <label className="text-field__label" htmlFor={inputId}>
          {label}
        </label>
        <input
          id={inputId}
          className="text-field__input"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...rest}
        />
      </div>
      {status || trailing ? (
        <div className="text-field__trailing">
          {status ? (
            <span
              className={`field-status field-status--${status}`}
              aria-hidden="true"
              title={status === 'valid' ? 'Looks good' : undefined}
            />
          ) : null}
          {trailing}
        </div>
      ) : null}
    </div>
  );
  if (error === undefined || errorShownAt) return field;
  return (
    <div className="field-group">
      {field}
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
