import { useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  accessState,
  contactSelectionToggled,
  deleteContactHistory,
  loadContactHistory,
} from '../../state/settingsAccess';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { ResourceView, SettingsPage } from './SettingsParts';
import { useLoad } from './useLoad';

type Pending = { kind: 'all'; ids: string[] } | { kind: 'selected'; ids: string[] };

/** /accounts/contact_history/ — uploaded contacts (contact history query); delete all or some. */
export default function ContactsPage() {
  const snap = useSnapshot(accessState);
  const [pending, setPending] = useState<Pending | null>(null);
  useLoad(loadContactHistory);
  return (
    <SettingsPage
      title="Contacts"
      lead="Contacts you uploaded to find friends on Glint. Deleting them doesn’t remove anyone you follow."
    >
      <ResourceView
        resource={snap.contactHistory}
        label="your contacts"
        onRetry={() => void loadContactHistory()}
      >
        {(contacts) =>
          contacts.length === 0 ? (
            <EmptyState title="No contacts">You haven’t uploaded any contacts.</EmptyState>
          ) : (
            <>
              <div className="settings-toolbar">
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={snap.selectedContacts.length === 0 || snap.deletingContacts}
                  onClick={() => setPending({ kind: 'selected', ids: [...snap.selectedContacts] })}
                >
                  Delete selected
                </Button>
                <Button
                  variant="danger"
                  size="sm"
                  disabled={snap.deletingContacts}
                  onClick={() => setPending({ kind: 'all', ids: contacts.map((c) => c.id) })}
                >
                  Delete all
                </Button>
              </div>
              <ul className="settings-list" aria-label="Uploaded contacts">
                {contacts.map((contact) => (
                  <li key={contact.id} className="settings-list__item">
                    <label className="settings-check">
                      <input
                        type="checkbox"
                        checked={snap.selectedContacts.includes(contact.id)}
                        onChange={(event) =>
                          contactSelectionToggled(
                            accessState,
                            contact.id,
                            event.currentTarget.checked,
                          )
                        }
                      />
                      <span>{contact.raw_value}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </>
          )
        }
      </ResourceView>
      {pending ? (
        <ConfirmDialog
          title={pending.kind === 'all' ? 'Delete all contacts?' : 'Delete selected contacts?'}
          body={`${pending.ids.length} uploaded contacts will be removed from Glint.`}
          confirmLabel="Delete"
          destructive
          onConfirm={() => {
            setPending(null);
            void deleteContactHistory(pending.ids);
          }}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </SettingsPage>
  );
}
