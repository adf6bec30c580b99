import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { NewPostIcon } from '../../ui/icons';

/** /create/style/ — crop and filter step of a new photo post. */
export default function CreateStylePage() {
  return (
    <PlaceholderPanel
      icon={<NewPostIcon size={48} />}
      title={'New post'}
      description={'Choose a photo, crop it and pick a filter with a live preview.'}
      links={[
        { to: '/create/details/', label: 'Next: caption and location' },
        { to: '/', label: 'Cancel' },
      ]}
    />
  );
}
