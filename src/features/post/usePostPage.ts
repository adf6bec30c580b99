import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { postsState, type PostPageResource } from '../../state/posts';
import { loadPostPage } from '../../state/postsActions';

/** Loads the post for /p/{shortcode}/ (page or modal) and returns its resource. */
export function usePostPage(shortcode: string): PostPageResource {
  const snap = useSnapshot(postsState);
  useEffect(() => {
    const controller = new AbortController();
    void loadPostPage(shortcode, controller.signal);
    return () => controller.abort();
  }, [shortcode]);
  return snap.pages[shortcode] ?? { status: 'loading' };
}
