// Which pictures the story viewer keeps (content §9, issue 18): pure, so it is tested alone.
import { preloadWindow } from './layout';
import type { WantedTexture } from './textureCache';
import type { StoryViewerSnapshot, ViewerItem, ViewerReel } from './types';

type Position = Pick<StoryViewerSnapshot, 'reels' | 'reelIndex' | 'itemIndex'>;

export function currentReelOf(snapshot: Position): ViewerReel | null {
  return snapshot.reels[snapshot.reelIndex] ?? null;
}

export function currentItemOf(snapshot: Position): ViewerItem | null {
  const { itemIndex } = snapshot;
  return itemIndex === null ? null : (currentReelOf(snapshot)?.items?.[itemIndex] ?? null);
}

/** What is on screen: the current item, or the reel's cover while its items load. */
export function shownItemOf(snapshot: Position): ViewerItem | null {
  if (snapshot.itemIndex !== null) return currentItemOf(snapshot);
  return currentReelOf(snapshot)?.cover ?? null;
}

/** The item a reel opens at: its start item once loaded, else the tray's cover. */
export function startItemOf(reel: ViewerReel | undefined): ViewerItem | null {
  if (!reel) return null;
  if (reel.items) return reel.items[reel.startIndex ?? 0] ?? reel.items[0] ?? null;
  return reel.cover ?? null;
}

/**
 * The shown item first, then for each reel of the window (the current one, 2 ahead, 1 behind)
 * the item it opens at — what a swipe reveals — and its other items. (The owner's avatar is an
 * image in the DOM header, ./header.)
 */
export function wantedTextures(
  snapshot: Pick<StoryViewerSnapshot, 'reels' | 'reelIndex'>,
  shown: ViewerItem | null,
): WantedTexture[] {
  const { reels, reelIndex } = snapshot;
  const wanted: WantedTexture[] = [];
  if (shown) wanted.push({ key: shown.id, url: shown.url });
  for (const index of preloadWindow(reelIndex, reels.length)) {
    const reel = reels[index];
    const start = startItemOf(reel);
    if (start && start.id !== shown?.id) wanted.push({ key: start.id, url: start.url });
    for (const item of reel.items ?? []) {
      if (item.id !== shown?.id && item.id !== start?.id) {
        wanted.push({ key: item.id, url: item.url });
      }
    }
  }
  return wanted;
}
