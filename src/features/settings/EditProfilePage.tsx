import { useEffect, type FormEvent } from 'react';
import { useSnapshot } from 'valtio';
import {
  BIOGRAPHY_MAX_LENGTH,
  FULL_NAME_MAX_LENGTH,
  isProfileDirty,
  loadSettingsForm,
  profileFieldEdited,
  saveProfile,
  settingsState,
  type ProfileFields,
} from '../../state/settings';
import { cancelUsernameCheck, scheduleUsernameCheck } from '../../state/settingsUsernameCheck';
import { Button } from '../../ui/Button';
import { ProfilePhotoHeader } from './ProfilePhotoHeader';
import { FieldRow, ResourceView, SettingsPage, SwitchRow } from './SettingsParts';
import { useLoad } from './useLoad';

/** Spec: gender 1 male, 2 female, 3 prefer not to say. */
const GENDERS = [
  { value: 1, label: 'Male' },
  { value: 2, label: 'Female' },
  { value: 3, label: 'Prefer not to say' },
] as const;

/** Said as soon as the text is over the server's limit, before Submit (the text is kept). */
const OVER_LIMIT: Partial<Record<TextField, { max: number; message: string }>> = {
  fullName: {
    max: FULL_NAME_MAX_LENGTH,
    message: `Enter a name of ${FULL_NAME_MAX_LENGTH} characters or fewer.`,
  },
  bio: {
    max: BIOGRAPHY_MAX_LENGTH,
    message: `Keep your bio to ${BIOGRAPHY_MAX_LENGTH} characters or fewer.`,
  },
};

type TextField = Exclude<keyof ProfileFields, 'gender' | 'chainingEnabled' | 'privateAccount'>;

/** /accounts/edit/ — the member's profile: photo, name, username, website, bio and contact. */
export default function EditProfilePage() {
  const snap = useSnapshot(settingsState);
  useLoad(loadSettingsForm);
  useEffect(() => cancelUsernameCheck, []);
  const { profile } = snap;
  const edit = <K extends keyof ProfileFields>(field: K, value: ProfileFields[K]) => {
    profileFieldEdited(settingsState, field, value);
    if (field === 'username') scheduleUsernameCheck();
  };

  const errorOf = (field: TextField) => {
    const limit = OVER_LIMIT[field];
    const over = limit && profile[field].length > limit.max ? limit.message : undefined;
    return snap.profileErrors[field] ?? over;
  };

  const text = (field: TextField, label: string, type = 'text', hint?: string) => (
    <FieldRow label={label} hint={hint} error={errorOf(field)}>
      {({ id, hintId, invalid }) => (
        <input
          id={id}
          className="settings-input"
          type={type}
          value={profile[field]}
          aria-describedby={hintId}
          aria-invalid={invalid}
          onChange={(event) => edit(field, event.currentTarget.value)}
        />
      )}
    </FieldRow>
  );

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    void saveProfile();
  }

  return (
    <SettingsPage title="Edit profile">
      <ProfilePhotoHeader editable />
      <ResourceView
        resource={snap.formData}
        label="your profile"
        onRetry={() => void loadSettingsForm()}
      >
        {() => (
          <form className="settings-form" onSubmit={onSubmit} noValidate>
            {text(
              'fullName',
              'Name',
              'text',
              'Help people discover your account by using the name you’re known by.',
            )}
            {text('username', 'Username')}
            {text('website', 'Website', 'url')}
            <FieldRow
              label="Bio"
              hint={`${profile.bio.length} / ${BIOGRAPHY_MAX_LENGTH}`}
              error={errorOf('bio')}
            >
              {({ id, hintId, invalid }) => (
                <textarea
                  id={id}
                  className="settings-input settings-input--area"
                  value={profile.bio}
                  rows={3}
                  aria-describedby={hintId}
                  aria-invalid={invalid}
                  onChange={(event) => edit('bio', event.currentTarget.value)}
                />
              )}
            </FieldRow>
            <div className="settings-row settings-row--section">
              <div className="settings-row__label" aria-hidden="true" />
              <div className="settings-row__control">
                <h2 className="settings-section-title">Personal information</h2>
                <p className="settings-row__hint">
                  Provide your personal information, even if the account is used for a business or a
                  pet. It won’t be part of your public profile.
                </p>
              </div>
            </div>
            {text('email', 'Email', 'email')}
            {text('phoneNumber', 'Phone number', 'tel')}
            <FieldRow label="Gender">
              {({ id }) => (
                <select
                  id={id}
                  className="settings-input settings-select"
                  value={profile.gender}
                  onChange={(event) => edit('gender', Number(event.currentTarget.value))}
                >
                  {GENDERS.map((g) => (
                    <option key={g.value} value={g.value}>
                      {g.label}
                    </option>
                  ))}
                </select>
              )}
            </FieldRow>
            <div className="settings-row">
              <div className="settings-row__label" aria-hidden="true" />
              <div className="settings-row__control">
                <SwitchRow
                  label="Similar account suggestions"
                  description="Include your account when recommending similar accounts people might want to follow."
                  checked={profile.chainingEnabled}
                  onChange={(on) => edit('chainingEnabled', on)}
                />
              </div>
            </div>
            <div className="settings-row">
              <div className="settings-row__label" aria-hidden="true" />
              <div className="settings-row__control">
                <Button
                  type="submit"
                  busy={snap.savingProfile}
                  disabled={!isProfileDirty(snap as typeof settingsState)}
                  accessibleWhenDisabled
                >
                  Submit
                </Button>
              </div>
            </div>
          </form>
        )}
      </ResourceView>
    </SettingsPage>
  );
}
