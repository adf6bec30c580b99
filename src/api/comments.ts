// Comment calls (content §7): paging by shortcode, add and delete.
import { apiPost, type RequestOptions } from './client';
import { graphQuery, normalizeCursor } from './graph';
import type { Connection, WireComment } from './types';
import { COMMENTS_PAGE_SIZE } from '../lib/tokens';

const enc = encodeURIComponent;

/** The comment the add call answers with (the older REST shape, not the graph one). */
export interface AddedComment {
  id: string;
  created_time: number;
  text: string;
  from: { id: string; username: string; full_name: string; profile_picture: string };
}

/** Comments oldest first, 20 a page. */
export async function fetchComments(
  shortcode: string,
  after: string | null,
  opts?: RequestOptions,
): Promise<Connection<WireComment>> {
  const data = await graphQuery<{
    shortcode_media: { edge_media_to_comment: Connection<WireComment> };
  }>(
    'commentsByShortcode',
    { shortcode, first: COMMENTS_PAGE_SIZE, after: normalizeCursor(after) },
    opts,
  );
  return data.shortcode_media.edge_media_to_comment;
}

export function addCommentRequest(postId: string, text: string): Promise<AddedComment> {
  return apiPost<AddedComment>(`/web/comments/${enc(postId)}/add/`, { comment_text: text });
}

export function deleteCommentRequest(postId: string, commentId: string): Promise<unknown> {
  return apiPost(`/web/comments/${enc(postId)}/delete/${enc(commentId)}/`);
}
