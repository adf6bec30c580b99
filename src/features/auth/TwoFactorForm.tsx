import { useState, type FormEvent } from 'react';
import { loginTwoFactor, type TwoFactorRequiredBody } from '../../api/accounts';
import { RequestError, serverMessage } from '../../api/client';
import { fullPageLoad } from '../../app/navigation';
import { safeNext } from '../../lib/safeNext';
import { Button } from '../../ui/Button';
import { GENERIC_LOGIN_MESSAGE, NETWORK_MESSAGE } from './loginErrors';
import { TextField } from './TextField';

interface TwoFactorFormProps {
  info: TwoFactorRequiredBody['two_factor_info'];
  next: string | null;
  onBack: () => void;
}

/** §8: two-factor failure shows the server message, except a 403 which gives a generic one. */
function twoFactorErrorMessage(error: unknown): string {
  if (!(error instanceof RequestError)) return GENERIC_LOGIN_MESSAGE;
  if (error.networkError) return NETWORK_MESSAGE;
  if (error.statusCode === 403) return GENERIC_LOGIN_MESSAGE;
  return serverMessage(error) ?? GENERIC_LOGIN_MESSAGE;
}

/** The "Enter the security code" step. Resending a code is added by the accounts feature. */
export function TwoFactorForm({ info, next, onBack }: TwoFactorFormProps) {
  const [code, setCode] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const lastDigits = info.obfuscated_phone_number.replace(/\D/g, '').slice(-4);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (code.trim() === '' || submitting) return;
    setSubmitting(true);
    setError(null);
    try {
      const result = await loginTwoFactor(info.username, code, info.two_factor_identifier);
      if (result.authenticated) {
        fullPageLoad(safeNext(next));
        return;
      }
      setError(GENERIC_LOGIN_MESSAGE);
    } catch (e) {
      setError(twoFactorErrorMessage(e));
    }
    setSubmitting(false);
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <h2 className="auth-form__heading">Enter the security code</h2>
      <p className="auth-form__hint">
        {lastDigits
          ? `Enter the code we sent to your number ending in ${lastDigits}.`
          : 'Enter the code we sent to your phone.'}
      </p>
      <TextField
        label="Security code"
        value={code}
        onChange={setCode}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={8}
      />
      <Button type="submit" block disabled={code.trim() === ''} busy={submitting}>
        Confirm
      </Button>
      <div className="auth-form__error" role="alert">
        {error}
      </div>
      <button type="button" className="link-button" onClick={onBack}>
        Go back
      </button>
    </form>
  );
}
