import { usePageTitle } from '../../lib/navigation';
import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { CameraIcon } from '../../ui/icons';

/** /about/camera — about taking photos and stories with Glint. */
export default function AboutCameraPage() {
  usePageTitle('Camera');
  return (
    <PlaceholderPanel
      icon={<CameraIcon size={48} />}
      title={'Glint camera'}
      description={'Take photos, add filters and share stories straight from your browser.'}
      links={[
        { to: '/create/style/', label: 'Create a post' },
        { to: '/explore/', label: 'Explore' },
      ]}
    />
  );
}
