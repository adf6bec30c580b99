import { useId, type FormEvent } from 'react';
import { Link } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { loginState, setLoginField, submitLogin } from '../../state/authLogin';
import { externalState } from '../../state/external';
import { Button } from '../../ui/Button';
import { ExternalLoginButton, OrDivider } from './ExternalLoginButton';
import { PasswordField } from './PasswordField';
import { TextField } from './TextField';

interface LoginFormProps {
  /** Where to go after logging in (already-untrusted input: passed through safeNext). */
  next: string | null;
}

/** Username/password login. Success is a full page load so the server injects the new viewer. */
export function LoginForm({ next }: LoginFormProps) {
  const { identifier, password, status, message, errorField } = useSnapshot(loginState);
  const errorId = useId();
  // The field a failure is about is marked invalid and described by the message under the form.
  const fieldError = (field: 'identifier' | 'password') =>
    status === 'error' && errorField === field ? message : null;
  const external = useSnapshot(externalState);
  const submitting = status === 'submitting' || status === 'success';
  const canSubmit = identifier.trim() !== '' && password !== '' && !submitting;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    void submitLogin(next);
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Phone number, username, or email"
        value={identifier}
        onChange={(value) => setLoginField('identifier', value)}
        autoComplete="username"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={75}
        error={fieldError('identifier')}
        errorShownAt={errorId}
      />
      <PasswordField
        value={password}
        onChange={(value) => setLoginField('password', value)}
        error={fieldError('password')}
        errorShownAt={errorId}
      />
      <Button type="submit" block disabled={!canSubmit} busy={submitting}>
        Log in
      </Button>
      <ExternalLoginButton next={next} variant="link" before={<OrDivider />} />
      <div className="auth-form__error" role="alert" id={errorId}>
        {status === 'error' ? message : external.message}
      </div>
      <Link className="auth-form__forgot" to="/accounts/password/reset/">
        Forgot password?
      </Link>
    </form>
  );
}
