// The story tray's one action, kept apart from ./storiesActions so the home page's tray loads
// without the viewer's code (reel items, navigation, seen markers).
import { fetchReelsTray } from '../api/stories';
import {
  nowSeconds,
  pruneExpired,
  rankTray,
  reelFromTray,
  storiesState,
  type Reel,
} from './stories';

let trayRequest: Promise<void> | null = null;

/** Loads (or refreshes) the tray: reels merged over what is known, ranked, expired ones pruned. */
export function loadTray(viewerId: string): Promise<void> {
  if (trayRequest) return trayRequest;
  if (storiesState.tray.status !== 'ready') storiesState.tray = { status: 'loading' };
  trayRequest = (async () => {
    try {
      const nodes = await fetchReelsTray();
      const reels: Record<string, Reel> = {};
      for (const node of nodes) reels[node.id] = reelFromTray(node, storiesState.reels[node.id]);
      const ranked = rankTray(
        nodes.map((n) => n.id),
        reels,
        viewerId,
      );
      storiesState.reels = reels;
      storiesState.trayReelIds = pruneExpired(ranked, reels, nowSeconds());
      storiesState.tray = { status: 'ready' };
    } catch (error) {
      console.error('Reels tray failure', error);
      storiesState.tray = { status: 'error', error };
    } finally {
      trayRequest = null;
    }
  })();
  return trayRequest;
}

/** Test helper (through resetStoriesState): no tray request in flight. */
export function forgetTrayRequest(): void {
  trayRequest = null;
}
