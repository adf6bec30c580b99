import { showToast } from '../../state/toast';

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Shares a post's page: the system share sheet where the browser has one, else the link goes to
 * the clipboard with a "Link copied" toast. Closing the share sheet is not an error.
 */
export async function sharePost(shortcode: string): Promise<void> {
  const url = new URL(`/p/${shortcode}/`, window.location.origin).href;
  if (typeof navigator.share === 'function' && navigator.canShare?.({ url }) !== false) {
    try {
      await navigator.share({ url });
      return;
    } catch (error) {
      if (isAbort(error)) return;
      // Not allowed here (no user activation, a policy): copy the link instead.
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    showToast({ text: 'Link copied' });
  } catch {
    showToast({ text: "Couldn't copy the link." });
  }
}
