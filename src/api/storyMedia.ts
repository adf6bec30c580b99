// The story image bytes the viewer turns into textures (content §7). Only the story viewer uses
// them, so they live apart from the tray's calls in ./stories.
import wretch from 'wretch';
import { RequestError, abortError, networkError } from './requestError';

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
