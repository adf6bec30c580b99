// Tags on posts: a tagged member removes their own tag ("Remove me from post").
import { apiPost } from './client';

/** POST /web/usertags/{id}/remove/ → the viewer is no longer tagged in the post. */
export function removeOwnTagRequest(postId: string): Promise<unknown> {
  return apiPost(`/web/usertags/${encodeURIComponent(postId)}/remove/`);
}
