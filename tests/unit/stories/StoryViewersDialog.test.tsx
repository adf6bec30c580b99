import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchStoryViewers, type WireStoryViewer } from '../../../src/api/storyViewers';
import { StoryViewersDialog } from '../../../src/features/stories/StoryViewersDialog';

vi.mock('../../../src/api/storyViewers', () => ({ fetchStoryViewers: vi.fn() }));
const fetchViewers = vi.mocked(fetchStoryViewers);

const viewer = (n: number): WireStoryViewer => ({
  id: String(100 + n),
  username: `watcher${n}`,
  full_name: `Watcher ${n}`,
  profile_pic_url: '',
  is_verified: false,
  is_private: false,
  seen_at: 1_700_000_000 + n,
  reaction: null,
});

afterEach(() => fetchViewers.mockReset());

describe('StoryViewersDialog ("Seen by N", issue 18)', () => {
  it('lists the viewers a page at a time, with the total in its title', async () => {
    fetchViewers
      .mockResolvedValueOnce({
        users: [viewer(3), viewer(2)],
        total: 3,
        next_max_id: 'c1',
        status: 'ok',
      })
      .mockResolvedValueOnce({ users: [viewer(1)], total: 3, next_max_id: null, status: 'ok' });
    const onClose = vi.fn();
    render(<StoryViewersDialog itemId="42" onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Viewers (3)' });
    expect(fetchViewers).toHaveBeenCalledWith('42', null, expect.anything());
    expect(dialog).toHaveTextContent('watcher3');
    expect(dialog).toHaveTextContent('Watcher 2');
    await userEvent.click(screen.getByRole('button', { name: 'Show more viewers' }));
    expect(await screen.findByText('watcher1')).toBeInTheDocument();
    expect(fetchViewers).toHaveBeenLastCalledWith('42', 'c1', expect.anything());
    expect(screen.queryByRole('button', { name: 'Show more viewers' })).toBeNull();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('says when the list failed, and Retry loads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchViewers
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ users: [], total: 0, next_max_id: null, status: 'ok' });
    render(<StoryViewersDialog itemId="42" onClose={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveTextContent("Couldn't load viewers.");
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No one has seen this story yet.')).toBeInTheDocument();
  });

  it("shows a viewer's quick reaction by name (issue 18 part 5)", async () => {
    fetchViewers.mockResolvedValueOnce({
      users: [{ ...viewer(2), reaction: '🔥' }, viewer(1)],
      total: 2,
      next_max_id: null,
      status: 'ok',
    });
    render(<StoryViewersDialog itemId="42" onClose={() => {}} />);
    expect(await screen.findByRole('img', { name: 'Reacted with Fire' })).toHaveTextContent('🔥');
    expect(screen.getAllByRole('img', { name: /Reacted with/ })).toHaveLength(1);
  });
});
