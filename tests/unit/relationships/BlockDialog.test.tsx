import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  makeRelationship,
  relationshipsState,
  resetRelationships,
} from '../../../src/state/relationships';
import { resetToastState, toastState } from '../../../src/state/toast';
import { FollowButton } from '../../../src/features/relationships/FollowButton';
import { BlockDialog } from '../../../src/features/relationships/BlockDialog';
import { jsonResponse, stubFetch } from '../api/fetchMock';
import { setMember } from '../app/session';

beforeEach(() => setMember());
afterEach(() => {
  vi.unstubAllGlobals();
  resetRelationships();
  resetToastState();
});

describe('BlockDialog', () => {
  it('block: confirm, then "nora is blocked"; Dismiss reloads the page', async () => {
    const fetch = stubFetch(() => jsonResponse({ status: 'ok' }));
    const reload = vi.fn();
    const onClose = vi.fn();
    render(
      <BlockDialog userId="42" username="nora" mode="block" onClose={onClose} reload={reload} />,
    );
    const confirm = screen.getByRole('dialog', { name: 'Block nora?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Block' }));
    const info = await screen.findByRole('dialog', { name: 'nora is blocked' });
    expect(fetch.mock.calls[0][0]).toBe('/web/friendships/42/block/');
    expect(relationshipsState.byUserId['42'].blockedByViewer.state).toBe(true);
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(within(info).getByRole('button', { name: 'Dismiss' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalled();
  });

  it('unblock: "You unblocked nora", closing reloads', async () => {
    relationshipsState.byUserId['42'] = makeRelationship({ blockedByViewer: true });
    stubFetch(() => jsonResponse({ status: 'ok' }));
    const reload = vi.fn();
    render(
      <BlockDialog userId="42" username="nora" mode="unblock" onClose={() => {}} reload={reload} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    await screen.findByRole('dialog', { name: 'You unblocked nora' });
    await userEvent.keyboard('{Escape}');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('cancel closes without a call', async () => {
    const fetch = stubFetch(() => jsonResponse({ status: 'ok' }));
    const onClose = vi.fn();
    render(<BlockDialog userId="42" username="nora" mode="block" onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a failed block closes with a toast and no info dialog', async () => {
    stubFetch(() => jsonResponse({ status: 'fail', message: 'No.' }, 400));
    const reload = vi.fn();
    const onClose = vi.fn();
    render(
      <BlockDialog userId="42" username="nora" mode="block" onClose={onClose} reload={reload} />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Block' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(toastState.current?.text).toBe("Couldn't block nora. Please try again.");
    expect(reload).not.toHaveBeenCalled();
  });

  it('after unblocking from the button, Follow reloads the page once it succeeds', async () => {
    stubFetch(
      () => jsonResponse({ status: 'ok' }),
      () => jsonResponse({ result: 'following', status: 'ok' }),
    );
    const reload = vi.fn();
    render(
      <MemoryRouter>
        <FollowButton
          userId="42"
          username="nora"
          isPrivate={false}
          relationship={makeRelationship({ blockedByViewer: true })}
          reload={reload}
        />
      </MemoryRouter>,
    );
    // The injected reload keeps the page, so the same button can follow afterwards.
    await userEvent.click(screen.getByRole('button', { name: 'Unblock' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Unblock nora?' })).getByRole('button', {
        name: 'Unblock',
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(reload).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await screen.findByRole('button', { name: 'Following' });
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(2));
  });
});
