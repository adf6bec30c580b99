import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Extra control inside the field's right edge (e.g. the show-password button). */
  trailing?: ReactNode;
}

/** An input with a floating label: the label sits in the field and shrinks once there is text. */
export function TextField({
  label,
  value,
  onChange,
  trailing,
  id,
  className,
  ...rest
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div
      className={['text-field', value ? 'text-field--filled' : '', className]
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
          {...rest}
        />
      </div>
      {trailing ? <div className="text-field__trailing">{trailing}</div> : null}
    </div>
  );
}
