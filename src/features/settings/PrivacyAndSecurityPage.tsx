import { Link } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { loadSettingsForm, settingsState } from '../../state/settings';
import { preferencesState, togglePrivateAccount } from '../../state/settingsPreferences';
import { ResourceView, SettingsPage, SwitchRow } from './SettingsParts';
import { useLoad } from './useLoad';

const RELATED = [
  {
    to: '/accounts/comment_filter/',
    title: 'Comments',
    text: 'Hide offensive comments and filter your own keywords.',
  },
  {
    to: '/accounts/manage_access/',
    title: 'Apps and websites',
    text: 'See and remove apps you gave access to your account.',
  },
  {
    to: '/accounts/contact_history/',
    title: 'Contacts',
    text: 'Review and delete contacts you uploaded to find friends.',
  },
  {
    to: '/accounts/password/change/',
    title: 'Change password',
    text: 'Logs you out of your other devices.',
  },
] as const;

/** /accounts/privacy_and_security/ — account privacy, connected logins and security links. */
export default function PrivacyAndSecurityPage() {
  const snap = useSnapshot(settingsState);
  const prefs = useSnapshot(preferencesState);
  useLoad(loadSettingsForm);
  return (
    <SettingsPage title="Privacy and security">
      <section className="settings-section" aria-labelledby="privacy-account">
        <h2 className="settings-section-title" id="privacy-account">
          Account privacy
        </h2>
        <ResourceView
          resource={snap.formData}
          label="your privacy settings"
          onRetry={() => void loadSettingsForm()}
        >
          {(data) => (
            <SwitchRow
              label="Private account"
              description="When your account is private, only people you approve can see your photos and videos. Your existing followers won’t be affected."
              checked={data.private_account}
              disabled={prefs.privateAccountPending}
              onChange={(on) => void togglePrivateAccount(on)}
            />
          )}
        </ResourceView>
      </section>
      <section className="settings-section" aria-labelledby="privacy-logins">
        <h2 className="settings-section-title" id="privacy-logins">
          Connected logins
        </h2>
        <p className="settings-section__text">
          Log in to Glint with an account from another service as well as your password.
        </p>
        <Link className="chip-link" to="/accounts/connect/external/">
          Connect an external login
        </Link>
      </section>
      <section className="settings-section" aria-labelledby="privacy-more">
        <h2 className="settings-section-title" id="privacy-more">
          Security and data
        </h2>
        <ul className="settings-links">
          {RELATED.map((item) => (
            <li key={item.to}>
              <Link className="settings-links__item" to={item.to}>
                <span className="settings-links__title">{item.title}</span>
                <span className="settings-links__text">{item.text}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </SettingsPage>
  );
}
