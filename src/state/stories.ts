// Stories viewing (content §3 "Reel", §4 "Stories viewing", §9). The store holds the tray and the
// reels; every rule is a pure function below so it can be unit-tested without a network.
import { proxy } from 'valtio';
import type { WireReel, WireReelUser, WireStoryItem } from '../api/storyTypes';
import { REEL_BATCH_SIZE, REEL_FETCH_DISTANCE, STORY_IMAGE_DURATION_MS } from '../lib/tokens';

export interface StoryItem {
  id: string;
  ownerId: string;
  displayUrl: string;
  width: number;
  height: number;
  /** Unix seconds. */
  takenAt: number;
  expiringAt: number;
  isVideo: boolean;
  videoUrl: string | null;
  /** How long the item shows: 5 s for images, the video's own length for videos. */
  durationMs: number;
  /** Only present for the owner's own items. */
  viewCount: number | null;
}

export interface Reel {
  id: string;
  userId: string;
  user: WireReelUser;
  /** null until the reel's items are loaded. */
  itemIds: readonly string[] | null;
  items: readonly StoryItem[];
  can_reply: boolean;
  expiring_at: number;
  latest_reel_media: number;
  muted: boolean;
  prefetch_count: number;
  ranked_position: number;
  /** Highest taken_at seen, or null. */
  seen: number | null;
  seen_ranked_position: number;
  /** Set when the loaded items are stale: they are fetched again before the reel is shown. */
  didInvalidate: boolean;
}

export type TrayStatus =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready' };

/** Where the viewer is. itemIndex is null while the reel's items are still being fetched. */
export interface StoryPosition {
  reelId: string;
  itemIndex: number | null;
}

export interface StoriesState {
  tray: TrayStatus;
  /** Reel ids in tray order. */
  trayReelIds: readonly string[];
  reels: Record<string, Reel>;
  current: StoryPosition | null;
  /** Reels whose items are being fetched. */
  fetching: Record<string, true>;
  /** The last reel fetch failure, shown with Retry until a fetch succeeds. */
  itemsError: { reelId: string; message: string } | null;
  paused: boolean;
}

export const initialStoriesState = (): StoriesState => ({
  tray: { status: 'idle' },
  trayReelIds: [],
  reels: {},
  current: null,
  fetching: {},
  itemsError: null,
  paused: false,
});

export const storiesState = proxy<StoriesState>(initialStoriesState());

export const nowSeconds = () => Math.floor(Date.now() / 1000);

// ── Conversions ──────────────────────────────────────────────────────────────────────────

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
  };
}

const maxSeen = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b);

/**
 * A tray node merged over what the store already knows. Loaded items stay, but are marked stale
 * when the tray reports newer media; the seen marker only ever rises.
 */
export function reelFromTray(wire: WireReel, previous?: Reel): Reel {
  const stale = previous !== undefined && wire.latest_reel_media > previous.latest_reel_media;
  return {
    id: wire.id,
    userId: wire.user.id,
    user: { ...wire.user },
    itemIds: previous?.itemIds ?? null,
    items: previous?.items ?? [],
    can_reply: wire.can_reply,
    expiring_at: wire.expiring_at,
    latest_reel_media: wire.latest_reel_media,
    muted: wire.muted,
    prefetch_count: wire.prefetch_count,
    ranked_position: wire.ranked_position,
    seen: maxSeen(previous?.seen ?? null, wire.seen),
    seen_ranked_position: wire.seen_ranked_position,
    didInvalidate: (previous?.didInvalidate ?? false) || stale,
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

/** A reel counts as seen when the seen time is at least the latest media time. */
export const isReelSeen = (reel: Pick<Reel, 'seen' | 'latest_reel_media'>) =>
  reel.seen !== null && reel.seen >= reel.latest_reel_media;

export const isReelExpired = (reel: Pick<Reel, 'expiring_at'>, now: number) =>
  reel.expiring_at <= now;

/** A reel needs its items loaded (or loaded again) before it can be shown. */
export const needsItems = (reel: Pick<Reel, 'itemIds' | 'didInvalidate'>) =>
  reel.itemIds === null || reel.didInvalidate;

/** Whether a reel can be moved to: not expired, and not known to be empty. */
export const hasItems = (reel: Reel, now: number) =>
  !isReelExpired(reel, now) && (reel.itemIds === null || liveItems(reel, now).length > 0);

export const liveItems = (reel: Reel, now: number) => reel.items.filter((i) => i.expiringAt > now);

/** The own reel always ranks first; the rest keep the server's order. */
export function rankTray(
  reelIds: readonly string[],
  reels: Record<string, Reel>,
  viewerId: string,
) {
  const own = reelIds.filter((id) => reels[id]?.userId === viewerId);
  return [...own, ...reelIds.filter((id) => reels[id]?.userId !== viewerId)];
}

/** Expired reels are pruned from the tray. */
export const pruneExpired = (
  reelIds: readonly string[],
  reels: Record<string, Reel>,
  now: number,
) => reelIds.filter((id) => reels[id] !== undefined && !isReelExpired(reels[id], now));

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
