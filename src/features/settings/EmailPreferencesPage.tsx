import { PlaceholderPanel } from '../../ui/PlaceholderPanel';

/** /emails/settings/ — settings: email preferences. */
export default function EmailPreferencesPage() {
  return (
    <PlaceholderPanel
      title={'Email preferences'}
      description={'Choose which emails Glint sends you.'}
    />
  );
}
