import { logout } from '../../api/accounts';
import { fullPageLoad } from '../../lib/navigation';
import { getViewer, isFeatureEnabled } from '../../lib/sharedData';
import { completeStoredAccount, forgetLoginNonce } from '../../state/oneTap';
import { showToast } from '../../state/toast';

/**
 * Logs out (spec §7 one_tap_app_login 0/1). Keeping one-tap login completes this device's saved
 * account with the viewer's username and picture; not keeping it forgets the account here too
 * (the server drops its nonces). Then the login page is loaded without a viewer.
 */
export async function logOutOfDevice(keepOneTapWanted: boolean): Promise<boolean> {
  const viewer = getViewer();
  // One-tap login is enabled by a flag: switched off, nothing is kept on this device.
  const keepOneTap = keepOneTapWanted && isFeatureEnabled('one_tap_login');
  try {
    await logout(keepOneTap);
  } catch {
    showToast({
      text: "Couldn't log out. Please try again.",
      actionText: 'Retry',
      onAction: () => void logOutOfDevice(keepOneTap),
    });
    return false;
  }
  if (viewer) {
    if (keepOneTap) completeStoredAccount(viewer);
    else forgetLoginNonce(viewer.id);
  }
  fullPageLoad('/accounts/login/');
  return true;
}
