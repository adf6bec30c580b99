import { useSnapshot } from 'valtio';
import { switchAuthForm } from '../../state/authForm';
import { logInWithOneTap, oneTapState, removeOneTapAccount } from '../../state/oneTap';
import { Avatar } from '../../ui/Avatar';
import { Button } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';

/** Saved one-tap accounts of this device: log in with one tap, or remove one. */
export function OneTapAccounts({ next }: { next: string | null }) {
  const { accounts, pendingUserId } = useSnapshot(oneTapState);
  return (
    <div className="one-tap">
      <ul className="one-tap__list" aria-label="Saved accounts">
        {accounts.map((account) => {
          const name = account.username || 'your saved account';
          return (
            <li key={account.userId} className="one-tap__account">
              <Avatar src={account.profilePicUrl || null} username={name} size={56} decorative />
              <span className="one-tap__username">{account.username || 'Saved account'}</span>
              <Button
                block
                busy={pendingUserId === account.userId}
                disabled={pendingUserId !== null}
                onClick={() => void logInWithOneTap(account.userId, next)}
              >
                {`Continue as ${name}`}
              </Button>
              <button
                type="button"
                className="icon-button one-tap__remove"
                aria-label={`Remove ${name}`}
                disabled={pendingUserId !== null}
                onClick={() => void removeOneTapAccount(account.userId)}
              >
                <CloseIcon size={16} />
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        className="link-button one-tap__other"
        onClick={() => switchAuthForm('login')}
      >
        Log in to another account
      </button>
    </div>
  );
}
