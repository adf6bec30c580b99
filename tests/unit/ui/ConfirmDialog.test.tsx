import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../../src/ui/ConfirmDialog';

function renderDialog(destructive = true) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <ConfirmDialog
      title="Block ava.lindqvist?"
      body="They won't be able to find your profile, posts or story."
      confirmLabel="Block"
      destructive={destructive}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />,
  );
  return { onConfirm, onCancel };
}

describe('ConfirmDialog', () => {
  it('is a modal dialog named by its title and described by its body', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Block ava.lindqvist?' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription(
      "They won't be able to find your profile, posts or story.",
    );
  });

  it('focuses the confirm action and keeps Tab inside', async () => {
    renderDialog(false);
    expect(screen.getByRole('button', { name: 'Block' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Block' })).toHaveFocus();
  });

  it('a destructive question starts on Cancel: an Enter on the way in changes nothing', async () => {
    const { onConfirm, onCancel } = renderDialog();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms', async () => {
    const { onConfirm, onCancel } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels with the cancel button', async () => {
    const { onConfirm, onCancel } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cancels with Escape', async () => {
    const { onConfirm, onCancel } = renderDialog();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cancels with a click outside, but not with the second click of the double click that opened it', async () => {
    const { onConfirm, onCancel } = renderDialog();
    const backdrop = document.querySelector('.modal-backdrop')!;
    // A double click on a button that opens the dialog: its second press lands on the backdrop.
    fireEvent.mouseDown(backdrop, { detail: 2 });
    fireEvent.mouseUp(backdrop, { detail: 2 });
    fireEvent.click(backdrop, { detail: 2 });
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await userEvent.click(backdrop);
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
