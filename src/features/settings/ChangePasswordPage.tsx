import { PlaceholderPanel } from '../../ui/PlaceholderPanel';

/** /accounts/password/change/ — settings: change password. */
export default function ChangePasswordPage() {
  return (
    <PlaceholderPanel
      title={'Change password'}
      description={'Enter your old password and a new one twice to change it.'}
    />
  );
}
