// Relationship calls (accounts-platform §7, content §7): follow, unfollow, block, unblock, and the
// private account's side of a follow request (approve, ignore). All POST without a payload.
import { apiPost } from './client';

/** What the server says a follow became. Anything else is handled by the relationship store. */
export interface FollowResponse {
  result?: unknown;
  status?: string;
}

const friendshipUrl = (userId: string, verb: string) =>
  `/web/friendships/${encodeURIComponent(userId)}/${verb}/`;

export function followUser(userId: string): Promise<FollowResponse> {
  return apiPost<FollowResponse>(friendshipUrl(userId, 'follow'));
}

export function unfollowUser(userId: string): Promise<unknown> {
  return apiPost<unknown>(friendshipUrl(userId, 'unfollow'));
}

export function blockUser(userId: string): Promise<unknown> {
  return apiPost<unknown>(friendshipUrl(userId, 'block'));
}

export function unblockUser(userId: string): Promise<unknown> {
  return apiPost<unknown>(friendshipUrl(userId, 'unblock'));
}

/** The viewer (a private account) lets the requester follow them. */
export function approveFollowRequest(userId: string): Promise<unknown> {
  return apiPost<unknown>(friendshipUrl(userId, 'approve'));
}

/** The viewer drops the request without telling the requester. */
export function ignoreFollowRequest(userId: string): Promise<unknown> {
  return apiPost<unknown>(friendshipUrl(userId, 'ignore'));
}

export interface FollowAllResponse {
  followed_count: number;
  requested_count: number;
}

/** Follows the viewer's friends from the external provider who are on Glint (accounts §7). */
export function followAllProviderFriends(): Promise<FollowAllResponse> {
  return apiPost<FollowAllResponse>('/web/friendships/follow_all_fb');
}
