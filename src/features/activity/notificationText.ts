// How each notification type reads (content §3 "Notification": types 1 to 30).
import { NOTIFICATION_TYPE } from '../../api/notificationTypes';
import { FOLLOW_REQUEST_BADGE_MAX } from '../../lib/tokens';

export { NOTIFICATION_TYPE };

/**
 * The words after the actor's username; `quote` is user text shown after them (comment or
 * mention text), rendered separately so mentions and hashtags become links.
 */
export function notificationText(
  type: number,
  text: string,
): { action: string; quote: string | null } {
  switch (type) {
    case NOTIFICATION_TYPE.like:
      return { action: 'liked your post.', quote: null };
    case NOTIFICATION_TYPE.comment:
      return { action: 'commented:', quote: text };
    case NOTIFICATION_TYPE.follow:
      return { action: 'started following you.', quote: null };
    case NOTIFICATION_TYPE.contactJoined:
      return { action: ', your contact, is on Glint.', quote: null };
    case NOTIFICATION_TYPE.mention:
      return { action: 'mentioned you in a comment:', quote: text };
    case NOTIFICATION_TYPE.userTagged:
      return { action: 'tagged you in a post.', quote: null };
    case NOTIFICATION_TYPE.videoViewCount:
      return {
        action: text ? `'s video has ${text} views.` : "'s video is getting views.",
        quote: null,
      };
    case NOTIFICATION_TYPE.followRequest:
      return { action: 'requested to follow you.', quote: null };
    case NOTIFICATION_TYPE.followRequestApproved:
      return { action: 'accepted your follow request.', quote: null };
    case NOTIFICATION_TYPE.storyReply:
      return { action: 'replied to your story:', quote: text };
    case NOTIFICATION_TYPE.storyReaction:
      return { action: 'reacted to your story:', quote: text };
    default:
      return text ? { action: '', quote: text } : { action: 'interacted with you.', quote: null };
  }
}

/** Types whose row offers a Follow button rather than a post thumbnail. */
export function isFollowType(type: number): boolean {
  return (
    type === NOTIFICATION_TYPE.follow ||
    type === NOTIFICATION_TYPE.contactJoined ||
    type === NOTIFICATION_TYPE.followRequestApproved
  );
}

/** Content §9: the follow request badge shows "10+" above 10. */
export function followRequestBadge(count: number): string {
  return count > FOLLOW_REQUEST_BADGE_MAX ? `${FOLLOW_REQUEST_BADGE_MAX}+` : String(count);
}
