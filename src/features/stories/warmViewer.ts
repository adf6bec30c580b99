// The story viewer made ready before a tap (issue 18): its canvas and WebGL context made at once
// (../../canvas/story/earlyContext: no Pixi, so it runs while the code downloads), its route
// chunk (Pixi included) downloaded and run, its actions loaded, and a renderer started on that
// context (StoryViewer.prepare: Pixi's systems and the sprite shader) — so a tap pays only for
// its picture, which the tray prefetches too (./storyPrefetch).
import { startStoryContext } from '../../canvas/story/earlyContext';
import { loadOnce } from '../../lib/loadOnce';

let codeLoaded = false;
const loadViewerCode = loadOnce(() =>
  Promise.all([
    import('./StoryViewerPage'),
    import('../../state/storiesActions'),
    import('../../canvas/StoryViewer'),
  ]).then((modules) => {
    codeLoaded = true;
    return modules;
  }),
);

/**
 * Warms the viewer now (once): its code, then a renderer. The tray calls it on the first sign a
 * member is heading for a reel (a pointer over the tray, a touch on it, focus in it), not on every
 * visit: the viewer's code with Pixi is more than the whole home page's JavaScript budget.
 */
export function warmStoryViewer(): void {
  const code = loadViewerCode();
  // Only while the code is still to come: that download is what the context's making overlaps.
  // Once it is here, prepare() makes the context itself (and a context made while a prepared
  // renderer waits would never be taken). In a task of its own, after the chunks were requested
  // and the router has rendered: made first, it held back the requests by 30–50 ms.
  if (!codeLoaded) {
    setTimeout(() => {
      if (!codeLoaded) startStoryContext();
    }, 0);
  }
  void code.then(([, , viewer]) => viewer.StoryViewer.prepare()).catch(() => undefined);
}
