// Activity feed calls (content §7): the notification list with follow requests, and the
// "checked up to" marker that clears the nav's unread dot.
import { apiGet, apiPost, type RequestOptions } from './client';
import type { WireRepliedStory } from './storyReplies';
import type { WireUser } from './types';

export interface WireNotification {
  id: string;
  /** NOTIFICATION_TYPE (server/content/notifications.ts); the client words each type. */
  type: number;
  /** Unix seconds. */
  timestamp: number;
  /** Comment, mention or story reply text, or the reaction's emoji; empty for the other types. */
  text: string;
  user: WireUser;
  media: { shortcode: string; thumbnail_src: string } | null;
  /** The owner's story a story reply or reaction answers (issue 18 part 5); absent otherwise. */
  story?: WireRepliedStory | null;
}

export interface ActivityFeedResponse {
  graphql: {
    user: {
      id: string;
      activity_feed: {
        edge_web_activity_feed: { edges: { node: WireNotification }[] };
        /** When the viewer last checked the feed (unix seconds). */
        timestamp: number;
      };
      edge_follow_requests: { edges: { node: WireUser }[] };
    };
  };
}

/** GET /accounts/activity/?__a=1 */
export function fetchActivityFeed(opts?: RequestOptions): Promise<ActivityFeedResponse> {
  return apiGet<ActivityFeedResponse>('/accounts/activity/', { __a: 1 }, opts);
}

/** POST /web/activity/mark_checked/ with the newest timestamp the viewer has seen. */
export function markActivityChecked(timestamp: number): Promise<unknown> {
  return apiPost<unknown>('/web/activity/mark_checked/', { timestamp: String(timestamp) });
}
