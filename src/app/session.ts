import { logout } from '../api/accounts';
import { showToast } from '../state/toast';
import { fullPageLoad } from './navigation';

/**
 * Logs out and reloads the login page so the server renders it without a viewer. A failed call
 * keeps the page (the session may still be alive) and offers Retry.
 */
export async function logOutAndReload(): Promise<void> {
  try {
    // '1' keeps this device's one-tap login so the account can be re-entered with one tap.
    await logout(true);
  } catch {
    showToast({
      text: "Couldn't log out. Please try again.",
      actionText: 'Retry',
      onAction: () => void logOutAndReload(),
    });
    return;
  }
  fullPageLoad('/accounts/login/');
}
