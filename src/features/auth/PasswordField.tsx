import { useState, type InputHTMLAttributes } from 'react';
import { TextField } from './TextField';

interface PasswordFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'onChange' | 'type' | 'value'
> {
  value: string;
  onChange: (value: string) => void;
  label?: string;
  error?: string | null;
  validated?: boolean;
  /** See TextField: the id of the text that shows `error` elsewhere in the form. */
  errorShownAt?: string;
}

export function PasswordField({
  value,
  onChange,
  label = 'Password',
  autoComplete = 'current-password',
  ...rest
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...rest}
      label={label}
      type={visible ? 'text' : 'password'}
      value={value}
      onChange={onChange}
      autoComplete={autoComplete}
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="text-field__toggle"
          aria-label={visible ? 'Hide password' : 'Show password'}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      }
    />
  );
}
