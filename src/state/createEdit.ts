/**
 * Editing a shared post (issue 19): caption, alt text and location, from the post's own menu. The
 * server validates as at configure; its answer replaces the edited fields of the post on screen.
 */
import { editPostRequest, type PostEditFields } from '../api/posts';
import { isAbortError, serverMessage } from '../api/client';
import { postsState } from './posts';
import { showToast } from './toast';

export const POST_UPDATED_TOAST = 'Your post has been updated.';
export const EDIT_FAILED_TEXT = "Your changes couldn't be saved. Try again.";

export type PostEditResult = { status: 'saved' } | { status: 'error'; error: string };

/** Sends the changes; on success the post everywhere it is shown takes the new values. */
export async function savePostEdit(
  postId: string,
  fields: PostEditFields,
): Promise<PostEditResult> {
  try {
    const media = await editPostRequest(postId, fields);
    const post = postsState.byId[postId];
    if (post) {
      post.caption = media.caption;
      post.caption_is_edited = media.caption_is_edited;
      post.accessibility_caption = media.accessibility_caption;
      post.accessibility_caption_is_custom = media.accessibility_caption_is_custom;
      post.location = media.location;
      if (media.edge_sidecar_to_children) {
        post.edge_sidecar_to_children = media.edge_sidecar_to_children;
      }
    }
    showToast({ text: POST_UPDATED_TOAST });
    return { status: 'saved' };
  } catch (error) {
    if (isAbortError(error)) return { status: 'error', error: EDIT_FAILED_TEXT };
    return { status: 'error', error: serverMessage(error) ?? EDIT_FAILED_TEXT };
  }
}
