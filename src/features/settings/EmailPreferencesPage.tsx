import { useSnapshot } from 'valtio';
import {
  isSubscribed,
  loadEmailPreferences,
  preferencesState,
  toggleEmailPreference,
} from '../../state/settingsPreferences';
import { ResourceView, SettingsPage, SwitchRow } from './SettingsParts';
import { useLoad } from './useLoad';

/** The server labels a list "Title: description."; the title names the switch. */
function splitLabel(label: string): { title: string; description: string } {
  const colon = label.indexOf(':');
  if (colon < 0) return { title: label, description: '' };
  const description = label.slice(colon + 1).trim();
  // "give feedback …" reads as a sentence of its own once it sits under the title.
  return {
    title: label.slice(0, colon).trim(),
    description: description.charAt(0).toUpperCase() + description.slice(1),
  };
}

/** /emails/settings/ — which emails Glint sends; each switch saves at once (optimistic). */
export default function EmailPreferencesPage() {
  const snap = useSnapshot(preferencesState);
  useLoad(loadEmailPreferences);
  return (
    <SettingsPage title="Email preferences" lead="Choose which emails Glint sends you.">
      <ResourceView
        resource={snap.emailPreferences}
        label="your email preferences"
        onRetry={() => void loadEmailPreferences()}
      >
        {(list) => (
          <div className="settings-switches">
            {list.map((preference) => {
              const { title, description } = splitLabel(preference.label || preference.name);
              return (
                <SwitchRow
                  key={preference.name}
                  label={title}
                  description={description || undefined}
                  checked={isSubscribed(preference)}
                  disabled={snap.pendingEmailPreferences.includes(preference.name)}
                  onChange={(on) => void toggleEmailPreference(preference.name, on)}
                />
              );
            })}
          </div>
        )}
      </ResourceView>
    </SettingsPage>
  );
}
