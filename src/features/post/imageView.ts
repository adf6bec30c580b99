// image_view telemetry (accounts-platform §9 "image view threshold 250 ms"): a post's media counts
// as viewed once at least half of it has been on screen for IMAGE_VIEW_THRESHOLD_MS without a
// break, logged once per post per page view. One IntersectionObserver serves every post (a feed
// page has dozens), and a timer runs only for media currently half visible.
import { useEffect, type RefObject } from 'react';
import { logClientEvent } from '../../lib/eventLog';
import { IMAGE_VIEW_THRESHOLD_MS } from '../../lib/tokens';

export type ImageViewSurface = 'feed' | 'post_page' | 'post_modal' | 'embed' | 'other';

export const IMAGE_VIEW_RATIO = 0.5;
/** Bounds the dedup memory in a long session; clearing it only risks a repeated event. */
const MAX_REMEMBERED = 5000;

interface Watched {
  mediaId: string;
  surface: ImageViewSurface;
  visible: boolean;
  timer: ReturnType<typeof setTimeout> | null;
}

const watched = new Map<Element, Watched>();
const logged = new Set<string>();
let observer: IntersectionObserver | null = null;

/**
 * The history entry being looked at. The router keeps a key per entry in history.state, so a new
 * navigation is a new page view while closing a post modal returns to the same one.
 */
function pageViewKey(): string {
  const state = window.history.state as { key?: unknown } | null;
  return typeof state?.key === 'string' ? state.key : window.location.href;
}

/** Where the media is shown, read from the card around it (the callers own those components). */
export function surfaceOf(element: Element): ImageViewSurface {
  if (element.closest('.post-card')) return 'feed';
  if (element.closest('.post-detail--modal')) return 'post_modal';
  if (element.closest('.post-detail--page')) return 'post_page';
  if (element.closest('.embed-card')) return 'embed';
  return 'other';
}

function complete(element: Element): void {
  const entry = watched.get(element);
  if (!entry) return;
  entry.timer = null;
  const key = `${pageViewKey()} ${entry.mediaId}`;
  if (logged.has(key)) return;
  if (logged.size >= MAX_REMEMBERED) logged.clear();
  logged.add(key);
  logClientEvent('image_view', { media_id: entry.mediaId, surface: entry.surface });
}

function startTimer(element: Element, entry: Watched): void {
  if (entry.timer === null && !document.hidden) {
    entry.timer = setTimeout(() => complete(element), IMAGE_VIEW_THRESHOLD_MS);
  }
}

function stopTimer(entry: Watched): void {
  if (entry.timer !== null) clearTimeout(entry.timer);
  entry.timer = null;
}

function onIntersect(entries: IntersectionObserverEntry[]): void {
  for (const change of entries) {
    const entry = watched.get(change.target);
    if (!entry) continue;
    entry.visible = change.isIntersecting && change.intersectionRatio >= IMAGE_VIEW_RATIO;
    if (entry.visible) startTimer(change.target, entry);
    else stopTimer(entry);
  }
}

/** A hidden tab breaks "continuously visible"; the count starts again when the tab is back. */
function onVisibilityChange(): void {
  for (const [element, entry] of watched) {
    if (document.hidden) stopTimer(entry);
    else if (entry.visible) startTimer(element, entry);
  }
}

/** Watches one post's media; returns the unwatch. A no-op where IntersectionObserver is missing. */
export function watchImageView(
  element: Element,
  mediaId: string,
  surface: ImageViewSurface = surfaceOf(element),
): () => void {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  if (!observer) {
    observer = new IntersectionObserver(onIntersect, { threshold: IMAGE_VIEW_RATIO });
    document.addEventListener('visibilitychange', onVisibilityChange);
  }
  const previous = watched.get(element);
  if (previous) stopTimer(previous);
  watched.set(element, { mediaId, surface, visible: false, timer: null });
  observer.observe(element);
  return () => {
    const entry = watched.get(element);
    if (entry) stopTimer(entry);
    watched.delete(element);
    observer?.unobserve(element);
    if (watched.size === 0) {
      observer?.disconnect();
      observer = null;
      document.removeEventListener('visibilitychange', onVisibilityChange);
    }
  };
}

/** Logs image_view for the post whose media `ref` points at, while `enabled`. */
export function useImageView(
  ref: RefObject<Element | null>,
  mediaId: string,
  surface?: ImageViewSurface,
  enabled = true,
): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || !enabled) return;
    return watchImageView(element, mediaId, surface);
  }, [ref, mediaId, surface, enabled]);
}

/** Forgets what was logged (tests). */
export function resetImageViewsForTests(): void {
  logged.clear();
}
