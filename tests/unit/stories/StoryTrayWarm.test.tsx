import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchReelsMedia, fetchReelsTray } from '../../../src/api/stories';
import { StoryTray } from '../../../src/features/stories/StoryTray';
import { warmStoryViewer } from '../../../src/features/stories/warmViewer';
import { MemoryRouter } from '../../../src/lib/router';
import { resetStoriesState } from '../../../src/state/storiesActions';
import { setMember } from '../app/session';
import { wireReel } from './fixtures';

vi.mock('../../../src/api/stories', () => ({
  fetchReelsTray: vi.fn(),
  fetchReelsMedia: vi.fn(),
  postReelSeen: vi.fn(),
}));
vi.mock('../../../src/features/stories/warmViewer', () => ({ warmStoryViewer: vi.fn() }));

// The viewer's code (Pixi included) weighs more than the home page's whole JavaScript budget:
// the tray loads it when a member heads for a reel, not on every visit.
describe('StoryTray warming the viewer', () => {
  beforeEach(() => {
    setMember();
    resetStoriesState();
    const t = Math.floor(Date.now() / 1000);
    vi.mocked(fetchReelsTray).mockResolvedValue([
      { ...wireReel('b', [t - 100]), user: { id: 'b', username: 'bea', profile_pic_url: '' } },
    ]);
    vi.mocked(fetchReelsMedia).mockResolvedValue([]);
  });
  afterEach(() => vi.clearAllMocks());

  it.each([
    ['a pointer over the tray', (el: Element) => fireEvent.pointerEnter(el)],
    ['a touch on it', (el: Element) => fireEvent.pointerDown(el)],
    ['focus in it', (el: Element) => fireEvent.focus(el)],
  ])('warms it on %s, not before', async (_, act) => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <StoryTray />
      </MemoryRouter>,
    );
    const reel = await screen.findByRole('button', { name: 'Story by bea, not seen' });
    await new Promise((r) => setTimeout(r, 50));
    expect(warmStoryViewer).not.toHaveBeenCalled();
    act(reel);
    expect(warmStoryViewer).toHaveBeenCalled();
  });
});
