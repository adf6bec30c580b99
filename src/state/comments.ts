// Comments per post (content §3 "Comment", §4 "Comments", §8): a successful add appends; delete
// marks the comment deleted and lowers the count at once, and a failure restores both; a failed
// add shows a toast with Retry.
import { proxy } from 'valtio';
import { addCommentRequest, deleteCommentRequest, fetchComments } from '../api/comments';
import { isAbortError, serverMessage } from '../api/client';
import type { Connection, WireComment, WireUser } from '../api/types';
import { initialPagination, pageFailed, pageLoaded, pageStarted, type Pagination } from './paging';
import { showToast } from './toast';

export interface Comment {
  id: string;
  /** Unix seconds (from created_at). */
  postedAt: number;
  text: string;
  userId: string;
  owner: WireUser;
  deleted: boolean;
}

export interface PostComments {
  commentIds: string[];
  count: number;
  pagination: Pagination;
}

/**
 * 'preview': the feed's newest few (no cursor: more are read from the first page);
 * 'page': the first page of the post page, oldest first; 'none': grids carry no comments.
 */
export type CommentSeedMode = 'preview' | 'page' | 'none';

interface CommentsState {
  byId: Record<string, Comment>;
  byPost: Record<string, PostComments>;
}

export const commentsState = proxy<CommentsState>({ byId: {}, byPost: {} });

function toComment(wire: WireComment): Comment {
  return {
    id: wire.id,
    postedAt: wire.created_at,
    text: wire.text,
    userId: wire.owner.id,
    owner: wire.owner,
    deleted: false,
  };
}

function storeComments(list: WireComment[]): string[] {
  for (const wire of list) commentsState.byId[wire.id] = toComment(wire);
  return list.map((c) => c.id);
}

export function seedComments(
  postId: string,
  connection: Connection<WireComment>,
  mode: CommentSeedMode,
): void {
  const existing = commentsState.byPost[postId];
  if (mode === 'none') {
    if (existing) existing.count = connection.count;
    return;
  }
  const ids = storeComments(connection.edges.map((e) => e.node));
  const pagination = initialPagination();
  if (mode === 'page') pageLoaded(pagination, connection.page_info);
  commentsState.byPost[postId] = { commentIds: ids, count: connection.count, pagination };
}

function entryFor(postId: string): PostComments {
  commentsState.byPost[postId] ??= { commentIds: [], count: 0, pagination: initialPagination() };
  return commentsState.byPost[postId];
}

/** "Load more comments": the next page by shortcode, appended without duplicates. */
export async function loadMoreComments(postId: string, shortcode: string): Promise<void> {
  const entry = entryFor(postId);
  if (entry.pagination.isFetching) return;
  pageStarted(entry.pagination);
  try {
    const page = await fetchComments(shortcode, entry.pagination.endCursor);
    const ids = storeComments(page.edges.map((e) => e.node));
    const known = new Set(entry.commentIds);
    entry.commentIds.push(...ids.filter((id) => !known.has(id)));
    entry.count = page.count;
    pageLoaded(entry.pagination, page.page_info);
  } catch (error) {
    pageFailed(entry.pagination, entry.commentIds.length);
    if (isAbortError(error)) return;
    showToast({
      text: "Couldn't load comments.",
      actionText: 'Retry',
      onAction: () => void loadMoreComments(postId, shortcode),
    });
  }
}

/** Adds a comment; resolves true when it was posted. Failure: a toast whose Retry resends. */
export async function addComment(postId: string, text: string, author: WireUser): Promise<boolean> {
  try {
    const added = await addCommentRequest(postId, text);
    commentsState.byId[added.id] = {
      id: added.id,
      postedAt: added.created_time,
      text: added.text,
      userId: author.id,
      owner: author,
      deleted: false,
    };
    const entry = entryFor(postId);
    entry.commentIds.push(added.id);
    entry.count += 1;
    return true;
  } catch (error) {
    showToast({
      text: serverMessage(error) ?? "Couldn't post comment.",
      actionText: 'Retry',
      onAction: () => void addComment(postId, text, author),
    });
    return false;
  }
}

/** Marks the comment deleted and lowers the count at once; a failure restores both. */
export async function deleteComment(postId: string, commentId: string): Promise<void> {
  const comment = commentsState.byId[commentId];
  if (!comment || comment.deleted) return;
  const entry = entryFor(postId);
  comment.deleted = true;
  entry.count = Math.max(0, entry.count - 1);
  try {
    await deleteCommentRequest(postId, commentId);
  } catch (error) {
    comment.deleted = false;
    entry.count += 1;
    showToast({ text: serverMessage(error) ?? "Couldn't delete comment." });
  }
}

/** Test helper. */
export function resetCommentsState(): void {
  commentsState.byId = {};
  commentsState.byPost = {};
}
