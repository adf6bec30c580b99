// Store → what the Pixi viewer draws. Pure, so the mapping is tested without WebGL.
import type { StoryViewerSnapshot, ViewerItem, ViewerReel } from '../../canvas/story/types';
import type { WireStoryItem } from '../../api/storyTypes';
import type { Reel, StoriesState, StoryItem } from '../../state/stories';
import { startIndex, toStoryItem } from '../../state/storyViewerRules';
import { storyPictureUrl } from './storyPicture';

function toViewerItem(item: StoryItem): ViewerItem {
  return {
    id: item.id,
    // The size of the picture this screen needs (./storyPicture); the tray prefetched the same.
    url: item.isVideo ? item.displayUrl : storyPictureUrl(item),
    width: item.width,
    height: item.height,
    takenAt: item.takenAt,
    durationMs: item.durationMs,
    videoUrl: item.videoUrl,
    placeholder: item.placeholder ?? null,
  };
}

const coverOf = (reel: Reel, wire: WireStoryItem | null | undefined) =>
  wire ? toViewerItem(toStoryItem(wire, reel.userId)) : null;

export function toViewerReel(reel: Reel): ViewerReel {
  const loaded = reel.itemIds !== null;
  return {
    id: reel.id,
    username: reel.user.username,
    avatarUrl: reel.user.profile_pic_url || null,
    items: loaded ? reel.items.map(toViewerItem) : null,
    startIndex: loaded ? startIndex(reel) : 0,
    // Until the reel's items come, the tray's start item stands in (same id, same picture).
    cover: loaded ? null : coverOf(reel, reel.startItem),
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
