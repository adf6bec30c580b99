import type { WireReel, WireStoryItem } from '../../../src/api/storyTypes';
import { reelFromTray, type Reel } from '../../../src/state/stories';
import { reelWithItems } from '../../../src/state/storyViewerRules';

export const NOW = 1_700_000_000;

export function wireItem(id: string, takenAt: number): WireStoryItem {
  return {
    id,
    __typename: 'GraphStoryImage',
    display_url: `/media/s/${id}/1080.jpg`,
    dimensions: { width: 1080, height: 1920 },
    taken_at_timestamp: takenAt,
    expiring_at_timestamp: takenAt + 86_400,
    is_video: false,
  };
}

/** A tray node for owner `id`; items taken at `times`. */
export function wireReel(id: string, times: number[], seen: number | null = null): WireReel {
  const latest = Math.max(...times);
  return {
    id,
    latest_reel_media: latest,
    expiring_at: latest + 86_400,
    seen,
    can_reply: true,
    muted: false,
    prefetch_count: times.length,
    ranked_position: 1,
    seen_ranked_position: 1,
    user: { id, username: `user_${id}`, profile_pic_url: `/media/a/${id}/150.jpg` },
    items: times.map((t, i) => wireItem(`${id}-${i}`, t)),
  };
}

/** A reel as the store holds it, items loaded unless `loaded` is false. */
export function reel(id: string, times: number[], seen: number | null = null, loaded = true): Reel {
  const wire = wireReel(id, times, seen);
  const base = reelFromTray({ ...wire, items: [] });
  return loaded ? reelWithItems(base, wire) : base;
}

export function byId(...reels: Reel[]): Record<string, Reel> {
  return Object.fromEntries(reels.map((r) => [r.id, r]));
}
