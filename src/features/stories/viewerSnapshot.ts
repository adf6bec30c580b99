// Store → what the Pixi viewer draws. Pure, so the mapping is tested without WebGL.
import type { StoryViewerSnapshot, ViewerReel } from '../../canvas/story/types';
import type { Reel, StoriesState } from '../../state/stories';

export function toViewerReel(reel: Reel): ViewerReel {
  return {
    id: reel.id,
    username: reel.user.username,
    avatarUrl: reel.user.profile_pic_url || null,
    items:
      reel.itemIds === null
        ? null
        : reel.items.map((item) => ({
            id: item.id,
            url: item.displayUrl,
            width: item.width,
            height: item.height,
            takenAt: item.takenAt,
            durationMs: item.durationMs,
            videoUrl: item.videoUrl,
          })),
  };
}

export function toViewerSnapshot(
  state: Pick<StoriesState, 'trayReelIds' | 'reels' | 'current' | 'paused' | 'muted'>,
): StoryViewerSnapshot {
  const ids = state.trayReelIds.filter((id) => state.reels[id] !== undefined);
  // A reel opened by URL but no longer in the tray still shows (alone).
  if (state.current && !ids.includes(state.current.reelId) && state.reels[state.current.reelId]) {
    ids.push(state.current.reelId);
  }
  return {
    reels: ids.map((id) => toViewerReel(state.reels[id])),
    reelIndex: state.current ? ids.indexOf(state.current.reelId) : -1,
    itemIndex: state.current?.itemIndex ?? null,
    paused: state.paused,
    muted: state.muted,
  };
}
