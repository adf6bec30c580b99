import { useId, type FormEvent } from 'react';
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
import {
  SIGNUP_FIELDS,
  contactKind,
  isValidated,
  visibleError,
  type SignupField,
} from '../../state/signupRules';
import { TextField } from './TextField';
import { UsernameSuggestions } from './UsernameSuggestions';

/**
 * The signup details: email or phone, full name, username, password. Field errors are listed
 * under the submit button (each field shows its red mark and is described by its message), so
 * answers of background checks landing while the member aims at "Sign up" never move it.
 */
export function SignupForm({ next }: { next: string | null }) {
  const state = useSnapshot(signupState);
  const { form, fields } = state;
  const kind = contactKind(form.emailOrPhone);
  const idPrefix = useId();
  const errorId = (field: SignupField) => `${idPrefix}-${field}-error`;

  const errors = Object.fromEntries(
    SIGNUP_FIELDS.map((field) => [
      field,
      visibleError(field, {
        value: form[field],
        result: fields[field],
        sticky: state.stickyErrors ? (state.stickyFields?.[field] ?? null) : null,
        focusedField: state.focusedField,
        leftFields: state.leftFields,
      }),
    ]),
  ) as Record<SignupField, string | null>;

  const bind = (field: SignupField) => ({
    value: form[field],
    onChange: (value: string) => setSignupField(field, value),
    onFocus: () => focusSignupField(field),
    onBlur: () => {
      leaveSignupField(field);
      // The field "changed" when it is left; the store skips a form it already checked.
      void runSignupDryRun();
    },
    error: errors[field],
    errorShownAt: errorId(field),
    validated: !errors[field] && isValidated(fields[field], form[field]),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void (kind === 'phone' ? startPhoneSignup(next) : submitEmailSignup(next));
  }

  const canSubmit = form.emailOrPhone.trim() !== '' && form.password !== '' && !state.submitting;

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
      <PasswordField label="Password" autoComplete="new-password" {...bind('password')} />
      <Button type="submit" block disabled={!canSubmit} busy={state.submitting}>
        {kind === 'phone' ? 'Next' : 'Sign up'}
      </Button>
      <div className="signup-errors" aria-live="polite">
        {SIGNUP_FIELDS.map((field) =>
          errors[field] ? (
            <p key={field} className="field-error" id={errorId(field)}>
              {errors[field]}
            </p>
          ) : null,
        )}
        {errors.username ? (
          <UsernameSuggestions
            suggestions={state.usernameSuggestions}
            onChoose={chooseUsernameSuggestion}
          />
        ) : null}
      </div>
      <div className="auth-form__error" role="alert">
        {state.otherError}
      </div>
    </form>
  );
}
