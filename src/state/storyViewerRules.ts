// The stories rules only the viewer needs (content §4 "Stories viewing", §9): loading a reel's
// items, where Next and Previous go, what to fetch ahead. Pure functions over the stories store's
// shapes (./stories), kept apart so the home page's tray does not carry them.
import type { WireReel, WireStoryItem } from '../api/storyTypes';
import { REEL_BATCH_SIZE, REEL_FETCH_DISTANCE, STORY_IMAGE_DURATION_MS } from '../lib/tokens';
import {
  isReelExpired,
  maxSeen,
  type Reel,
  type StoriesState,
  type StoryItem,
  type StoryPosition,
} from './stories';

export function toStoryItem(wire: WireStoryItem, ownerId: string): StoryItem {
  const durationMs =
    wire.is_video && wire.video_duration ? wire.video_duration * 1000 : STORY_IMAGE_DURATION_MS;
  return {
    id: wire.id,
    ownerId,
    displayUrl: wire.display_url,
    width: wire.dimensions.width,
    height: wire.dimensions.height,
    takenAt: wire.taken_at_timestamp,
    expiringAt: wire.expiring_at_timestamp,
    isVideo: wire.is_video,
    videoUrl: wire.video_url ?? null,
    durationMs,
    viewCount: wire.story_view_count ?? null,
    placeholder: wire.placeholder ?? null,
    resources: wire.display_resources ?? [],
  };
}

type MediaReel = Pick<WireReel, 'id' | 'latest_reel_media' | 'expiring_at' | 'seen' | 'user'> & {
  items: WireStoryItem[];
};

/** A reel with its items loaded from reels_media. */
export function reelWithItems(reel: Reel, wire: MediaReel): Reel {
  const items = wire.items.map((i) => toStoryItem(i, reel.userId));
  return {
    ...reel,
    user: { ...wire.user },
    items,
    itemIds: items.map((i) => i.id),
    latest_reel_media: Math.max(reel.latest_reel_media, wire.latest_reel_media),
    expiring_at: wire.expiring_at,
    seen: maxSeen(reel.seen, wire.seen),
    didInvalidate: false,
  };
}

/** A requested reel absent from reels_media has nothing the viewer may watch: it is emptied. */
export function reelWithoutItems(reel: Reel): Reel {
  return { ...reel, items: [], itemIds: [], didInvalidate: false };
}

// ── Rules ────────────────────────────────────────────────────────────────────────────────

/** A reel needs its items loaded (or loaded again) before it can be shown. */
export const needsItems = (reel: Pick<Reel, 'itemIds' | 'didInvalidate'>) =>
  reel.itemIds === null || reel.didInvalidate;

/** Whether a reel can be moved to: not expired, and not known to be empty. */
export const hasItems = (reel: Reel, now: number) =>
  !isReelExpired(reel, now) && (reel.itemIds === null || liveItems(reel, now).length > 0);

export const liveItems = (reel: Reel, now: number) => reel.items.filter((i) => i.expiringAt > now);

/** The first unseen item; when every item is seen the reel starts from the beginning (item 0). */
export function startIndex(reel: Pick<Reel, 'items' | 'seen'>): number {
  const { seen } = reel;
  if (seen === null) return 0;
  const firstUnseen = reel.items.findIndex((item) => item.takenAt > seen);
  return firstUnseen === -1 ? 0 : firstUnseen;
}

/** The seen marker is raised to the maximum, never lowered. */
export const raiseSeen = (reel: Reel, takenAt: number): Reel =>
  reel.seen !== null && reel.seen >= takenAt ? reel : { ...reel, seen: takenAt };

export const invalidateReel = (reel: Reel): Reel => ({ ...reel, didInvalidate: true });

/** Only the owner sees story viewer counts. */
export const canSeeViewerCount = (reel: Pick<Reel, 'userId'>, viewerId: string | null) =>
  viewerId !== null && reel.userId === viewerId;

type NavState = Pick<StoriesState, 'trayReelIds' | 'reels' | 'current'>;

/**
 * Where Next goes: the next item of this reel, then the first neighbouring reel that has items
 * (expired and empty reels are skipped). null means there is no next target: the viewer closes.
 * An itemIndex of null means "the reel's start index, once its items are loaded".
 */
export function nextTarget(state: NavState, now: number): StoryPosition | null {
  return neighbour(state, now, 1);
}

/** Where Previous goes: the previous item, then the previous reel that has items. */
export function previousTarget(state: NavState, now: number): StoryPosition | null {
  return neighbour(state, now, -1);
}

function neighbour(state: NavState, now: number, step: 1 | -1): StoryPosition | null {
  const { current } = state;
  if (!current) return null;
  const reel = state.reels[current.reelId];
  if (reel && current.itemIndex !== null) {
    const index = current.itemIndex + step;
    if (index >= 0 && index < reel.items.length) return { reelId: reel.id, itemIndex: index };
  }
  return neighbourReelTarget(state, now, step);
}

/**
 * The neighbouring reel that has items (expired and empty ones skipped), whatever item is shown:
 * where a horizontal swipe goes (1: the next reel, -1: the previous one).
 */
export function neighbourReelTarget(
  state: NavState,
  now: number,
  step: 1 | -1,
): StoryPosition | null {
  const { current } = state;
  if (!current) return null;
  const order = state.trayReelIds;
  for (let i = order.indexOf(current.reelId) + step; i >= 0 && i < order.length; i += step) {
    const candidate = state.reels[order[i]];
    if (candidate && hasItems(candidate, now)) return { reelId: candidate.id, itemIndex: null };
  }
  return null;
}

/**
 * The reels to fetch with `reelId`: it first, then reels after it in tray order within the fetch
 * distance that still need items, at most REEL_BATCH_SIZE ids (content §9).
 */
export function reelIdsToFetch(
  state: Pick<StoriesState, 'trayReelIds' | 'reels' | 'fetching'>,
  reelId: string,
  now: number,
): string[] {
  const wanted = (id: string) => {
    const reel = state.reels[id];
    return !!reel && !state.fetching[id] && needsItems(reel) && !isReelExpired(reel, now);
  };
  const start = state.trayReelIds.indexOf(reelId);
  const ahead =
    start === -1 ? [] : state.trayReelIds.slice(start + 1, start + 1 + REEL_FETCH_DISTANCE);
  const ids = [reelId, ...ahead].filter(wanted);
  return ids.slice(0, REEL_BATCH_SIZE);
}

/** The reel shown, its item and its position, for the live region and the controls. */
export function currentStory(state: Pick<StoriesState, 'reels' | 'current'>) {
  const { current } = state;
  const reel = current ? state.reels[current.reelId] : undefined;
  if (!current || !reel) return null;
  const item = current.itemIndex === null ? undefined : reel.items[current.itemIndex];
  return { reel, item: item ?? null, index: current.itemIndex, count: reel.items.length };
}

/** "Story {i} of {n} by {username}" (1-based), announced when the item changes. */
export const storyAnnouncement = (index: number, count: number, username: string) =>
  `Story ${index + 1} of ${count} by ${username}`;
