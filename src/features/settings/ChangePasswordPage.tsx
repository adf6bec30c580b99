import { useRef, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useSession } from '../../app/useSession';
import {
  PASSWORDS_DIFFER,
  explainPasswordProblem,
  passwordChangeProblem,
  passwordFieldEdited,
  sendPasswordResetLink,
  settingsState,
  submitPasswordChange,
  type PasswordFields,
} from '../../state/settings';
import { Button } from '../../ui/Button';
import { ProfilePhotoHeader } from './ProfilePhotoHeader';
import { FieldRow, SettingsPage } from './SettingsParts';

const FIELDS: { field: keyof PasswordFields; label: string; autoComplete: string }[] = [
  { field: 'old', label: 'Old password', autoComplete: 'current-password' },
  { field: 'new', label: 'New password', autoComplete: 'new-password' },
  { field: 'confirm', label: 'Confirm new password', autoComplete: 'new-password' },
];

/** /accounts/password/change/ — old password, then the new one twice (spec §5). */
export default function ChangePasswordPage() {
  const snap = useSnapshot(settingsState);
  const { viewer } = useSession();
  const { password, passwordResetStatus: reset } = snap;
  // The mismatch shows once the confirmation is typed; empty fields keep the button off, and say
  // so once it is pressed.
  const mismatch = password.confirm !== '' && password.new !== password.confirm;

  const form = useRef<HTMLFormElement>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void submitPasswordChange();
  }

  // Pressed before the form is complete: the fields say what is missing, the first takes the focus.
  function explain() {
    const field = explainPasswordProblem(settingsState);
    const index = FIELDS.findIndex((f) => f.field === field);
    if (index >= 0) form.current?.querySelectorAll('input')[index]?.focus();
  }

  return (
    <SettingsPage title="Change password">
      <ProfilePhotoHeader />
      <form className="settings-form" onSubmit={onSubmit} noValidate ref={form}>
        {FIELDS.map(({ field, label, autoComplete }) => (
          <FieldRow
            key={field}
            label={label}
            hint={field === 'confirm' && mismatch ? PASSWORDS_DIFFER : undefined}
            error={snap.passwordErrors[field]}
          >
            {({ id, hintId, invalid }) => (
              <input
                id={id}
                className="settings-input"
                type="password"
                autoComplete={autoComplete}
                value={password[field]}
                aria-describedby={hintId}
                aria-invalid={invalid ?? (field === 'confirm' && mismatch ? true : undefined)}
                onChange={(event) =>
                  passwordFieldEdited(settingsState, field, event.currentTarget.value)
                }
              />
            )}
          </FieldRow>
        ))}
        <div className="settings-row">
          <div className="settings-row__label" aria-hidden="true" />
          <div className="settings-row__control settings-row__control--stack">
            <Button
              type="submit"
              busy={snap.savingPassword}
              disabled={passwordChangeProblem(password) !== null}
              accessibleWhenDisabled
              onUnavailablePress={explain}
            >
              Change password
            </Button>
            {/* A member forgot the old password: the reset link goes to their own email or phone. */}
            <button
              type="button"
              className="link-button settings-link"
              disabled={!viewer || reset.kind === 'sending'}
              onClick={() => viewer && void sendPasswordResetLink(viewer.username)}
            >
              Forgot password?
            </button>
            {reset.kind === 'sent' ? <p role="status">{reset.message}</p> : null}
          </div>
        </div>
      </form>
    </SettingsPage>
  );
}
