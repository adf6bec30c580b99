/**
 * "Remove me from post": the viewer takes their own tag off a post. Once the server has done it,
 * every copy of the post on screen (the post store and the paged grids) loses the tag, and the
 * post leaves the viewer's Tagged tab.
 */
import { serverMessage } from '../api/client';
import type { WirePost } from '../api/types';
import { removeOwnTagRequest } from '../api/usertags';
import { postsState } from './posts';
import { postFeedsState, taggedFeedKey } from './postFeeds';
import { showToast } from './toast';

function untagged(post: WirePost, username: string): void {
  const tags = post.edge_media_to_tagged_user;
  tags.edges = tags.edges.filter((e) => e.node.user.username !== username);
}

export async function removeMeFromPost(
  postId: string,
  viewer: { id: string; username: string },
): Promise<boolean> {
  try {
    await removeOwnTagRequest(postId);
  } catch (error) {
    showToast({
      text: serverMessage(error) ?? "Couldn't remove you from the post.",
      actionText: 'Retry',
      onAction: () => void removeMeFromPost(postId, viewer),
    });
    return false;
  }
  const stored = postsState.byId[postId];
  if (stored) untagged(stored, viewer.username);
  for (const [key, feed] of Object.entries(postFeedsState.feeds)) {
    if (key === taggedFeedKey(viewer.id)) {
      feed.items = feed.items.filter((p) => p.id !== postId);
      continue;
    }
    for (const post of feed.items) if (post.id === postId) untagged(post, viewer.username);
  }
  showToast({ text: "You've been removed from the post." });
  return true;
}
