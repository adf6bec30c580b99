import { useId, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import {
  cancelChangeNumber,
  confirmSignupCode,
  resendSignupCode,
  sendCodeToNewNumber,
  setNewPhone,
  setSignupCode,
  startChangeNumber,
} from '../../state/authSignupPhone';
import { goToPhoneStep, signupState } from '../../state/signup';
import { Button } from '../../ui/Button';
import { TextField } from './TextField';

/** Phone signup after the details: enter the SMS code (resend, change number) and confirm. */
export function PhoneCodeStep({ next }: { next: string | null }) {
  const state = useSnapshot(signupState);
  const { phoneStep, codeError, submitting } = state;
  const errorId = useId();

  if (phoneStep === 'changeNumber') {
    const onSubmit = (event: FormEvent) => {
      event.preventDefault();
      void sendCodeToNewNumber();
    };
    return (
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <div className="auth-form__icon auth-form__icon--phone" aria-hidden="true" />
        <h2 className="auth-form__heading">Change phone number</h2>
        <p className="auth-form__hint">We&apos;ll send a new confirmation code to this number.</p>
        <TextField
          label="New phone number"
          type="tel"
          autoComplete="tel"
          value={state.newPhone}
          onChange={setNewPhone}
          error={codeError?.message ?? null}
        />
        <Button type="submit" block busy={submitting} disabled={state.newPhone.trim() === ''}>
          Send code
        </Button>
        <button type="button" className="link-button auth-form__back" onClick={cancelChangeNumber}>
          Cancel
        </button>
      </form>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void confirmSignupCode(next);
  };
  const busy = phoneStep === 'sendingCode' || phoneStep === 'confirming';
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <div className="auth-form__icon auth-form__icon--phone" aria-hidden="true" />
      <h2 className="auth-form__heading">Enter confirmation code</h2>
      <p className="auth-form__hint" role="status">
        {state.codeNotice ??
          `Enter the 6-digit code we sent to ${state.codeSentTo ?? 'your phone'}.`}
      </p>
      <TextField
        label="Confirmation code"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
        value={state.form.smsCode}
        onChange={setSignupCode}
        error={codeError?.message ?? null}
        errorShownAt={errorId}
      />
      <Button type="submit" block busy={busy || submitting}>
        Confirm
      </Button>
      {/* The code's error is announced here and describes the field. */}
      <div className="auth-form__error" role="alert" id={errorId}>
        {codeError?.message ?? state.otherError}
      </div>
      <p className="auth-form__resend">
        <button
          type="button"
          className="link-button"
          disabled={submitting}
          onClick={() => void resendSignupCode()}
        >
          Resend code
        </button>
        <span aria-hidden="true"> · </span>
        <button
          type="button"
          className="link-button"
          disabled={submitting}
          onClick={startChangeNumber}
        >
          Change number
        </button>
      </p>
      <button
        type="button"
        className="link-button auth-form__back"
        onClick={() => goToPhoneStep('details')}
      >
        Go back
      </button>
    </form>
  );
}
