// Notification types (content spec §3 "Notification": types 1 to 30), shared by the server, which
// stores them, and the client, which words them. The first five keep the original activity feed's
// numbers (1 like, 2 comment, 3 follow, 5 mention); the rest are ours. No imports: the server
// (NodeNext) includes this file too.
export const NOTIFICATION_TYPE = {
  like: 1,
  comment: 2,
  follow: 3,
  contactJoined: 4,
  mention: 5,
  userTagged: 6,
  videoViewCount: 7,
  followRequest: 8,
  followRequestApproved: 9,
  storyReply: 10,
  storyReaction: 11,
} as const;

export type NotificationType = (typeof NOTIFICATION_TYPE)[keyof typeof NOTIFICATION_TYPE];
