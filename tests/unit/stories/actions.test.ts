// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchReelsMedia, fetchReelsTray, postReelSeen } from '../../../src/api/stories';
import { isReelSeen, storiesState } from '../../../src/state/stories';
import {
  REEL_FETCH_ERROR,
  goNext,
  goPrevious,
  loadTray,
  markItemSeen,
  openReel,
  resetStoriesState,
} from '../../../src/state/storiesActions';
import { resetToastState, runToastAction, toastState } from '../../../src/state/toast';
import { wireReel } from './fixtures';

vi.mock('../../../src/api/stories', () => ({
  fetchReelsTray: vi.fn(),
  fetchReelsMedia: vi.fn(),
  postReelSeen: vi.fn(),
}));

const trayMock = vi.mocked(fetchReelsTray);
const mediaMock = vi.mocked(fetchReelsMedia);
const seenMock = vi.mocked(postReelSeen);
const now = () => Math.floor(Date.now() / 1000);

// The tray: own reel "me", then a (2 items, first seen), b (1 item).
function tray() {
  const t = now();
  return [
    wireReel('a', [t - 300, t - 200], t - 300),
    wireReel('me', [t - 900]),
    wireReel('b', [t - 100]),
  ];
}

function mediaFor(ids: readonly string[]) {
  const byId = new Map(tray().map((r) => [r.id, r]));
  return Promise.resolve(ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : [])));
}

describe('stories actions', () => {
  beforeEach(async () => {
    resetStoriesState();
    resetToastState();
    trayMock.mockResolvedValue(tray().map((r) => ({ ...r, items: [] })));
    mediaMock.mockImplementation(mediaFor);
    seenMock.mockResolvedValue({ status: 'ok' });
    await loadTray('me');
  });
  afterEach(() => vi.clearAllMocks());

  it('loads the tray with the own reel first', () => {
    expect(storiesState.tray.status).toBe('ready');
    expect(storiesState.trayReelIds).toEqual(['me', 'a', 'b']);
  });

  it('fetches a reel with its neighbours in one batch, then starts at the first unseen item', async () => {
    expect(await openReel('a')).toBe('shown');
    expect(mediaMock).toHaveBeenCalledTimes(1);
    expect(mediaMock.mock.calls[0][0]).toEqual(['a', 'b']);
    expect(storiesState.current).toEqual({ reelId: 'a', itemIndex: 1 });
    // b came with the batch: moving there needs no other request.
    expect(await goNext()).toBe('moved');
    expect(storiesState.current).toEqual({ reelId: 'b', itemIndex: 0 });
    expect(mediaMock).toHaveBeenCalledTimes(1);
  });

  it('opens a reel at a linked item (Activity), and says when that item is gone', async () => {
    // a starts at its first unseen item (1); a link to its seen first item opens there.
    expect(await openReel('a', 'a-0')).toBe('shown');
    expect(storiesState.current).toEqual({ reelId: 'a', itemIndex: 0 });
    expect(await openReel('b', 'b-expired')).toBe('missing');
    expect(storiesState.current).toEqual({ reelId: 'b', itemIndex: null });
  });

  it('has no next target after the last item, and goes back across reels', async () => {
    await openReel('b');
    expect(await goNext()).toBe('end');
    expect(await goPrevious()).toBe('moved');
    // Back in a (one item still unseen): its start index.
    expect(storiesState.current).toEqual({ reelId: 'a', itemIndex: 1 });
    expect(await goPrevious()).toBe('moved');
    expect(storiesState.current).toEqual({ reelId: 'a', itemIndex: 0 });
  });

  it('skips a reel that turned out to have nothing to show', async () => {
    mediaMock.mockImplementation((ids) => mediaFor(ids.filter((id) => id !== 'a')));
    await openReel('me');
    expect(await goNext()).toBe('moved');
    expect(storiesState.current).toEqual({ reelId: 'b', itemIndex: 0 });
  });

  it('marks items seen once, raising the marker, and posts the story view payload', async () => {
    await openReel('b');
    const item = storiesState.reels.b.items[0];
    await markItemSeen('b', item.id);
    await markItemSeen('b', item.id);
    expect(seenMock).toHaveBeenCalledTimes(1);
    expect(seenMock).toHaveBeenCalledWith({
      reelMediaId: item.id,
      reelMediaOwnerId: 'b',
      reelId: 'b',
      reelMediaTakenAt: item.takenAt,
      viewSeenAt: expect.any(Number),
    });
    expect(isReelSeen(storiesState.reels.b)).toBe(true);
  });

  it('reports and rethrows a stories-seen error', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    seenMock.mockRejectedValueOnce(new Error('offline'));
    await openReel('b');
    await expect(markItemSeen('b', storiesState.reels.b.items[0].id)).rejects.toThrow('offline');
    expect(error).toHaveBeenCalledWith('Stories-seen error', expect.any(Error));
    error.mockRestore();
  });

  it('shows a generic error toast with Retry when a reel fetch fails', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mediaMock.mockRejectedValueOnce(new Error('network'));
    expect(await openReel('a')).toBe('failed');
    expect(toastState.current).toMatchObject({ text: REEL_FETCH_ERROR, actionText: 'Retry' });
    expect(storiesState.itemsError?.reelId).toBe('a');
    expect(error).toHaveBeenCalledWith('Reel fetch failure', expect.any(Error));
    runToastAction();
    await vi.waitFor(() => expect(storiesState.current).toEqual({ reelId: 'a', itemIndex: 1 }));
    expect(storiesState.itemsError).toBeNull();
    error.mockRestore();
  });
});
