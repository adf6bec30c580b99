import { openLogoutDialog } from '../state/ui';

/**
 * Log out from the nav: asks "Remember login info?" first (one_tap_app_login 1 or 0); the
 * dialog (src/features/auth/LogoutDialog.tsx) then logs out and reloads the login page.
 */
export function logOutAndReload(): void {
  openLogoutDialog();
}
