import { PlaceholderPanel } from '../../ui/PlaceholderPanel';
import { NewPostIcon } from '../../ui/icons';

/** /create/details/ — caption and location step of a new photo post. */
export default function CreateDetailsPage() {
  return (
    <PlaceholderPanel
      icon={<NewPostIcon size={48} />}
      title={'New post'}
      description={'Write a caption, tag a location and share your photo.'}
      links={[
        { to: '/create/style/', label: 'Back to filters' },
        { to: '/', label: 'Cancel' },
      ]}
    />
  );
}
