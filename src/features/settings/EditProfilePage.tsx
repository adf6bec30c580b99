import { PlaceholderPanel } from '../../ui/PlaceholderPanel';

/** /accounts/edit/ — settings: edit profile. */
export default function EditProfilePage() {
  return (
    <PlaceholderPanel
      title={'Edit profile'}
      description={'Change your name, username, bio, website, email and profile photo.'}
    />
  );
}
