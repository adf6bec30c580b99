import { useRef } from 'react';
import { useSession } from '../../app/useSession';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { logOutOfDevice } from './logOut';

/**
 * Asked at logout: remember this device for one-tap login (one_tap_app_login=1) or not (0).
 * The member already chose to log out, so Escape or a click outside count as "Not now". The first
 * answer is the one sent: a second press while it is on its way sends nothing more (after a
 * failure, the next press tries again).
 */
export function LogoutDialogContent() {
  const { viewer } = useSession();
  const name = viewer?.username ?? 'your account';
  const sending = useRef(false);
  const choose = (keepOneTap: boolean) => {
    if (sending.current) return;
    sending.current = true;
    void logOutOfDevice(keepOneTap).then((done) => {
      if (!done) sending.current = false;
    });
  };
  return (
    <ConfirmDialog
      title="Remember login info?"
      body={`We'll remember the login info for ${name} on this browser, so you can log in with one tap next time.`}
      confirmLabel="Remember"
      cancelLabel="Not now"
      onConfirm={() => choose(true)}
      onCancel={() => choose(false)}
    />
  );
}
