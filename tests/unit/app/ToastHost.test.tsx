import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from '../../../src/app/AppLayout';
import { resetToastState, showToast } from '../../../src/state/toast';
import { ToastHost } from '../../../src/app/ToastHost';
import { setVisitor } from './session';

afterEach(() => {
  vi.useRealTimers();
  act(() => resetToastState());
});

describe('toast', () => {
  it('is announced in a status region and cleared after 5 seconds', async () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    await act(async () => showToast({ text: 'Profile saved.' }));
    expect(screen.getByRole('status')).toHaveTextContent('Profile saved.');

    await act(async () => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Profile saved.')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Profile saved.')).not.toBeInTheDocument();
  });

  it('restarts the 5 seconds when a new toast replaces the old one', async () => {
    vi.useFakeTimers();
    render(<ToastHost />);
    await act(async () => showToast({ text: 'First' }));
    await act(async () => vi.advanceTimersByTime(4000));
    await act(async () => showToast({ text: 'Second' }));
    await act(async () => vi.advanceTimersByTime(4000));
    expect(screen.getByText('Second')).toBeInTheDocument();
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1000));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('runs the action and closes', async () => {
    const onAction = vi.fn();
    render(<ToastHost />);
    await act(async () =>
      showToast({ text: 'Could not post comment.', actionText: 'Retry', onAction }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onAction).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Could not post comment.')).not.toBeInTheDocument();
  });

  it('can be dismissed', async () => {
    render(<ToastHost />);
    await act(async () => showToast({ text: 'Link copied.' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Link copied.')).not.toBeInTheDocument();
  });
});

describe('toast across navigation', () => {
  function renderApp() {
    setVisitor();
    const page = (name: string) => () => <h1>{name}</h1>;
    const router = createMemoryRouter(
      [
        {
          Component: AppLayout,
          children: [
            { index: true, Component: page('One') },
            { path: 'two', Component: page('Two') },
            { path: 'three', Component: page('Three') },
          ],
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    return router;
  }

  it('is cleared by a navigation unless persistOnNavigate', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'One' });
    await act(async () => showToast({ text: 'Saved.' }));
    await act(() => router.navigate('/two'));
    expect(await screen.findByRole('heading', { name: 'Two' })).toBeInTheDocument();
    expect(screen.queryByText('Saved.')).not.toBeInTheDocument();
  });

  it('with persistOnNavigate survives exactly one navigation', async () => {
    const router = renderApp();
    await screen.findByRole('heading', { name: 'One' });
    await act(async () => showToast({ text: 'Your photo was shared.', persistOnNavigate: true }));

    await act(() => router.navigate('/two'));
    await screen.findByRole('heading', { name: 'Two' });
    expect(screen.getByText('Your photo was shared.')).toBeInTheDocument();

    await act(() => router.navigate('/three'));
    await screen.findByRole('heading', { name: 'Three' });
    expect(screen.queryByText('Your photo was shared.')).not.toBeInTheDocument();
  });
});
