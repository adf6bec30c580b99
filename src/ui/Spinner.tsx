interface SpinnerProps {
  size?: number;
  tone?: 'dark' | 'light';
  /** When given, the spinner is announced (role=status) with this label. */
  label?: string;
}

export function Spinner({ size = 24, tone = 'dark', label }: SpinnerProps) {
  return (
    <span
      className={`spinner spinner--${tone}`}
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
