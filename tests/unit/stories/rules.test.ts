// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isReelSeen, pruneExpired, rankTray, reelFromTray } from '../../../src/state/stories';
import {
  canSeeViewerCount,
  currentStory,
  invalidateReel,
  needsItems,
  nextTarget,
  previousTarget,
  raiseSeen,
  reelIdsToFetch,
  startIndex,
  storyAnnouncement,
  toStoryItem,
} from '../../../src/state/storyViewerRules';
import { toViewerSnapshot } from '../../../src/features/stories/viewerSnapshot';
import { NOW, byId, reel, wireItem, wireReel } from './fixtures';

describe('stories rules', () => {
  it('counts a reel as seen when the seen time reaches the latest media time', () => {
    expect(isReelSeen(reel('a', [NOW - 20, NOW - 10], null))).toBe(false);
    expect(isReelSeen(reel('a', [NOW - 20, NOW - 10], NOW - 20))).toBe(false);
    expect(isReelSeen(reel('a', [NOW - 20, NOW - 10], NOW - 10))).toBe(true);
  });

  it('starts at the first unseen item, or item 0 when everything is seen', () => {
    const times = [NOW - 30, NOW - 20, NOW - 10];
    expect(startIndex(reel('a', times, null))).toBe(0);
    expect(startIndex(reel('a', times, NOW - 30))).toBe(1);
    expect(startIndex(reel('a', times, NOW - 20))).toBe(2);
    expect(startIndex(reel('a', times, NOW - 10))).toBe(0);
  });

  it('raises the seen marker to the maximum and never lowers it', () => {
    const r = reel('a', [NOW - 30, NOW - 10], NOW - 10);
    expect(raiseSeen(r, NOW - 30).seen).toBe(NOW - 10);
    expect(raiseSeen(reel('a', [NOW - 10], null), NOW - 10).seen).toBe(NOW - 10);
    // A tray refresh with an older marker keeps the higher one.
    const merged = reelFromTray(wireReel('a', [NOW - 10], NOW - 30), r);
    expect(merged.seen).toBe(NOW - 10);
  });

  it('needs items until they are loaded, and again once invalidated', () => {
    const unloaded = reel('a', [NOW - 10], null, false);
    expect(needsItems(unloaded)).toBe(true);
    const loaded = reel('a', [NOW - 10]);
    expect(needsItems(loaded)).toBe(false);
    expect(needsItems(invalidateReel(loaded))).toBe(true);
    // Newer media in the tray than in the loaded items invalidates the reel.
    expect(needsItems(reelFromTray(wireReel('a', [NOW - 5]), loaded))).toBe(true);
  });

  it('ranks the own reel first and prunes expired reels', () => {
    const reels = byId(reel('a', [NOW - 10]), reel('me', [NOW - 90]), reel('old', [NOW - 90_000]));
    expect(rankTray(['a', 'old', 'me'], reels, 'me')).toEqual(['me', 'a', 'old']);
    expect(pruneExpired(['me', 'a', 'old'], reels, NOW)).toEqual(['me', 'a']);
  });

  it('moves within the reel, then to the neighbouring reel that has items', () => {
    const reels = byId(
      reel('a', [NOW - 30, NOW - 20]),
      reel('empty', []),
      reel('expired', [NOW - 90_000]),
      reel('b', [NOW - 10], null, false),
    );
    reels.empty = { ...reels.empty, itemIds: [], items: [] };
    const trayReelIds = ['a', 'empty', 'expired', 'b'];
    const at = (reelId: string, itemIndex: number | null) => ({
      trayReelIds,
      reels,
      current: { reelId, itemIndex },
    });
    expect(nextTarget(at('a', 0), NOW)).toEqual({ reelId: 'a', itemIndex: 1 });
    // b's items are not loaded yet: its start index is decided once they are.
    expect(nextTarget(at('a', 1), NOW)).toEqual({ reelId: 'b', itemIndex: null });
    expect(nextTarget(at('b', 0), NOW)).toBeNull();
    expect(previousTarget(at('a', 1), NOW)).toEqual({ reelId: 'a', itemIndex: 0 });
    expect(previousTarget(at('b', null), NOW)).toEqual({ reelId: 'a', itemIndex: null });
    expect(previousTarget(at('a', 0), NOW)).toBeNull();
  });

  it('fetches the reel with the next ones, up to the batch size within the fetch distance', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `r${i}`);
    const reels = byId(...ids.map((id) => reel(id, [NOW - 10], null, false)));
    reels.r2 = reel('r2', [NOW - 10]); // already loaded: skipped
    const state = { trayReelIds: ids, reels, fetching: { r3: true as const } };
    const batch = reelIdsToFetch(state, 'r0', NOW);
    expect(batch[0]).toBe('r0');
    expect(batch).not.toContain('r2');
    expect(batch).not.toContain('r3');
    // Nothing beyond the fetch distance of 15 reels after r0.
    expect(batch).toHaveLength(14);
    expect(batch.at(-1)).toBe('r15');
    // With nothing skipped, a batch holds at most 15 reels.
    const all = {
      trayReelIds: ids,
      reels: byId(...ids.map((id) => reel(id, [NOW], null, false))),
      fetching: {},
    };
    expect(reelIdsToFetch(all, 'r10', NOW)).toEqual(ids.slice(10, 25));
  });

  it('shows viewer counts to the owner only', () => {
    const r = reel('me', [NOW - 10]);
    expect(canSeeViewerCount(r, 'me')).toBe(true);
    expect(canSeeViewerCount(r, 'someone')).toBe(false);
    expect(canSeeViewerCount(r, null)).toBe(false);
  });

  it('shows images for 5 s and videos for their length', () => {
    expect(toStoryItem(wireItem('i', NOW), 'a').durationMs).toBe(5000);
    const video = {
      ...wireItem('v', NOW),
      is_video: true,
      video_url: '/media/s/v/video.webm',
      video_duration: 12.5,
    };
    expect(toStoryItem(video, 'a')).toMatchObject({
      durationMs: 12_500,
      videoUrl: '/media/s/v/video.webm',
    });
  });

  it('announces the story position by owner', () => {
    const reels = byId(reel('a', [NOW - 30, NOW - 20, NOW - 10]));
    const story = currentStory({ reels, current: { reelId: 'a', itemIndex: 1 } });
    expect(story?.item?.id).toBe('a-1');
    expect(storyAnnouncement(1, 3, 'user_a')).toBe('Story 2 of 3 by user_a');
  });
});

describe('viewer snapshot', () => {
  it('maps the tray to what the canvas draws, items null until loaded', () => {
    const reels = byId(reel('a', [NOW - 20, NOW - 10]), reel('b', [NOW - 5], null, false));
    const snapshot = toViewerSnapshot({
      trayReelIds: ['a', 'b'],
      reels,
      current: { reelId: 'b', itemIndex: null },
      paused: true,
      muted: false,
    });
    expect(snapshot.reelIndex).toBe(1);
    expect(snapshot.itemIndex).toBeNull();
    expect(snapshot.paused).toBe(true);
    expect(snapshot.muted).toBe(false);
    expect(snapshot.reels[0].items?.map((i) => [i.id, i.durationMs, i.videoUrl])).toEqual([
      ['a-0', 5000, null],
      ['a-1', 5000, null],
    ]);
    expect(snapshot.reels[1].items).toBeNull();
  });
});
