// The activity feed (content §3 "Notification", §4 "Activity feed"): notifications plus the
// follow requests. After a load the checked timestamp is written when the feed has newer items.
import { proxy } from 'valtio';
import {
  fetchActivityFeed,
  markActivityChecked,
  type ActivityFeedResponse,
  type WireNotification,
} from '../api/activity';
import { isAbortError } from '../api/client';
import { setFollowRequests } from './followRequests';
import { relationshipFromWire, rememberRelationship } from './relationships';

export type ActivityResource =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'error'; error: string }
  | { status: 'ready'; data: { notifications: WireNotification[]; checkedAt: number } };

interface ActivityState {
  feed: ActivityResource;
  /** The feed was loaded on this page: the server's unread flag for the nav is spent. */
  checked: boolean;
}

export const activityState = proxy<ActivityState>({ feed: { status: 'idle' }, checked: false });

/** The nav's unread dot: the server saw newer notifications and this page has not shown them. */
export function hasUnseenActivity(
  viewer: { has_unseen_activity?: boolean },
  checked: boolean,
): boolean {
  return viewer.has_unseen_activity === true && !checked;
}

/** The newest notification time, or null for an empty feed. */
export function newestTimestamp(notifications: readonly WireNotification[]): number | null {
  let newest: number | null = null;
  for (const n of notifications) if (newest === null || n.timestamp > newest) newest = n.timestamp;
  return newest;
}

/** The timestamp to write after a load, or null when nothing is newer than the last check. */
export function checkedTimestampToWrite(
  notifications: readonly WireNotification[],
  checkedAt: number,
): number | null {
  const newest = newestTimestamp(notifications);
  return newest !== null && newest > checkedAt ? newest : null;
}

function applyFeed(body: ActivityFeedResponse): {
  notifications: WireNotification[];
  checkedAt: number;
} {
  const user = body.graphql.user;
  const notifications = user.activity_feed.edge_web_activity_feed.edges.map((e) => e.node);
  // Follow types carry the viewer's relationship so the row can offer Follow back.
  for (const n of notifications) {
    if (n.user.followed_by_viewer !== undefined)
      rememberRelationship(n.user.id, relationshipFromWire(n.user));
  }
  setFollowRequests(user.edge_follow_requests.edges.map((e) => e.node));
  return { notifications, checkedAt: user.activity_feed.timestamp };
}

let inFlight: Promise<void> | null = null;

/** Loads the feed (one fetch at a time), then marks it checked when it holds newer items. */
export function loadActivity(): Promise<void> {
  if (inFlight) return inFlight;
  if (activityState.feed.status !== 'ready') activityState.feed = { status: 'loading' };
  inFlight = (async () => {
    try {
      const data = applyFeed(await fetchActivityFeed());
      activityState.feed = { status: 'ready', data };
      activityState.checked = true;
      const timestamp = checkedTimestampToWrite(data.notifications, data.checkedAt);
      if (timestamp !== null) {
        // checkedAt stays as loaded, so this visit still highlights what was new. The marker only
        // clears an unread dot: a failure is not worth a message.
        markActivityChecked(timestamp).catch((error: unknown) =>
          console.warn('Could not mark the activity feed checked.', error),
        );
      }
    } catch (error) {
      if (isAbortError(error)) return;
      activityState.feed = {
        status: 'error',
        error: error instanceof Error ? error.message : 'Something went wrong.',
      };
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** Test helper. */
export function resetActivity(): void {
  activityState.feed = { status: 'idle' };
  activityState.checked = false;
  inFlight = null;
}
