import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '../../../src/ui/Modal';

function ModalHarness({ hideCloseButton = false, onClose = () => {} }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open post
      </button>
      {open ? (
        <Modal title="Post" onClose={close} hideCloseButton={hideCloseButton}>
          <p>Photo by ava.lindqvist</p>
          <button type="button">Like</button>
        </Modal>
      ) : null}
    </>
  );
}

async function openModal(props: Parameters<typeof ModalHarness>[0] = {}) {
  render(<ModalHarness {...props} />);
  await userEvent.click(screen.getByRole('button', { name: 'Open post' }));
  return screen.getByRole('dialog', { name: 'Post' });
}

describe('Modal', () => {
  it('closes on Escape and gives focus back to the opener', async () => {
    const onClose = vi.fn();
    await openModal({ onClose });
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open post' })).toHaveFocus();
  });

  it('closes on a click outside the panel but not inside it', async () => {
    const onClose = vi.fn();
    await openModal({ onClose });
    await userEvent.click(screen.getByText('Photo by ava.lindqvist'));
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with its Close button', async () => {
    const onClose = vi.fn();
    await openModal({ onClose });
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('has no Close button when it is hidden, yet still closes on Escape', async () => {
    const onClose = vi.fn();
    await openModal({ onClose, hideCloseButton: true });
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('still closes on Escape after the focused control went away, and only the top dialog', async () => {
    const outerClose = vi.fn();
    const innerClose = vi.fn();
    function Sections() {
      const [more, setMore] = useState(false);
      return (
        <Modal title="Menu" onClose={outerClose}>
          {more ? <p>More options</p> : <button onClick={() => setMore(true)}>More</button>}
        </Modal>
      );
    }
    const view = render(<Sections />);
    await userEvent.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByText('More options')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    expect(outerClose).toHaveBeenCalledTimes(1);

    view.rerender(
      <>
        <Sections />
        <Modal title="Confirm" onClose={innerClose}>
          <p>Sure?</p>
        </Modal>
      </>,
    );
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{Escape}');
    expect(innerClose).toHaveBeenCalledTimes(1);
    expect(outerClose).toHaveBeenCalledTimes(1);
  });
});
