import { useState } from 'react';
import { block, unblock } from '../../state/relationships';
import { showToast } from '../../state/toast';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { Modal } from '../../ui/Modal';
import './FollowButton.css';

export interface BlockDialogProps {
  userId: string;
  username: string;
  mode: 'block' | 'unblock';
  onClose: () => void;
  /** Injectable for tests; closing the info dialog reloads the page. */
  reload?: () => void;
}

const COPY = {
  block: {
    title: (u: string) => `Block ${u}?`,
    body: "They won't be able to find your profile, posts or story on Glint. Glint won't let them know you blocked them.",
    confirm: 'Block',
    done: (u: string) => `${u} is blocked`,
    doneBody: 'You can unblock them at any time from their profile.',
    failed: (u: string) => `Couldn't block ${u}. Please try again.`,
  },
  unblock: {
    title: (u: string) => `Unblock ${u}?`,
    body: "They will now be able to see your posts and follow you on Glint. Glint won't let them know you unblocked them.",
    confirm: 'Unblock',
    done: (u: string) => `You unblocked ${u}`,
    doneBody: 'You can block them at any time from their profile.',
    failed: (u: string) => `Couldn't unblock ${u}. Please try again.`,
  },
} as const;

/**
 * Accounts §4 block dialog: a confirm dialog, then after a successful block or unblock an info
 * dialog; closing that one reloads the page (the profile's content depends on the block).
 */
export function BlockDialog({
  userId,
  username,
  mode,
  onClose,
  reload = () => window.location.reload(),
}: BlockDialogProps) {
  const [step, setStep] = useState<'confirm' | 'working' | 'done'>('confirm');
  const copy = COPY[mode];

  async function onConfirm() {
    if (step !== 'confirm') return;
    setStep('working');
    const ok = await (mode === 'block' ? block(userId) : unblock(userId));
    if (ok) {
      setStep('done');
      return;
    }
    onClose();
    showToast({ text: copy.failed(username) });
  }

  if (step === 'done') {
    const dismiss = () => {
      onClose();
      reload();
    };
    return (
      <Modal title={copy.done(username)} onClose={dismiss} hideCloseButton width={330}>
        <div className="block-dialog__info">
          <p className="block-dialog__text">{copy.doneBody}</p>
          <button type="button" className="confirm-dialog__button" onClick={dismiss}>
            Dismiss
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <ConfirmDialog
      title={copy.title(username)}
      body={copy.body}
      confirmLabel={copy.confirm}
      destructive={mode === 'block'}
      onConfirm={() => void onConfirm()}
      onCancel={() => {
        if (step === 'confirm') onClose();
      }}
    />
  );
}
