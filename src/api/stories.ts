// Stories calls (content §7): the reels tray, reels media by id and the seen marker. The story
// image bytes the viewer turns into textures come through ./storyMedia.
import { apiPost, type RequestOptions } from './client';
import { graphQuery } from './graph';
import type { ReelsMediaData, ReelsTrayData, StoryViewPayload, WireReel } from './storyTypes';

export type {
  ReelsMediaData,
  StoryViewPayload,
  WireReel,
  WireReelUser,
  WireStoryItem,
} from './storyTypes';

/** The tray's reels, ranked by the server (own reel first, unseen first, newest first). */
export async function fetchReelsTray(opts?: RequestOptions): Promise<WireReel[]> {
  const data = await graphQuery<ReelsTrayData>('reelsTray', {}, opts);
  return data.user.feed_reels_tray.edge_reels_tray_to_reel.edges.map((e) => e.node);
}

/** Items of up to REEL_BATCH_SIZE reels; reels the viewer can no longer watch are absent. */
export async function fetchReelsMedia(
  reelIds: readonly string[],
  opts?: RequestOptions,
): Promise<ReelsMediaData['reels_media']> {
  const data = await graphQuery<ReelsMediaData>(
    'reelsMedia',
    { reel_ids: reelIds, precomposed_overlay: false },
    opts,
  );
  return data.reels_media;
}

/** POST /stories/reel/seen with the story view payload of one item shown. */
export function postReelSeen(view: StoryViewPayload): Promise<unknown> {
  return apiPost<unknown>('/stories/reel/seen', {
    reelMediaId: view.reelMediaId,
    reelMediaOwnerId: view.reelMediaOwnerId,
    reelId: view.reelId,
    reelMediaTakenAt: view.reelMediaTakenAt,
    viewSeenAt: view.viewSeenAt,
  });
}
