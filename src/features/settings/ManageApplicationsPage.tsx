import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { AppAuthorization } from '../../api/settings';
import { accessState, loadAppAuthorizations, revokeApp } from '../../state/settingsAccess';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { useFocusRescue } from '../../ui/useFocusRescue';
import { ResourceView, SettingsPage } from './SettingsParts';
import { useLoad } from './useLoad';

/** /accounts/manage_access/ — apps and websites with access to the account; revoke each. */
export default function ManageApplicationsPage() {
  const snap = useSnapshot(accessState);
  const [confirming, setConfirming] = useState<Pick<AppAuthorization, 'token' | 'app_name'> | null>(
    null,
  );
  useLoad(loadAppAuthorizations);
  // The revoked app's row (and its button, where the dialog gave the focus back) goes: the focus
  // stays on the list, or on the page's main area when none is left.
  const listRef = useRef<HTMLUListElement>(null);
  const rescueFocus = useFocusRescue(listRef);
  return (
    <SettingsPage
      title="Apps and websites"
      lead="These apps and websites can use your Glint account. Remove any you no longer use."
    >
      <ResourceView
        resource={snap.appAuthorizations}
        label="your apps and websites"
        onRetry={() => void loadAppAuthorizations()}
      >
        {(apps) =>
          apps.length === 0 ? (
            <EmptyState title="No apps or websites">
              You haven’t given any app or website access to your account.
            </EmptyState>
          ) : (
            <ul className="settings-list" aria-label="Authorized apps" ref={listRef} tabIndex={-1}>
              {apps.map((app) => (
                <li key={app.token} className="settings-list__item">
                  <div className="settings-list__text">
                    <p className="settings-list__title">{app.app_name}</p>
                    {app.app_description ? (
                      <p className="settings-list__body">{app.app_description}</p>
                    ) : null}
                    {app.scopes.length > 0 ? (
                      <p className="settings-list__meta">Can access: {app.scopes.join(', ')}</p>
                    ) : null}
                  </div>
                  <Button
                    variant="secondary"
                    size="sm"
                    busy={snap.pendingRevokes.includes(app.token)}
                    aria-label={`Revoke access for ${app.app_name}`}
                    onClick={() => setConfirming({ token: app.token, app_name: app.app_name })}
                  >
                    Revoke access
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </ResourceView>
      {confirming ? (
        <ConfirmDialog
          title={`Revoke access for ${confirming.app_name}?`}
          body="It will no longer be able to use your account. You can authorize it again later."
          confirmLabel="Revoke"
          destructive
          onConfirm={() => {
            setConfirming(null);
            rescueFocus();
            void revokeApp(confirming.token);
          }}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </SettingsPage>
  );
}
