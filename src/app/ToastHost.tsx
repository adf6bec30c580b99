import { useSnapshot } from 'valtio';
import { dismissToast, runToastAction, toastState } from '../state/toast';
import { Snackbar } from '../ui/Snackbar';

/**
 * Renders the current toast. The live region stays mounted so screen readers announce each new
 * toast; the store's own timer (src/state/toast.ts) clears it after 5 s.
 */
export function ToastHost() {
  const { current } = useSnapshot(toastState);
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {current ? (
        <div className="toast" key={current.id}>
          <Snackbar
            text={current.text}
            actionText={current.actionText}
            onAction={current.onAction ? runToastAction : undefined}
            onDismiss={dismissToast}
          />
        </div>
      ) : null}
    </div>
  );
}
