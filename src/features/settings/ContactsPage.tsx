import { PlaceholderPanel } from '../../ui/PlaceholderPanel';

/** /accounts/contact_history/ — settings: contacts. */
export default function ContactsPage() {
  return (
    <PlaceholderPanel
      title={'Contacts'}
      description={'Contacts you uploaded to find friends, which you can delete at any time.'}
    />
  );
}
