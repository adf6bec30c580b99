import { usePageTitle } from '../../lib/navigation';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { confirmPasswordReset } from '../../api/accounts';
import { serverMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { AuthCard } from './AuthCards';
import { PasswordField } from './PasswordField';

export const RESET_CONFIRM_FAILED = "Couldn't change your password. Please try again.";
const PASSWORDS_DIFFER = 'Please make sure both passwords match.';

type ConfirmStatus =
  | { status: 'idle' }
  | { status: 'saving' }
  | { status: 'done' }
  | { status: 'error'; message: string };

/** /accounts/password/reset/confirm/?uid&token — the page the reset link opens. */
export default function PasswordResetConfirmPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const token = params.get('token') ?? '';
  const [password1, setPassword1] = useState('');
  const [password2, setPassword2] = useState('');
  const [state, setState] = useState<ConfirmStatus>({ status: 'idle' });
  const mismatch = password2 !== '' && password1 !== password2;
  const errorId = useId();
  const serverError = state.status === 'error' ? state.message : null;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!password1 || mismatch || state.status === 'saving') return;
    setState({ status: 'saving' });
    try {
      await confirmPasswordReset(uid, token, password1, password2);
      setState({ status: 'done' });
    } catch (error) {
      setState({ status: 'error', message: serverMessage(error) ?? RESET_CONFIRM_FAILED });
    }
  }

  const body =
    !uid || !token ? (
      <p className="notice notice--info" role="status">
        This link is incomplete. Ask for a new one from{' '}
        <Link to="/accounts/password/reset/">Trouble logging in?</Link>
      </p>
    ) : state.status === 'done' ? (
      <p className="notice notice--info" role="status">
        Your password has been changed. <Link to="/accounts/login/">Log in</Link>
      </p>
    ) : (
      <form className="auth-form" onSubmit={onSubmit} noValidate>
        <PasswordField
          label="New password"
          value={password1}
          onChange={setPassword1}
          autoComplete="new-password"
          error={mismatch ? null : serverError}
          errorShownAt={errorId}
        />
        <PasswordField
          label="New password, again"
          value={password2}
          onChange={setPassword2}
          autoComplete="new-password"
          error={mismatch ? PASSWORDS_DIFFER : null}
          errorShownAt={errorId}
        />
        <Button
          type="submit"
          block
          disabled={!password1 || !password2 || mismatch}
          busy={state.status === 'saving'}
        >
          Reset password
        </Button>
        {/* Announced, and describes the field it is about. */}
        <div className="auth-form__error" role="alert" id={errorId}>
          {mismatch ? PASSWORDS_DIFFER : serverError}
        </div>
      </form>
    );

  return (
    <div className="auth-page">
      <div className="auth-column">
        <AuthCard>
          <div className="auth-form__icon auth-form__icon--lock" aria-hidden="true" />
          <h1 className="auth-card__heading">Create a new password</h1>
          {body}
        </AuthCard>
      </div>
    </div>
  );
}
