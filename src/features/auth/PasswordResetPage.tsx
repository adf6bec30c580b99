import { usePageTitle } from '../../lib/navigation';
import { useState, type FormEvent } from 'react';
import { Link } from '../../lib/router';
import { requestPasswordReset } from '../../api/accounts';
import { serverMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { AuthCard } from './AuthCards';
import { TextField } from './TextField';

export const RESET_DEFAULT_SENT =
  'If an account matches what you entered, we sent it a link to get back into your account.';
export const RESET_FAILED = "Couldn't send a login link. Please try again.";

type ResetStatus =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent'; message: string }
  | { status: 'error'; message: string };

/** /accounts/password/reset/ — request a link to reset a forgotten password. */
export default function PasswordResetPage() {
  usePageTitle('Reset password');
  const [identifier, setIdentifier] = useState('');
  const [state, setState] = useState<ResetStatus>({ status: 'idle' });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (identifier.trim() === '' || state.status === 'sending') return;
    setState({ status: 'sending' });
    try {
      const result = await requestPasswordReset(identifier);
      setState({ status: 'sent', message: result.message || RESET_DEFAULT_SENT });
    } catch (error) {
      setState({ status: 'error', message: serverMessage(error) ?? RESET_FAILED });
    }
  }

  return (
    <div className="auth-page">
      <div className="auth-column">
        <AuthCard>
          <div className="auth-form__icon auth-form__icon--lock" aria-hidden="true" />
          <h1 className="auth-card__heading">Trouble logging in?</h1>
          {state.status === 'sent' ? (
            <p className="notice notice--info" role="status">
              {state.message}
            </p>
          ) : (
            <>
              <p className="auth-card__hint">
                Enter your email, phone, or username and we&apos;ll send you a link to get back into
                your account.
              </p>
              <form className="auth-form" onSubmit={onSubmit} noValidate>
                <TextField
                  label="Email, phone, or username"
                  value={identifier}
                  onChange={setIdentifier}
                  autoComplete="username"
                  autoCapitalize="off"
                  spellCheck={false}
                />
                <Button
                  type="submit"
                  block
                  disabled={identifier.trim() === ''}
                  busy={state.status === 'sending'}
                >
                  Send login link
                </Button>
                <div className="auth-form__error" role="alert">
                  {state.status === 'error' ? state.message : null}
                </div>
              </form>
            </>
          )}
          <div className="or-divider" role="separator">
            <span>or</span>
          </div>
          <Link className="auth-card__link" to="/accounts/emailsignup/">
            Create new account
          </Link>
        </AuthCard>
        <AuthCard className="auth-card--switch">
          <Link to="/accounts/login/">Back to login</Link>
        </AuthCard>
      </div>
    </div>
  );
}
