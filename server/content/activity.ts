import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { toWireUser } from '../http/users.ts';
import type { WireUser } from '../../common/types.ts';
import { relationships } from './access.ts';
import { listedNotifications } from './listedNotifications.ts';
import { thumbnailSrc } from './serialize.ts';
import { repliedStory } from '../stories/repliedStory.ts';
import type { WireRepliedStory } from '../../common/storyReplies.ts';

/** How many notifications the activity feed returns (newest first). */
export const ACTIVITY_FEED_SIZE = 50;
/** Pending follow requests listed at once. */
export const FOLLOW_REQUESTS_SIZE = 100;

export interface ActivityNode {
  id: string;
  type: number;
  timestamp: number;
  text: string;
  user: WireUser;
  media: { shortcode: string; thumbnail_src: string } | null;
  /** The story a story reply or reaction answers (issue 18 part 5). */
  story: WireRepliedStory | null;
}

const USER_COLUMNS = [
  'users.id',
  'users.username',
  'users.full_name',
  'users.profile_pic_key',
  'users.is_verified',
  'users.is_private',
] as const;

/** GET /accounts/activity/?__a=1 — notifications, the checked timestamp and follow requests. */
export async function activityFeed(ctx: AppContext, viewer: UsersTable) {
  const [rows, requesters] = await Promise.all([
    listedNotifications(ctx, viewer.id)
      .select([
        'notifications.id as notification_id',
        'notifications.type',
        'notifications.text',
        'notifications.created_at',
        'posts.shortcode',
        'posts.media_key',
        'story_items.id as story_id',
        'story_items.media_key as story_media_key',
        'story_items.expiring_at as story_expiring_at',
        'story_items.placeholder as story_placeholder',
        ...USER_COLUMNS,
      ])
      .orderBy('notifications.created_at', 'desc')
      .orderBy('notifications.id', 'desc')
      .limit(ACTIVITY_FEED_SIZE)
      .execute(),
    ctx.db
      .selectFrom('follow_requests')
      .innerJoin('users', 'users.id', 'follow_requests.requester_id')
      .select(USER_COLUMNS)
      .where('follow_requests.target_id', '=', viewer.id)
      .where('users.is_active', '=', 1)
      .orderBy('follow_requests.created_at', 'desc')
      .limit(FOLLOW_REQUESTS_SIZE)
      .execute(),
  ]);
  // Relationship flags let the client offer "Follow" back next to a follow notification.
  const rels = await relationships(
    ctx,
    viewer.id,
    rows.map((r) => r.id),
  );
  const stories = await Promise.all(rows.map((r) => repliedStory(r, ctx.now())));
  const edges = rows.map((r, i) => {
    const rel = rels.get(r.id);
    const node: ActivityNode = {
      id: r.notification_id,
      type: r.type,
      timestamp: r.created_at,
      text: r.text,
      user: toWireUser(r, {
        followed_by_viewer: rel?.followed_by_viewer ?? false,
        requested_by_viewer: rel?.requested_by_viewer ?? false,
      }),
      media:
        r.shortcode && r.media_key
          ? { shortcode: r.shortcode, thumbnail_src: thumbnailSrc(r.media_key) }
          : null,
      story: stories[i],
    };
    return { node };
  });
  return {
    graphql: {
      user: {
        id: viewer.id,
        activity_feed: {
          edge_web_activity_feed: { edges },
          timestamp: viewer.activity_checked_at,
        },
        edge_follow_requests: { edges: requesters.map((u) => ({ node: toWireUser(u) })) },
      },
    },
  };
}

/** Records that the viewer has seen the activity feed up to `timestamp` (never in the future). */
export async function markActivityChecked(ctx: AppContext, viewer: UsersTable, timestamp: number) {
  const at = Math.max(0, Math.min(Math.floor(timestamp), ctx.now()));
  await ctx.db
    .updateTable('users')
    .set({ activity_checked_at: at })
    .where('id', '=', viewer.id)
    .execute();
}
