// The story viewer made ready before a tap (issue 18): its route chunk (Pixi included) is
// downloaded and run, its actions loaded, and a renderer started (StoryViewer.prepare: the WebGL
// context and the sprite shader) — so a tap pays only for its picture, which the tray prefetches
// too (./storyPrefetch).
import { loadOnce } from '../../lib/loadOnce';

const loadViewerCode = loadOnce(() =>
  Promise.all([
    import('./StoryViewerPage'),
    import('../../state/storiesActions'),
    import('../../canvas/StoryViewer'),
  ]),
);

/**
 * Warms the viewer now (once): its code, then a renderer. The tray calls it on the first sign a
 * member is heading for a reel (a pointer over the tray, a touch on it, focus in it), not on every
 * visit: the viewer's code with Pixi is more than the whole home page's JavaScript budget.
 */
export function warmStoryViewer(): void {
  void loadViewerCode()
    .then(([, , viewer]) => viewer.StoryViewer.prepare())
    .catch(() => undefined);
}
