// Comments per post (content §3 "Comment", §4 "Comments", §8): the store, filled from the posts
// that carry comments. Adding, deleting and loading more are in ./commentsActions, loaded when a
// member does one of them.
import { proxy } from 'valtio';
import type { Connection, WireComment, WireUser } from '../api/types';
import { initialPagination, pageLoaded, type Pagination } from './paging';

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

export function storeComments(list: WireComment[]): string[] {
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

/** Test helper. */
export function resetCommentsState(): void {
  commentsState.byId = {};
  commentsState.byPost = {};
}
