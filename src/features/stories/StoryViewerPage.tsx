import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { CameraIcon } from '../../ui/icons';
import { useParams } from 'react-router-dom';

/** /stories/:username/ — the full-screen story viewer. */
export default function StoryViewerPage() {
  const { username } = useParams();
  return (
    <PlaceholderPanel
      icon={<CameraIcon size={48} />}
      title={`${username ?? ''}'s story`}
      description={'Stories play full screen here, one after another, with tap and swipe controls.'}
      links={[{ to: '/', label: 'Close' }]}
    />
  );
}
