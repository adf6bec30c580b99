import { useId, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { getExternalLoginProvider } from '../../lib/externalProvider';
import { switchAuthForm, type AuthFormType } from '../../state/authForm';
import {
  externalSignupState,
  runExternalSignupDryRun,
  setExternalSignupField,
  submitExternalSignup,
  type ExternalSignupField,
} from '../../state/authExternalSignup';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { PasswordField } from './PasswordField';
import { TextField } from './TextField';
import { UsernameSuggestions } from './UsernameSuggestions';

/** The order the fields are on screen, for the error list under the button. */
const FIELD_ORDER: readonly ExternalSignupField[] = ['email', 'fullName', 'username', 'password'];

/** Signup with the provider's profile prefilled (name, email); the password is optional. */
export function ExternalSignupForm({
  next,
  cancelTo,
}: {
  next: string | null;
  cancelTo: AuthFormType;
}) {
  const state = useSnapshot(externalSignupState);
  const providerName = getExternalLoginProvider()?.name ?? 'the external service';
  const { form, errors } = state;

  const idPrefix = useId();
  const errorId = (field: ExternalSignupField) => `${idPrefix}-${field}-error`;
  // As on the signup form: messages are listed under the button, so none moves it.
  const bind = (field: ExternalSignupField) => ({
    value: form[field],
    onChange: (value: string) => setExternalSignupField(field, value),
    onBlur: () => void runExternalSignupDryRun(),
    error: errors[field] ?? null,
    errorShownAt: errorId(field),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submitExternalSignup(next);
  }

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <div className="external-profile">
        <Avatar
          src={state.profile?.profilePicUrl}
          username={form.fullName || 'You'}
          size={64}
          decorative
        />
        <h2 className="auth-form__heading">Sign up with {providerName}</h2>
        <p className="auth-form__hint">
          {state.profile?.name
            ? `Welcome, ${state.profile.name}. Choose a username to finish creating your account.`
            : 'Choose a username to finish creating your account.'}
        </p>
      </div>
      {state.linkedAccount ? (
        <p className="notice notice--info">
          {`${providerName} is already linked to @${state.linkedAccount.username}.`}
        </p>
      ) : null}
      {state.emailTaken ? (
        <p className="notice notice--info">
          Another account already uses the email address from {providerName}. Enter a different
          email or log in to that account.
        </p>
      ) : null}
      <TextField label="Email" type="email" autoComplete="email" {...bind('email')} />
      <TextField label="Full Name" autoComplete="name" {...bind('fullName')} />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="off"
        spellCheck={false}
        {...bind('username')}
      />
      <PasswordField
        label="Password (optional)"
        autoComplete="new-password"
        {...bind('password')}
      />
      <Button type="submit" block busy={state.submitting} disabled={form.username.trim() === ''}>
        Sign up
      </Button>
      <div className="signup-errors" aria-live="polite">
        {FIELD_ORDER.map((field) =>
          errors[field] ? (
            <p key={field} className="field-error" id={errorId(field)}>
              {errors[field]}
            </p>
          ) : null,
        )}
        {errors.username ? (
          <UsernameSuggestions
            suggestions={state.usernameSuggestions}
            onChoose={(username) => {
              setExternalSignupField('username', username);
              void runExternalSignupDryRun();
            }}
          />
        ) : null}
      </div>
      <div className="auth-form__error" role="alert">
        {state.otherError}
      </div>
      <button
        type="button"
        className="link-button auth-form__back"
        onClick={() => switchAuthForm(cancelTo)}
      >
        Cancel
      </button>
    </form>
  );
}
