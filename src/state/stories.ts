// Stories viewing (content §3 "Reel", §4 "Stories viewing", §9). The store holds the tray and the
// reels; every rule is a pure function so it can be unit-tested without a network. The tray's
// rules are here; those only the viewer needs are in ./storyViewerRules (loaded with the viewer).
import { proxy } from 'valtio';
import type {
  WireDisplayResource,
  WireReel,
  WireReelUser,
  WireStoryItem,
  WireStoryPlaceholder,
} from '../api/storyTypes';

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
  /** Tiny pixels drawn until the picture is decoded (issue 18); absent for old stories. */
  placeholder?: WireStoryPlaceholder | null;
  /** The picture's sizes, smallest first (display_resources); absent for old payloads. */
  resources?: readonly WireDisplayResource[];
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
  /** From the tray: the item the reel opens at, fetched before a tap (issue 18). */
  startItem?: WireStoryItem | null;
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
  /** Story videos start without sound (browsers refuse sound before a gesture); Unmute turns it on. */
  muted: boolean;
}

export const initialStoriesState = (): StoriesState => ({
  tray: { status: 'idle' },
  trayReelIds: [],
  reels: {},
  current: null,
  fetching: {},
  itemsError: null,
  paused: false,
  muted: true,
});

export const storiesState = proxy<StoriesState>(initialStoriesState());

export const nowSeconds = () => Math.floor(Date.now() / 1000);

// ── Conversions ──────────────────────────────────────────────────────────────────────────

/** The higher of two seen markers; null means nothing seen. */
export const maxSeen = (a: number | null, b: number | null) =>
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
    startItem: wire.start_item ?? null,
  };
}

// ── Rules ────────────────────────────────────────────────────────────────────────────────

/** A reel counts as seen when the seen time is at least the latest media time. */
export const isReelSeen = (reel: Pick<Reel, 'seen' | 'latest_reel_media'>) =>
  reel.seen !== null && reel.seen >= reel.latest_reel_media;

export const isReelExpired = (reel: Pick<Reel, 'expiring_at'>, now: number) =>
  reel.expiring_at <= now;

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
