import { Suspense, lazy } from 'react';

// The tray is the stories feature's component, loaded in its own chunk so the feed's first paint
// does not wait for (or pay for) the stories code.
const StoryTray = lazy(() => import('../stories/StoryTray'));

/** The story tray above the feed. */
export function StoryTraySlot() {
  return (
    <Suspense fallback={null}>
      <StoryTray />
    </Suspense>
  );
}
