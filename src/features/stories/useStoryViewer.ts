import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { subscribe } from 'valtio';
import { fetchStoryBitmap } from '../../api/storyMedia';
import { StoryViewer, type StoryViewerCallbacks } from '../../canvas/StoryViewer';
import { storiesState } from '../../state/stories';
import { stopEarlyEscape } from './navigation';
import { dropPrefetchedPictures, takePrefetchedPicture } from './storyPrefetch';
import { StoryViewTimer } from './storyViewTimer';
import { toViewerSnapshot } from './viewerSnapshot';

export type ViewerStatus =
  { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready' };

/**
 * Mounts the Pixi story viewer in `container` and keeps it following the stories store; store
 * changes are batched to one update per animation frame. The callbacks ref may change freely.
 * It also feeds the story analytics timer, which logs each item's view time.
 */
export function useStoryViewer(
  container: RefObject<HTMLDivElement | null>,
  callbacks: RefObject<StoryViewerCallbacks>,
): ViewerStatus {
  const [status, setStatus] = useState<ViewerStatus>({ status: 'loading' });
  const viewerRef = useRef<StoryViewer | null>(null);

  // A layout effect: the viewer starts before the browser paints the route, not a frame later
  // (a picture the tray prefetched is then drawn in the viewer's first frame).
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let frame = 0;
    let unsubscribe = () => {};
    const analytics = new StoryViewTimer();
    const onVisibility = () => analytics.setHidden(document.hidden);
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    // Not batched to a frame like the drawing: leaving an item must stop its clock at once.
    const track = () => {
      const { current, reels, paused } = storiesState;
      const index = current?.itemIndex ?? null;
      const item = current && index !== null ? reels[current.reelId]?.items[index] : undefined;
      analytics.setPaused(paused);
      analytics.setCurrent(current?.reelId ?? null, item?.id ?? null);
    };
    StoryViewer.create({
      container: element,
      // A picture the tray already decoded is handed over: drawn in the next frame.
      loadImage: (url, signal) => takePrefetchedPicture(url) ?? fetchStoryBitmap(url, signal),
      callbacks: {
        onNext: () => callbacks.current.onNext(),
        onPrevious: () => callbacks.current.onPrevious(),
        onClose: () => callbacks.current.onClose(),
        onItemShown: (reelId, itemId) => {
          analytics.shown(reelId, itemId);
          callbacks.current.onItemShown?.(reelId, itemId);
        },
        onHoldChange: (holding) => {
          analytics.setHolding(holding);
          callbacks.current.onHoldChange?.(holding);
        },
        onReel: (step) => callbacks.current.onReel?.(step),
      },
    }).then(
      (viewer) => {
        if (cancelled) {
          viewer.destroy();
          return;
        }
        viewerRef.current = viewer;
        // The viewer has the keyboard now (the tray's early Escape was for until now).
        stopEarlyEscape();
        viewer.update(toViewerSnapshot(storiesState));
        track();
        unsubscribe = subscribe(storiesState, () => {
          track();
          if (frame) return;
          frame = requestAnimationFrame(() => {
            frame = 0;
            viewer.update(toViewerSnapshot(storiesState));
          });
        });
        setStatus({ status: 'ready' });
      },
      (error: unknown) => {
        console.error('Story viewer failed to start', error);
        if (!cancelled) setStatus({ status: 'error', error });
      },
    );
    return () => {
      cancelled = true;
      stopEarlyEscape();
      unsubscribe();
      cancelAnimationFrame(frame);
      document.removeEventListener('visibilitychange', onVisibility);
      analytics.stop();
      viewerRef.current?.destroy();
      viewerRef.current = null;
      dropPrefetchedPictures();
    };
  }, [container, callbacks]);

  return status;
}
