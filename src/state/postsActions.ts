// Post actions beyond like and save (content §4 "Post actions"): delete and report, from the post
// menu, and the post page's loading. Kept out of ./posts, which every feed card needs.
import { deletePostRequest, fetchPost, reportPostRequest } from '../api/posts';
import { RequestError, isAbortError, serverMessage } from '../api/client';
import { notifyPostDeleted, postsState, upsertPosts } from './posts';
import { showToast } from './toast';

// ── Delete / report ───────────────────────────────────────────────────────────────────────────

/** Deletes the viewer's post. Failure: a toast with Retry. `onDeleted` runs after any success. */
export async function deletePost(id: string, onDeleted?: () => void): Promise<boolean> {
  if (postsState.deleting[id]) return false;
  postsState.deleting[id] = true;
  try {
    await deletePostRequest(id);
  } catch (error) {
    delete postsState.deleting[id];
    showToast({
      text: serverMessage(error) ?? "Couldn't delete the post.",
      actionText: 'Retry',
      onAction: () => void deletePost(id, onDeleted),
    });
    return false;
  }
  delete postsState.deleting[id];
  const shortcode = postsState.byId[id]?.shortcode;
  delete postsState.byId[id];
  delete postsState.overlay[id];
  if (shortcode) postsState.pages[shortcode] = { status: 'error', notFound: true };
  notifyPostDeleted(id);
  onDeleted?.();
  return true;
}

export async function reportPost(id: string): Promise<boolean> {
  try {
    await reportPostRequest(id);
    showToast({ text: 'Thanks for reporting this post.' });
    return true;
  } catch (error) {
    showToast({ text: serverMessage(error) ?? "Couldn't send your report. Try again." });
    return false;
  }
}

// ── Post page ─────────────────────────────────────────────────────────────────────────────────

export async function loadPostPage(shortcode: string, signal?: AbortSignal): Promise<void> {
  const current = postsState.pages[shortcode];
  if (current?.status !== 'ready') postsState.pages[shortcode] = { status: 'loading' };
  try {
    const post = await fetchPost(shortcode, { signal });
    upsertPosts([post], 'page');
    postsState.pages[shortcode] = { status: 'ready', id: post.id };
    // Opened by media id, the page moves to /p/{shortcode}/: the post is ready there too, so the
    // move shows no loading state while that address fetches it again.
    if (post.shortcode !== shortcode && postsState.pages[post.shortcode]?.status !== 'ready') {
      postsState.pages[post.shortcode] = { status: 'ready', id: post.id };
    }
  } catch (error) {
    if (isAbortError(error)) return;
    const notFound = error instanceof RequestError && error.statusCode === 404;
    // A post already on screen stays there when a refresh fails.
    if (current?.status === 'ready' && !notFound) {
      postsState.pages[shortcode] = current;
      return;
    }
    postsState.pages[shortcode] = { status: 'error', notFound };
  }
}
