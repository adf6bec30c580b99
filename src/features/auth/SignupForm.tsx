import type { FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { startPhoneSignup } from '../../state/authSignupPhone';
import {
  chooseUsernameSuggestion,
  focusSignupField,
  leaveSignupField,
  runSignupDryRun,
  setSignupField,
  signupState,
  submitEmailSignup,
} from '../../state/signup';
import { Button } from '../../ui/Button';
import { PasswordField } from './PasswordField';
import { contactKind, isErrorVisible, type SignupField } from './signupRules';
import { TextField } from './TextField';
import { UsernameSuggestions } from './UsernameSuggestions';

/** The signup details: email or phone, full name, username, password. */
export function SignupForm({ next }: { next: string | null }) {
  const state = useSnapshot(signupState);
  const { form, fields } = state;
  const kind = contactKind(form.emailOrPhone);

  const visibleError = (field: SignupField) =>
    isErrorVisible(field, {
      value: form[field],
      result: fields[field],
      focusedField: state.focusedField,
      leftFields: state.leftFields,
      stickyErrors: state.stickyErrors,
    })
      ? fields[field].error
      : null;

  const bind = (field: SignupField) => {
    const error = visibleError(field);
    return {
      value: form[field],
      onChange: (value: string) => setSignupField(field, value),
      onFocus: () => focusSignupField(field),
      onBlur: () => {
        leaveSignupField(field);
        // The field "changed" when it is left; the store skips a form it already checked.
        void runSignupDryRun();
      },
      error,
      validated: !error && fields[field].validated && fields[field].value === form[field],
    };
  };

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void (kind === 'phone' ? startPhoneSignup(next) : submitEmailSignup(next));
  }

  const canSubmit = form.emailOrPhone.trim() !== '' && form.password !== '' && !state.submitting;
  const usernameError = visibleError('username');

  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      <TextField
        label="Mobile Number or Email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        {...bind('emailOrPhone')}
      />
      <TextField label="Full Name" autoComplete="name" {...bind('fullName')} />
      <TextField
        label="Username"
        autoComplete="username"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        maxLength={30}
        {...bind('username')}
      />
      {usernameError ? (
        <UsernameSuggestions
          suggestions={state.usernameSuggestions}
          onChoose={chooseUsernameSuggestion}
        />
      ) : null}
      <PasswordField label="Password" autoComplete="new-password" {...bind('password')} />
      <Button type="submit" block disabled={!canSubmit} busy={state.submitting}>
        {kind === 'phone' ? 'Next' : 'Sign up'}
      </Button>
      <div className="auth-form__error" role="alert">
        {state.otherError}
      </div>
    </form>
  );
}
