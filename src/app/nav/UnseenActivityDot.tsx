import { useSnapshot } from 'valtio';
import type { WireViewer } from '../../api/types';
import { activityState, hasUnseenActivity } from '../../state/activity';

/**
 * The small red dot on the nav's Activity entry (accounts §2) while newer notifications wait.
 * Its text is the entry's accessible description: pass the same id as aria-describedby.
 */
export function UnseenActivityDot({ viewer, id }: { viewer: WireViewer; id: string }) {
  const { checked } = useSnapshot(activityState);
  if (!hasUnseenActivity(viewer, checked)) return null;
  return (
    <span className="nav__dot" id={id}>
      <span className="visually-hidden">New notifications</span>
    </span>
  );
}

/** aria-describedby for the Activity entry: the dot's id while it shows. */
export function useUnseenActivityDescription(viewer: WireViewer, id: string): string | undefined {
  const { checked } = useSnapshot(activityState);
  return hasUnseenActivity(viewer, checked) ? id : undefined;
}
