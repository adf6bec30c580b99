import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { CameraIcon } from '../../ui/icons';

/** /create/story/ — the story composer. */
export default function StoryComposerPage() {
  return (
    <PlaceholderPanel
      icon={<CameraIcon size={48} />}
      title={'New story'}
      description={
        'Place text on your photo, pick its colour and share it to your story for 24 hours.'
      }
      links={[{ to: '/', label: 'Close' }]}
    />
  );
}
