/**
 * Activity-feed notification types seeded for demo (the spec allows 1 to 30; these are the
 * kinds it names). Readers of the notifications table map them to text.
 */
export const NOTIFICATION_TYPES = {
  like: 1,
  comment: 2,
  follow: 3,
  mention: 4,
  tag: 5,
  contact_joined: 6,
  video_views: 7,
} as const;

export type NotificationType = (typeof NOTIFICATION_TYPES)[keyof typeof NOTIFICATION_TYPES];
