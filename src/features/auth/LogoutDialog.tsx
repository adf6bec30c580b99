import { Suspense } from 'react';
import { closeLogoutDialog } from '../../state/ui';
import { lazyComponent } from '../../app/lazyComponent';

// Logging out is rare: the question and the logout code load when the member asks to log out.
const LogoutDialogContent = lazyComponent(
  () => import('./LogoutDialogContent').then((m) => m.LogoutDialogContent),
  { onLoadFailed: closeLogoutDialog },
);

/** Warms the dialog up from a "Log out" button, before it is pressed. */
export const preloadLogoutDialog = LogoutDialogContent.preload;

/** "Remember login info?", asked at logout (see LogoutDialogContent). */
export function LogoutDialog() {
  return (
    <Suspense fallback={null}>
      <LogoutDialogContent />
    </Suspense>
  );
}
