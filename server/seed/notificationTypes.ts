import { NOTIFICATION_TYPE } from '../content/notifications.ts';

/**
 * The notification kinds the seed writes, by the numbers the server and client share
 * (server/content/notifications.ts), so seeded activity reads like live activity.
 */
export const NOTIFICATION_TYPES = {
  like: NOTIFICATION_TYPE.like,
  comment: NOTIFICATION_TYPE.comment,
  follow: NOTIFICATION_TYPE.follow,
  mention: NOTIFICATION_TYPE.mention,
  tag: NOTIFICATION_TYPE.userTagged,
  contact_joined: NOTIFICATION_TYPE.contactJoined,
  video_views: NOTIFICATION_TYPE.videoViewCount,
} as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES];
