// Actions of the stories store: with ./storiesTray, the only code that changes storiesState. Network
// calls go through src/api/stories.ts; the rules they apply are the pure functions of ./stories
// and ./storyViewerRules. The viewer loads this module; the home page's tray only ./storiesTray.
import { fetchReelsMedia, postReelSeen } from '../api/stories';
import { isAbortError } from '../api/client';
import { REEL_PRELOAD_AHEAD } from '../lib/tokens';
import {
  initialStoriesState,
  nowSeconds,
  pruneExpired,
  storiesState,
  type StoryPosition,
} from './stories';
import { forgetTrayRequest } from './storiesTray';
import {
  needsItems,
  neighbourReelTarget,
  nextTarget,
  previousTarget,
  reelIdsToFetch,
  reelWithItems,
  reelWithoutItems,
  startIndex,
} from './storyViewerRules';
import { showToast } from './toast';

export { loadTray } from './storiesTray';

/** Reel fetch failure (content §8): a toast with a generic error and Retry. */
export const REEL_FETCH_ERROR = 'Something went wrong. Please try again.';

const itemRequests = new Map<string, Promise<void>>();
let seenQueue: Promise<unknown> = Promise.resolve();

/** Drops reels that expired while the tray was on screen. */
export function pruneTray(): void {
  storiesState.trayReelIds = pruneExpired(
    storiesState.trayReelIds,
    storiesState.reels,
    nowSeconds(),
  );
}

/** Fetches one batch of reels' items; every reel of the batch shares the one request. */
function fetchBatch(reelIds: string[]): Promise<void> {
  for (const id of reelIds) storiesState.fetching[id] = true;
  const request = (async () => {
    try {
      const found = new Map((await fetchReelsMedia(reelIds)).map((r) => [r.id, r]));
      for (const id of reelIds) {
        const reel = storiesState.reels[id];
        if (!reel) continue;
        const wire = found.get(id);
        storiesState.reels[id] = wire ? reelWithItems(reel, wire) : reelWithoutItems(reel);
      }
      storiesState.itemsError = null;
    } finally {
      for (const id of reelIds) {
        delete storiesState.fetching[id];
        itemRequests.delete(id);
      }
    }
  })();
  for (const id of reelIds) itemRequests.set(id, request);
  return request;
}

/** A reel needs its items loaded first; otherwise they are fetched with the next ones. */
export function ensureItems(reelId: string): Promise<void> {
  const pending = itemRequests.get(reelId);
  if (pending) return pending;
  const reel = storiesState.reels[reelId];
  if (!reel || !needsItems(reel)) return Promise.resolve();
  return fetchBatch(reelIdsToFetch(storiesState, reelId, nowSeconds()));
}

/** Fetches ahead when a reel within the preload window still has no items. */
function prefetchAfter(reelId: string): void {
  const order = storiesState.trayReelIds;
  const at = order.indexOf(reelId);
  const upcoming = order.slice(at + 1, at + 1 + REEL_PRELOAD_AHEAD);
  const first = upcoming.find((id) => storiesState.reels[id] && needsItems(storiesState.reels[id]));
  if (!first || itemRequests.has(first)) return;
  // A background failure is only logged: the toast waits until the viewer reaches that reel.
  fetchBatch(reelIdsToFetch(storiesState, first, nowSeconds())).catch((error: unknown) => {
    if (!isAbortError(error)) console.error('Reel prefetch failure', error);
  });
}

export type OpenOutcome = 'shown' | 'empty' | 'failed' | 'superseded' | 'missing';

