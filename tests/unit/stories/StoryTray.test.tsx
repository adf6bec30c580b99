import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchReelsMedia, fetchReelsTray } from '../../../src/api/stories';
import { StoryTray } from '../../../src/features/stories/StoryTray';
import { warmStoryViewer } from '../../../src/features/stories/warmViewer';
import { resetStoriesState } from '../../../src/state/storiesActions';
import { requireStories } from '../../../src/app/guards';
import { setMember, viewerFixture } from '../app/session';
import { wireReel } from './fixtures';

vi.mock('../../../src/api/stories', () => ({
  fetchReelsTray: vi.fn(),
  fetchReelsMedia: vi.fn(),
  postReelSeen: vi.fn(),
}));
vi.mock('../../../src/features/stories/warmViewer', () => ({ warmStoryViewer: vi.fn() }));

function EntryState() {
  const location = useLocation();
  return <output data-testid="entry">{JSON.stringify(location.state)}</output>;
}

describe('StoryTray', () => {
  beforeEach(() => {
    setMember();
    resetStoriesState();
    const t = Math.floor(Date.now() / 1000);
    vi.mocked(fetchReelsTray).mockResolvedValue([
      { ...wireReel('b', [t - 100]), user: { id: 'b', username: 'bea', profile_pic_url: '' } },
      {
        ...wireReel('s', [t - 200], t - 200),
        user: { id: 's', username: 'sam', profile_pic_url: '' },
      },
      {
        ...wireReel(viewerFixture.id, [t - 50]),
        user: { id: viewerFixture.id, username: viewerFixture.username, profile_pic_url: '' },
      },
    ]);
    vi.mocked(fetchReelsMedia).mockResolvedValue([]);
  });
  afterEach(() => vi.clearAllMocks());

  it('lists reels own first, says which are seen, and opens the viewer route', async () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={<StoryTray />} />
          <Route path="/stories/:username/" element={<EntryState />} />
        </Routes>
      </MemoryRouter>,
    );
    const tray = await screen.findByRole('region', { name: 'Stories' });
    const buttons = await screen.findAllByRole('button', { name: /^(Story by|Your story)/ });
    // The member's own reel is named as the screen shows it.
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Your story, not seen',
      'Story by bea, not seen',
      'Story by sam, seen',
    ]);
    expect(tray).toHaveTextContent('Your story');

    // With a story live, another is added with the + on its picture; it opens the photo picker.
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    const opened = vi.fn();
    picker.addEventListener('click', opened);
    await userEvent.click(screen.getByRole('button', { name: 'Add to your story' }));
    expect(opened).toHaveBeenCalled();
    expect(screen.getByRole('region', { name: 'Stories' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Story by bea, not seen' }));
    expect(await screen.findByTestId('entry')).toHaveTextContent('{"storiesEntry":"reel_tray"}');
  });

  it('is not there at all when the "stories" feature switch is off', async () => {
    window._sharedData = { ...window._sharedData, feature_switches: { stories: false } as never };
    render(
      <MemoryRouter initialEntries={['/']}>
        <StoryTray />
      </MemoryRouter>,
    );
    await Promise.resolve();
    expect(screen.queryByRole('region', { name: 'Stories' })).not.toBeInTheDocument();
    expect(fetchReelsTray).not.toHaveBeenCalled();
    // The story routes send the member home instead.
    let thrown: unknown;
    try {
      requireStories({ request: new Request('http://x/create/story/') } as never);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as Response).headers.get('Location')).toBe('/');
  });

  it('starts with "Your story" to add one when the member has none live', async () => {
    const t = Math.floor(Date.now() / 1000);
    vi.mocked(fetchReelsTray).mockResolvedValue([
      { ...wireReel('b', [t - 100]), user: { id: 'b', username: 'bea', profile_pic_url: '' } },
    ]);
    render(
      <MemoryRouter initialEntries={['/']}>
        <StoryTray />
      </MemoryRouter>,
    );
    const add = await screen.findByRole('button', { name: 'Add to your story' });
    const picker = document.querySelector<HTMLInputElement>('input[type="file"]')!;
    // The photos the media worker reads: HEIC and AVIF too (the same list as a new post's).
    expect(picker.accept).toBe('image/*,.heic,.heif,.avif');
    const opened = vi.fn();
    picker.addEventListener('click', opened);
    await userEvent.click(add);
    expect(opened).toHaveBeenCalled();
    const buttons = screen.getAllByRole('button', { name: /story/i });
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Add to your story',
      'Story by bea, not seen',
    ]);
  });

  // The viewer's code (Pixi included) weighs more than the home page's whole JavaScript budget:
  // the tray loads it when a member heads for a reel, not on every visit.
  it.each([
    ['a pointer over the tray', (el: Element) => fireEvent.pointerEnter(el)],
    ['a touch on it', (el: Element) => fireEvent.pointerDown(el)],
    ['focus in it', (el: Element) => fireEvent.focus(el)],
    // A tap with nothing before it (a script's, an assistive tool's): asked for at the click,
    // not when the router renders the route.
    [
      'a click alone',
      (el: Element) => el.dispatchEvent(new MouseEvent('click', { bubbles: true })),
    ],
  ])('warms the viewer on %s, not before', async (_, act) => {
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
