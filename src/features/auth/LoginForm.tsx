import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { isTwoFactorRequired, login, type TwoFactorRequiredBody } from '../../api/accounts';
import { RequestError } from '../../api/client';
import { fullPageLoad } from '../../app/navigation';
import { safeNext } from '../../lib/safeNext';
import { Button } from '../../ui/Button';
import { failedAuthenticationMessage, loginErrorMessage } from './loginErrors';
import { PasswordField } from './PasswordField';
import { TextField } from './TextField';
import { TwoFactorForm } from './TwoFactorForm';

type LoginStatus =
  | { status: 'idle' }
  | { status: 'submitting' }
  | { status: 'error'; message: string }
  | { status: 'twoFactor'; info: TwoFactorRequiredBody['two_factor_info'] };

interface LoginFormProps {
  /** Where to go after logging in (already-untrusted input: passed through safeNext). */
  next: string | null;
}

/** Username/password login. Success is a full page load so the server injects the new viewer. */
export function LoginForm({ next }: LoginFormProps) {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [state, setState] = useState<LoginStatus>({ status: 'idle' });

  if (state.status === 'twoFactor') {
    return (
      <TwoFactorForm
        info={state.info}
        next={next}
        onBack={() => {
          setPassword('');
          setState({ status: 'idle' });
        }}
      />
    );
  }

  const submitting = state.status === 'submitting';
  const canSubmit = identifier.trim() !== '' && password !== '' && !submitting;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    setState({ status: 'submitting' });
    try {
      const result = await login(identifier, password);
      if (result.authenticated) {
        fullPageLoad(safeNext(next));
        return;
      }
      setState({ status: 'error', message: failedAuthenticationMessage(result.user) });
    } catch (error) {
      if (error instanceof RequestError && isTwoFactorRequired(error.parsed)) {
        setState({ status: 'twoFactor', info: error.parsed.two_factor_info });
        return;
      }
      setState({ status: 'error', message: loginErrorMessage(error) });
    }
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Phone number, username, or email"
        value={identifier}
        onChange={setIdentifier}
        autoComplete="username"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={75}
      />
      <PasswordField value={password} onChange={setPassword} />
      <Button type="submit" block disabled={!canSubmit} busy={submitting}>
        Log in
      </Button>
      <div className="auth-form__error" role="alert">
        {state.status === 'error' ? state.message : null}
      </div>
      <Link className="auth-form__forgot" to="/accounts/password/reset/">
        Forgot password?
      </Link>
    </form>
  );
}
