// Comment actions (content §4 "Comments", §8): a successful add appends; delete marks the comment
// deleted and lowers the count at once, and a failure restores both; a failed add shows a toast
// with Retry. Kept out of ./comments so pages load them only when a member acts.
import { addCommentRequest, deleteCommentRequest, fetchComments } from '../api/comments';
import { isAbortError, serverMessage } from '../api/client';
import type { WireUser } from '../api/types';
import { commentsState, storeComments, type PostComments } from './comments';
import { initialPagination, pageFailed, pageLoaded, pageStarted } from './paging';
import { showToast } from './toast';
import { pagePrefetch } from '../lib/pagePrefetch';
import { COMMENTS_PRELOAD_PAGES } from '../lib/tokens';

function entryFor(postId: string): PostComments {
  commentsState.byPost[postId] ??= { commentIds: [], count: 0, pagination: initialPagination() };
  return commentsState.byPost[postId];
}

/** The comment feed preloads 1 page (content §9): "Load more comments" shows it at once. */
const preloaded = pagePrefetch<Awaited<ReturnType<typeof fetchComments>>>(COMMENTS_PRELOAD_PAGES);

/** Fetches the page after the shown comments ahead of "Load more comments". */
export function preloadComments(postId: string, shortcode: string): void {
  const { pagination } = entryFor(postId);
  if (!pagination.hasNextPage || pagination.isFetching) return;
  preloaded.warm(postId, pagination.endCursor, (cursor) => fetchComments(shortcode, cursor));
}

/** "Load more comments": the next page by shortcode, appended without duplicates. */
export async function loadMoreComments(postId: string, shortcode: string): Promise<void> {
  const entry = entryFor(postId);
  if (entry.pagination.isFetching) return;
  const cursor = entry.pagination.endCursor;
  pageStarted(entry.pagination);
  try {
    const load = (after: string) => fetchComments(shortcode, after);
    const page = await (cursor === null
      ? fetchComments(shortcode, null)
      : preloaded.take(postId, cursor, load));
    const ids = storeComments(page.edges.map((e) => e.node));
    const known = new Set(entry.commentIds);
    entry.commentIds.push(...ids.filter((id) => !known.has(id)));
    entry.count = page.count;
    pageLoaded(entry.pagination, page.page_info);
    preloadComments(postId, shortcode);
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
