import { useId, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { switchAuthForm } from '../../state/authForm';
import {
  requestNewTwoFactorCode,
  setTwoFactorCode,
  submitTwoFactorCode,
  twoFactorState,
} from '../../state/twoFactor';
import { Button } from '../../ui/Button';
import { TextField } from './TextField';

/** The "Enter the security code" step of a login with two-factor authentication on. */
export function TwoFactorForm({ next }: { next: string | null }) {
  const { code, status, message, messageIsError, lastFourDigits, sendingCode } =
    useSnapshot(twoFactorState);
  const busy = status !== 'idle';
  const messageId = useId();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submitTwoFactorCode(next);
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <div className="auth-form__icon auth-form__icon--shield" aria-hidden="true" />
      <h2 className="auth-form__heading">Enter the security code</h2>
      <p className="auth-form__hint">
        {lastFourDigits
          ? `Enter the 6-digit code we sent to your number ending in ${lastFourDigits}.`
          : 'Enter the 6-digit code we sent to your phone.'}
      </p>
      <TextField
        label="Security code"
        value={code}
        onChange={setTwoFactorCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        autoFocus
        maxLength={8}
        error={messageIsError ? message : null}
        errorShownAt={messageId}
      />
      <Button type="submit" block disabled={code.trim() === ''} busy={busy}>
        Confirm
      </Button>
      <div
        id={messageId}
        className={messageIsError ? 'auth-form__error' : 'auth-form__info'}
        role={messageIsError ? 'alert' : 'status'}
      >
        {message}
      </div>
      <p className="auth-form__resend">
        Didn&apos;t get a code?{' '}
        <button
          type="button"
          className="link-button"
          disabled={sendingCode}
          onClick={() => void requestNewTwoFactorCode()}
        >
          Send a new code
        </button>
      </p>
      <button
        type="button"
        className="link-button auth-form__back"
        onClick={() => switchAuthForm('login')}
      >
        Go back
      </button>
    </form>
  );
}
