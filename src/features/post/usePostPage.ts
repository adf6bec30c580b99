import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { postsState, type PostPageResource } from '../../state/posts';
import { loadPostPage } from '../../state/postsActions';

/**
 * Loads the post for /p/{shortcode}/ or /p/{mediaId}/ (page or modal) and returns its resource. A
 * post already loaded under its media id (a neighbour the modal loaded ahead) shows at once while
 * it is fetched again.
 */
export function usePostPage(shortcode: string): PostPageResource {
  const snap = useSnapshot(postsState);
  useEffect(() => {
    const controller = new AbortController();
    void loadPostPage(shortcode, controller.signal);
    return () => controller.abort();
  }, [shortcode]);
  const page = snap.pages[shortcode];
  if (page?.status !== 'ready' && page?.status !== 'error' && shortcode in snap.byId) {
    return { status: 'ready', id: shortcode };
  }
  return page ?? { status: 'loading' };
}