/** Selects a reel: its items are loaded first, then it starts at its first unseen item. */
export async function openReel(reelId: string, atItemId?: string): Promise<OpenOutcome> {
  storiesState.current = { reelId, itemIndex: null };
  storiesState.itemsError = null;
  try {
    await ensureItems(reelId);
  } catch (error) {
    if (storiesState.current?.reelId !== reelId) return 'superseded';
    reportReelFetchFailure(reelId, error);
    return 'failed';
  }
  if (storiesState.current?.reelId !== reelId) return 'superseded';
  const reel = storiesState.reels[reelId];
  if (!reel || reel.items.length === 0) return 'empty';
  // A link to one item (an Activity row) opens at it; 'missing' once it expired or was deleted.
  const at =
    atItemId === undefined ? startIndex(reel) : reel.items.findIndex((i) => i.id === atItemId);
  if (at === -1) return 'missing';
  storiesState.current = { reelId, itemIndex: at };
  prefetchAfter(reelId);
  return 'shown';
}

function reportReelFetchFailure(reelId: string, error: unknown): void {
  console.error('Reel fetch failure', error);
  storiesState.itemsError = { reelId, message: REEL_FETCH_ERROR };
  showToast({ text: REEL_FETCH_ERROR, actionText: 'Retry', onAction: () => void openReel(reelId) });
}

async function moveTo(target: StoryPosition | null, direction: 1 | -1): Promise<'moved' | 'end'> {
  if (!target) return 'end';
  if (target.itemIndex !== null) {
    storiesState.current = target;
    return 'moved';
  }
  const outcome = await openReel(target.reelId);
  // A reel that turned out empty (expired or hidden since the tray loaded) is skipped.
  if (outcome === 'empty') return direction === 1 ? goNext() : goPrevious();
  return 'moved';
}

/** Next item, else the next reel with items; 'end' when there is none (the viewer closes). */
export function goNext(): Promise<'moved' | 'end'> {
  pruneTray();
  return moveTo(nextTarget(storiesState, nowSeconds()), 1);
}

/** Previous item, else the previous reel with items; 'end' at the very first item. */
export function goPrevious(): Promise<'moved' | 'end'> {
  pruneTray();
  return moveTo(previousTarget(storiesState, nowSeconds()), -1);
}

/** A horizontal swipe: the next (1) or previous (-1) reel with items, at its start index. */
export function goToReel(step: 1 | -1): Promise<'moved' | 'end'> {
  pruneTray();
  return moveTo(neighbourReelTarget(storiesState, nowSeconds(), step), step);
}

export function setPaused(paused: boolean): void {
  storiesState.paused = paused;
}

export function setMuted(muted: boolean): void {
  storiesState.muted = muted;
}

/** A reel's items will be fetched again before it is next shown. */
export function invalidateReel(reelId: string): void {
  const reel = storiesState.reels[reelId];
  if (reel) reel.didInvalidate = true;
}

/**
 * Marks an item seen: the reel's marker is raised at once (the tray ring greys), and the story
 * view is posted. Posts run one after another; an item at or below the marker is not sent again.
 * Stories-seen error (content §8): reported and rethrown.
 */
export function markItemSeen(reelId: string, itemId: string): Promise<void> {
  const reel = storiesState.reels[reelId];
  const item = reel?.items.find((i) => i.id === itemId);
  if (!reel || !item || (reel.seen !== null && reel.seen >= item.takenAt)) return Promise.resolve();
  reel.seen = item.takenAt;
  const view = {
    reelMediaId: item.id,
    reelMediaOwnerId: reel.userId,
    reelId: reel.id,
    reelMediaTakenAt: item.takenAt,
    viewSeenAt: nowSeconds(),
  };
  const sent = seenQueue
    .then(() => postReelSeen(view))
    .then(
      () => undefined,
      (error: unknown) => {
        console.error('Stories-seen error', error);
        throw error;
      },
    );
  seenQueue = sent.catch(() => undefined);
  return sent;
}

/** Leaves the viewer: nothing is selected and playback state is reset. */
export function closeViewer(): void {
  storiesState.current = null;
  storiesState.paused = false;
  storiesState.itemsError = null;
}

/** Test helper: a fresh store and no requests in flight. */
export function resetStoriesState(): void {
  Object.assign(storiesState, initialStoriesState());
  forgetTrayRequest();
  itemRequests.clear();
  seenQueue = Promise.resolve();
}
