// Stories calls (content §7): the reels tray, reels media by id, the seen marker, and the story
// image bytes the viewer turns into textures.
import wretch from 'wretch';
import { apiPost, type RequestOptions } from './client';
import { graphQuery } from './graph';
import { RequestError, abortError, networkError } from './requestError';
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

/**
 * A story image decoded off the main thread: the bytes come through wretch (same-origin media),
 * and createImageBitmap decodes them so the viewer can upload a texture without a decode stall.
 */
export async function fetchStoryBitmap(
  url: string,
  signal?: AbortSignal,
  /** Raster size for vector images (square). */
  size = 150,
): Promise<ImageBitmap> {
  if (signal?.aborted) throw abortError();
  let blob: Blob;
  try {
    blob = await wretch(url, { credentials: 'same-origin', signal }).get().blob();
  } catch (e) {
    if (signal?.aborted) throw abortError();
    if (e instanceof wretch.WretchError) {
      throw new RequestError({
        code: 'http',
        statusCode: e.status,
        statusText: e.response.statusText,
        responseText: '',
        parsed: null,
      });
    }
    throw networkError('network', e instanceof Error ? e.message : 'Network error');
  }
  if (signal?.aborted) throw abortError();
  return blob.type === 'image/svg+xml' ? rasterizeSvg(blob, size) : createImageBitmap(blob);
}

/**
 * createImageBitmap cannot decode SVG blobs (the default avatar is one), and from an SVG <img>
 * without natural dimensions it returns a transparent bitmap: draw the <img> onto a canvas.
 */
async function rasterizeSvg(blob: Blob, size: number): Promise<ImageBitmap> {
  const objectUrl = URL.createObjectURL(blob);
  try {
    const img = new Image();
    img.src = objectUrl;
    await img.decode();
    const canvas = new OffscreenCanvas(size, size);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('2D canvas unavailable');
    ctx.drawImage(img, 0, 0, size, size);
    return canvas.transferToImageBitmap();
  } finally {
    URL.revokeObjectURL(objectUrl);
  }
}
