import { useState, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useSession } from '../../app/useSession';
import { DEACTIVATION_REASONS, accessState, deactivate } from '../../state/settingsAccess';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { FieldRow, SettingsPage } from './SettingsParts';

/** /accounts/deactivate/ — temporarily deactivate: a reason and the password, then log out. */
export default function DeactivatePage() {
  const { viewer } = useSession();
  const { deactivating } = useSnapshot(accessState);
  const [reason, setReason] = useState('');
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const ready = reason !== '' && password !== '';

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (ready) setConfirming(true);
  }

  return (
    <SettingsPage
      title="Temporarily deactivate your account"
      lead={
        <>
          Hi {viewer?.username ?? 'there'}, your profile, photos, comments and likes will be hidden
          until you reactivate your account by logging back in.
        </>
      }
    >
      <form className="settings-form settings-form--stacked" onSubmit={onSubmit} noValidate>
        <FieldRow label="Why are you deactivating your account?">
          {({ id }) => (
            <select
              id={id}
              className="settings-input settings-select"
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
            >
              <option value="" disabled>
                Choose a reason…
              </option>
              {DEACTIVATION_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          )}
        </FieldRow>
        <FieldRow label="To continue, please re-enter your password">
          {({ id }) => (
            <input
              id={id}
              className="settings-input"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          )}
        </FieldRow>
        <div className="settings-row">
          <div className="settings-row__label" aria-hidden="true" />
          <div className="settings-row__control">
            <Button type="submit" busy={deactivating} disabled={!ready}>
              Temporarily deactivate account
            </Button>
          </div>
        </div>
      </form>
      {confirming ? (
        <ConfirmDialog
          title="Deactivate your account?"
          body="You’ll be logged out. Log back in any time to reactivate it."
          confirmLabel="Deactivate"
          destructive
          onConfirm={() => {
            setConfirming(false);
            void deactivate(reason, password);
          }}
          onCancel={() => setConfirming(false)}
        />
      ) : null}
    </SettingsPage>
  );
}
