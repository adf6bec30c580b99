// Normalised post entities with an optimistic overlay for likes and saves (content §4 "Post
// actions": like, unlike, save, unsave and delete each go through attempt, then success or
// failure). The server's values stay in `byId`; taps in flight live in `overlay` until settled.
// Delete, report and the post page's loading are in ./postsActions, loaded when they are used.
import { proxy } from 'valtio';
import { setPostLiked, setPostSaved } from '../api/posts';
import { isAbortError, serverMessage } from '../api/client';
import type { WirePost } from '../api/types';
import { seedComments, type CommentSeedMode } from './comments';
import { showToast } from './toast';
import { createToggleQueue } from './toggleQueue';

export interface PostOverlay {
  liked?: boolean;
  saved?: boolean;
}

/** The post page's resource (a status union, CONVENTIONS §7). */
export type PostPageResource =
  { status: 'loading' } | { status: 'error'; notFound: boolean } | { status: 'ready'; id: string };

interface PostsState {
  byId: Record<string, WirePost>;
  overlay: Record<string, PostOverlay>;
  pages: Record<string, PostPageResource>;
  /** Posts whose delete call is in flight. */
  deleting: Record<string, true>;
}

export const postsState = proxy<PostsState>({ byId: {}, overlay: {}, pages: {}, deleting: {} });

export function upsertPosts(posts: WirePost[], comments: CommentSeedMode): void {
  for (const post of posts) {
    postsState.byId[post.id] = post;
    seedComments(post.id, post.edge_media_to_comment, comments);
  }
}

/** What a card shows: the server's values with any tap still in flight applied. */
export interface PostView {
  liked: boolean;
  likeCount: number;
  saved: boolean;
}

export function viewOf(post: WirePost, overlay: PostOverlay | undefined): PostView {
  const liked = overlay?.liked ?? post.viewer_has_liked;
  const delta = Number(liked) - Number(post.viewer_has_liked);
  return {
    liked,
    likeCount: Math.max(0, post.edge_media_preview_like.count + delta),
    saved: overlay?.saved ?? post.viewer_has_saved,
  };
}

// ── Like / save ───────────────────────────────────────────────────────────────────────────────
type Kind = 'liked' | 'saved';

function settle(kind: Kind, id: string, confirmed: boolean, error: unknown): void {
  const post = postsState.byId[id];
  const overlay = postsState.overlay[id];
  if (overlay) {
    delete overlay[kind];
    if (overlay.liked === undefined && overlay.saved === undefined) delete postsState.overlay[id];
  }
  if (post) {
    if (kind === 'liked' && post.viewer_has_liked !== confirmed) {
      post.edge_media_preview_like.count += confirmed ? 1 : -1;
      post.viewer_has_liked = confirmed;
    }
    if (kind === 'saved') post.viewer_has_saved = confirmed;
  }
  if (error && !isAbortError(error)) {
    const fallback =
      kind === 'liked' ? "Couldn't update your like." : "Couldn't update saved posts.";
    showToast({ text: serverMessage(error) ?? fallback });
  }
}

function queueFor(kind: Kind, send: (id: string, on: boolean) => Promise<unknown>) {
  return createToggleQueue({
    send,
    onDisplay: (id, value) => {
      postsState.overlay[id] = { ...postsState.overlay[id], [kind]: value };
    },
    onSettled: (id, confirmed, error) => settle(kind, id, confirmed, error),
  });
}

const likeQueue = queueFor('liked', setPostLiked);
const saveQueue = queueFor('saved', setPostSaved);

export function setLiked(id: string, liked: boolean): void {
  const post = postsState.byId[id];
  if (post) likeQueue.set(id, liked, post.viewer_has_liked);
}

export function toggleLike(id: string): void {
  const post = postsState.byId[id];
  if (post) setLiked(id, !viewOf(post, postsState.overlay[id]).liked);
}

export function toggleSave(id: string): void {
  const post = postsState.byId[id];
  if (!post) return;
  saveQueue.set(id, !viewOf(post, postsState.overlay[id]).saved, post.viewer_has_saved);
}

// ── Deleted posts ───────────────────────────────────────────────────────────────────────────
type DeletedListener = (id: string) => void;
const deletedListeners = new Set<DeletedListener>();

/** Feeds subscribe to drop a deleted post; returns the unsubscribe function. */
export function onPostDeleted(listener: DeletedListener): () => void {
  deletedListeners.add(listener);
  return () => deletedListeners.delete(listener);
}

/** Tells the feeds a post was deleted (postsActions.deletePost). */
export function notifyPostDeleted(id: string): void {
  for (const listener of deletedListeners) listener(id);
}

/** Test helper. */
export function resetPostsState(): void {
  postsState.byId = {};
  postsState.overlay = {};
  postsState.pages = {};
  postsState.deleting = {};
}
