import { useSnapshot } from 'valtio';
import type { WirePost } from '../../api/types';
import { postsState, viewOf, type PostView } from '../../state/posts';

/** A post from the store with its optimistic view, or null once it is gone (deleted). */
export function usePost(id: string): { post: WirePost; view: PostView } | null {
  const snap = useSnapshot(postsState);
  const post = snap.byId[id] as WirePost | undefined;
  if (!post) return null;
  return { post, view: viewOf(post, snap.overlay[id]) };
}
