import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Avatar } from '../../../src/ui/Avatar';
import { Button } from '../../../src/ui/Button';
import { EmptyState } from '../../../src/ui/EmptyState';
import { ProgressBar } from '../../../src/ui/ProgressBar';
import { Snackbar } from '../../../src/ui/Snackbar';
import { TopLoadingBar } from '../../../src/ui/TopLoadingBar';

describe('small UI pieces', () => {
  it('ProgressBar exposes its value, clamped to 0–100', () => {
    const { rerender } = render(<ProgressBar value={42.4} label="Uploading photo" />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading photo' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    rerender(<ProgressBar value={130} label="Uploading photo" />);
    expect(bar).toHaveAttribute('aria-valuenow', '100');
  });

  it('TopLoadingBar renders only while active', () => {
    const { rerender } = render(<TopLoadingBar active={false} />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    rerender(<TopLoadingBar active />);
    expect(screen.getByRole('progressbar', { name: 'Loading page' })).toBeInTheDocument();
  });

  it('a busy Button keeps the focus, says it is unavailable, and ignores presses and its form', async () => {
    const onClick = vi.fn();
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <input aria-label="Caption" />
        <Button type="submit" onClick={onClick}>
          Share
        </Button>
      </form>,
    );
    const button = screen.getByRole('button');
    button.focus();
    rerender(
      <form onSubmit={onSubmit}>
        <input aria-label="Caption" />
        <Button type="submit" busy onClick={onClick}>
          Share
        </Button>
      </form>,
    );
    expect(button).toHaveFocus();
    expect(button).toHaveAccessibleName('Share');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    await userEvent.type(screen.getByLabelText('Caption'), 'x{Enter}');
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a disabled Button that is accessibleWhenDisabled keeps the focus and ignores presses', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Submit</Button>);
    const button = screen.getByRole('button');
    button.focus();
    rerender(
      <Button onClick={onClick} disabled accessibleWhenDisabled>
        Submit
      </Button>,
    );
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('Avatar names whose picture it is, with or without a picture', () => {
    render(
      <>
        <Avatar username="ava" src="/media/a/1/150.jpg" />
        <Avatar username="ben" />
      </>,
    );
    expect(screen.getByRole('img', { name: "ava's profile picture" })).toHaveAttribute(
      'src',
      '/media/a/1/150.jpg',
    );
    expect(screen.getByRole('img', { name: "ben's profile picture" })).toBeInTheDocument();
  });

  it('Snackbar shows its action only with a handler', async () => {
    const onAction = vi.fn();
    const { rerender } = render(<Snackbar text="Couldn't refresh feed." actionText="Retry" />);
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    rerender(<Snackbar text="Couldn't refresh feed." actionText="Retry" onAction={onAction} />);
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onAction).toHaveBeenCalledTimes(1);
  });

  it('EmptyState has a heading', () => {
    render(<EmptyState title="No posts yet">Share your first photo.</EmptyState>);
    expect(screen.getByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
  });
});
