import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'link' | 'danger' | 'ghost';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
  block?: boolean;
  /** Shows a spinner in place of the label; the button does nothing until it is done. */
  busy?: boolean;
  /**
   * Disabled, but still focusable (aria-disabled): for a button that disables itself once pressed,
   * such as a form's Submit that has nothing left to save, so the focus stays where it was.
   */
  accessibleWhenDisabled?: boolean;
  /**
   * With `accessibleWhenDisabled`: a press (or Enter in its form) while disabled, so the page can
   * say what is missing instead of doing nothing.
   */
  onUnavailablePress?: () => void;
}

/**
 * A busy button keeps the focus: it says it is unavailable (aria-disabled) and ignores presses
 * (a press, or Enter in its form, does nothing) instead of being disabled, which would drop the
 * focus to the page while the call runs.
 */
export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  busy = false,
  accessibleWhenDisabled = false,
  onUnavailablePress,
  disabled,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, `btn--${size}`, block ? 'btn--block' : '', className]
    .filter(Boolean)
    .join(' ');
  const inert = busy || (disabled === true && accessibleWhenDisabled);
  return (
    <button
      type={type}
      className={classes}
      disabled={disabled === true && !inert}
      aria-disabled={inert || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        // Also stops a submit button's form from being sent.
        if (inert) {
          event.preventDefault();
          if (!busy) onUnavailablePress?.();
        } else onClick?.(event);
      }}
      {...rest}
    >
      {busy ? (
        <>
          <Spinner size={18} tone={variant === 'primary' ? 'light' : 'dark'} />
          {/* The button keeps its name while the spinner stands in for its label. */}
          <span className="visually-hidden">{children}</span>
        </>
      ) : (
        children
      )}
    </button>
  );
}
