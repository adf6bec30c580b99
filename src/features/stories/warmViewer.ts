// The story viewer made ready while the tray is on screen (issue 18): its route chunk (Pixi
// included) is downloaded and run, its actions loaded, and a renderer started (StoryViewer.
// prepare: the WebGL context and the sprite shader), all in idle time — so a tap pays only for
// its picture, which the tray prefetches too (./storyPrefetch).
import { loadOnce } from '../../lib/loadOnce';

const loadViewerCode = loadOnce(() =>
  Promise.all([
    import('./StoryViewerPage'),
    import('../../state/storiesActions'),
    import('../../canvas/StoryViewer'),
  ]),
);

/**
 * Warms the viewer at the next idle moment (`onIdle` runs then too); returns a cancel for an
 * unmount before it.
 */
export function warmStoryViewerWhenIdle(onIdle: () => void = () => {}): () => void {
  // Browsers without idle callbacks (and test DOMs) keep loading it on the tap.
  if (typeof requestIdleCallback !== 'function') return () => {};
  const id = requestIdleCallback(
    () => {
      onIdle();
      void loadViewerCode()
        .then(([, , viewer]) => viewer.StoryViewer.prepare())
        .catch(() => undefined);
    },
    { timeout: 1000 },
  );
  return () => cancelIdleCallback(id);
}
