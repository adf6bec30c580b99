import { PlaceholderPanel } from '../../ui/PlaceholderPanel';

/** /accounts/privacy_and_security/ — settings: privacy and security. */
export default function PrivacyAndSecurityPage() {
  return (
    <PlaceholderPanel
      title={'Privacy and security'}
      description={'Make your account private so only approved followers see your posts.'}
    />
  );
}
