// Post calls (content §7): like, save, delete, report, the post itself and its likers.
import { apiPost, type RequestOptions } from './client';
import { graphQuery, normalizeCursor } from './graph';
import type { Connection, WirePost, WireUser } from './types';
import { LIKERS_PAGE_SIZE } from '../lib/tokens';

const enc = encodeURIComponent;

export function setPostLiked(postId: string, liked: boolean): Promise<unknown> {
  return apiPost(`/web/likes/${enc(postId)}/${liked ? 'like' : 'unlike'}/`);
}

export function setPostSaved(postId: string, saved: boolean): Promise<unknown> {
  return apiPost(`/web/save/${enc(postId)}/${saved ? 'save' : 'unsave'}/`);
}

export function deletePostRequest(postId: string): Promise<unknown> {
  return apiPost(`/create/${enc(postId)}/delete/`);
}

/**
 * What an edit changes (issue 19); a field left undefined keeps its value. `location`: a venue as
 * JSON (geoTagField), or '' to remove the place; `accessibilityCaption` '' returns to the
 * generated description. `children`: alt text per carousel photo.
 */
export interface PostEditFields {
  caption?: string;
  accessibilityCaption?: string;
  location?: string;
  children?: { id: string; accessibility_caption: string }[];
  /** The people tagged, as the `usertags` field (userTagsList); replaces them all. */
  usertags?: string;
}

/** POST /create/{id}/edit/ (beside the spec's /create/{id}/delete/) → the edited post. */
export async function editPostRequest(postId: string, fields: PostEditFields): Promise<WirePost> {
  const body = await apiPost<{ media: WirePost }>(`/create/${enc(postId)}/edit/`, {
    caption: fields.caption,
    accessibility_caption: fields.accessibilityCaption,
    location: fields.location,
    children: fields.children ? JSON.stringify(fields.children) : undefined,
    usertags: fields.usertags,
  });
  return body.media;
}

export function reportPostRequest(postId: string): Promise<unknown> {
  return apiPost(`/media/${enc(postId)}/flag/`);
}

/** The post page's post: the first 20 comments (oldest first) and 10 likers. */
export async function fetchPost(shortcode: string, opts?: RequestOptions): Promise<WirePost> {
  const data = await graphQuery<{ shortcode_media: WirePost }>(
    'postByShortcode',
    { shortcode },
    opts,
  );
  return data.shortcode_media;
}

/** Likers of a post, 10 a page, newest like first. */
export async function fetchLikers(
  shortcode: string,
  after: string | null,
  opts?: RequestOptions,
): Promise<Connection<WireUser>> {
  const data = await graphQuery<{ shortcode_media: { edge_liked_by: Connection<WireUser> } }>(
    'likersByShortcode',
    { shortcode, first: LIKERS_PAGE_SIZE, after: normalizeCursor(after) },
    opts,
  );
  return data.shortcode_media.edge_liked_by;
}
