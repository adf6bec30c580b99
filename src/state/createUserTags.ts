/**
 * Tag people (the details step): who is in the photo and where, 0..1 from its left and top
 * edges, sent with Share as the configure call's `usertags`. A carousel's tags are placed on its
 * first photo. The server checks each person (active, no block either way) and tells them.
 */
import { photoCreation as session, type PendingUserTag } from './create';

/** People one post may tag (the server's MAX_USER_TAGS). */
export const MAX_USER_TAGS = 20;

const unit = (v: number) => Math.min(1, Math.max(0, Number.isFinite(v) ? v : 0.5));

/** Tags `username` at (x, y); someone already tagged moves there. False when the post is full. */
export function addUserTag(username: string, x: number, y: number): boolean {
  const tag: PendingUserTag = { username, x: unit(x), y: unit(y) };
  const at = session.userTags.findIndex((t) => t.username === username);
  if (at >= 0) {
    session.userTags[at] = tag;
    return true;
  }
  if (session.userTags.length >= MAX_USER_TAGS) return false;
  session.userTags.push(tag);
  return true;
}

export function removeUserTag(username: string): void {
  const at = session.userTags.findIndex((t) => t.username === username);
  if (at >= 0) session.userTags.splice(at, 1);
}
