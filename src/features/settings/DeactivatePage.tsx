import { PlaceholderPanel } from '../../ui/PlaceholderPanel';

/** /accounts/deactivate/ — settings: deactivate account. */
export default function DeactivatePage() {
  return (
    <PlaceholderPanel
      title={'Deactivate account'}
      description={'Temporarily hide your profile, photos and comments until you log back in.'}
    />
  );
}
