// Story pictures fetched and decoded while the tray is on screen (issue 18), handed to the viewer
// when a reel opens so its first picture is drawn in the next frame instead of after a fetch and
// a decode. createImageBitmap on a Blob decodes on one of the browser's worker threads (Chromium's
// ImageBitmap decoding runs off the main thread), so none of this blocks scrolling.
import { fetchStoryBitmap } from '../../api/storyMedia';

/** Decoded pictures kept at most (each 1080×1920 picture is ≈ 8 MB decoded). */
export const PREFETCH_LIMIT = 3;

interface Prefetch {
  controller: AbortController;
  bitmap: Promise<ImageBitmap>;
}

/** By URL, oldest first. */
const prefetched = new Map<string, Prefetch>();

function drop(url: string): void {
  const entry = prefetched.get(url);
  if (!entry) return;
  prefetched.delete(url);
  entry.controller.abort();
  entry.bitmap.then(
    (bitmap) => bitmap.close(),
    () => undefined,
  );
}

/**
 * Keeps the pictures at `urls` (most wanted first, at most PREFETCH_LIMIT) fetched and decoded;
 * others still waiting are dropped.
 */
export function prefetchStoryPictures(urls: readonly string[]): void {
  const keep = urls.slice(0, PREFETCH_LIMIT);
  for (const url of [...prefetched.keys()]) if (!keep.includes(url)) drop(url);
  for (const url of keep) {
    if (prefetched.has(url)) continue;
    const controller = new AbortController();
    const bitmap = fetchStoryBitmap(url, controller.signal);
    // A failed prefetch is forgotten quietly: the viewer fetches the picture itself.
    bitmap.catch(() => {
      if (prefetched.get(url)?.bitmap === bitmap) prefetched.delete(url);
    });
    prefetched.set(url, { controller, bitmap });
  }
}

/** The prefetched decode of `url`, handed over (the caller then owns the bitmap), or null. */
export function takePrefetchedPicture(url: string): Promise<ImageBitmap> | null {
  const entry = prefetched.get(url);
  if (!entry) return null;
  prefetched.delete(url);
  return entry.bitmap;
}

/** Frees every picture nobody took (the viewer closed). */
export function dropPrefetchedPictures(): void {
  for (const url of [...prefetched.keys()]) drop(url);
}

/** Test helper: how many pictures are held. */
export const prefetchedCount = () => prefetched.size;
