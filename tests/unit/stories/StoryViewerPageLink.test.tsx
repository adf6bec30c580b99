import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchReelsMedia, fetchReelsTray } from '../../../src/api/stories';
import StoryViewerPage from '../../../src/features/stories/StoryViewerPage';
import { MemoryRouter, Route, Routes } from '../../../src/lib/router';
import { storiesState } from '../../../src/state/stories';
import { resetStoriesState } from '../../../src/state/storiesActions';
import { LocationDisplay, setMember } from '../app/session';
import { wireReel } from './fixtures';

// Issue 18: Activity links a story reply to /stories/{owner}/?item={id}. The viewer opens at
// that item, or says the story expired; its Close goes back to the page that linked it.

// The Pixi viewer needs WebGL: a stand-in.
vi.mock('../../../src/canvas/StoryViewer', () => ({
  StoryViewer: {
    create: vi.fn(() => Promise.resolve({ update: vi.fn(), destroy: vi.fn() })),
  },
}));
vi.mock('../../../src/api/storyMedia', () => ({ fetchStoryBitmap: vi.fn() }));
vi.mock('../../../src/api/stories', () => ({
  fetchReelsTray: vi.fn(),
  fetchReelsMedia: vi.fn(),
  postReelSeen: vi.fn(() => Promise.resolve({ status: 'ok' })),
}));

const now = () => Math.floor(Date.now() / 1000);
// The signed-in member's own reel: three items, all seen (it would open at the first).
const own = () => {
  const t = now();
  return {
    ...wireReel('me', [t - 900, t - 600, t - 300], t),
    user: { id: 'me', username: 'ava.lindqvist', profile_pic_url: '' },
  };
};

function renderViewer(item: string) {
  render(
    <MemoryRouter
      initialEntries={['/accounts/activity/', `/stories/ava.lindqvist/?item=${item}`]}
      initialIndex={1}
    >
      <Routes>
        <Route path="accounts/activity" element={<p>Activity</p>} />
        <Route path="stories/:username" element={<StoryViewerPage />} />
      </Routes>
      <LocationDisplay />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  setMember();
  resetStoriesState();
  vi.mocked(fetchReelsTray).mockResolvedValue([{ ...own(), items: [] }]);
  vi.mocked(fetchReelsMedia).mockImplementation(() => Promise.resolve([own()]));
});
afterEach(() => vi.clearAllMocks());

describe('the story viewer opened from a link to one item', () => {
  it('opens at that item', async () => {
    renderViewer('me-1');
    await vi.waitFor(() => expect(storiesState.current).toEqual({ reelId: 'me', itemIndex: 1 }));
    expect(screen.queryByText(/has expired/)).toBeNull();
  });

  it('says the story expired when the item is gone, and Close goes back', async () => {
    renderViewer('me-9');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This story has expired.');
    await userEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    expect(screen.getByTestId('location')).toHaveTextContent('/accounts/activity/');
  });
});
