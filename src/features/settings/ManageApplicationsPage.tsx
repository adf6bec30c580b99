import { PlaceholderPanel } from '../../ui/PlaceholderPanel';

/** /accounts/manage_access/ — settings: apps and websites. */
export default function ManageApplicationsPage() {
  return (
    <PlaceholderPanel
      title={'Apps and websites'}
      description={'Apps and websites you gave access to your account, and a way to revoke it.'}
    />
  );
}
