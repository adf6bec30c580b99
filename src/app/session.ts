import { isFeatureEnabled } from '../lib/sharedData';
import { openLogoutDialog } from '../state/ui';

/**
 * Log out from the nav: asks "Remember login info?" first (one_tap_app_login 1 or 0); the
 * dialog (src/features/auth/LogoutDialog.tsx) then logs out and reloads the login page. With
 * one-tap login switched off there is nothing to remember: it logs out at once (0).
 */
export function logOutAndReload(): void {
  if (isFeatureEnabled('one_tap_login')) {
    openLogoutDialog();
    return;
  }
  void import('../features/auth/logOut').then(({ logOutOfDevice }) => logOutOfDevice(false));
}
