/**
 * The floor of the photo export, measured in a worker like the pipeline itself: a full upright
 * decode alone, and a JPEG encode alone of an already-resized image at the export size.
 */
import { expose } from 'comlink';
import { decodeHeif } from '../workers/heif';

let encodeSource: ImageBitmap | null = null;

const floorApi = {
  async decode(file: Blob): Promise<{ width: number; height: number }> {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  },

  /** A full HEIC decode to RGBA with the pipeline's libheif (Chromium cannot decode HEIC). */
  async decodeHeic(file: Blob): Promise<{ width: number; height: number }> {
    const { width, height } = await decodeHeif(file, Infinity);
    return { width, height };
  },

  /** Untimed setup for encode(): the input resized to the export size. */
  async prepareEncode(file: Blob, width: number, height: number): Promise<void> {
    encodeSource?.close();
    const full = await createImageBitmap(file, { imageOrientation: 'from-image' });
    encodeSource = await createImageBitmap(full, {
      resizeWidth: width,
      resizeHeight: height,
      resizeQuality: 'high',
    });
    full.close();
  },

  async encode(quality: number): Promise<number> {
    if (!encodeSource) throw new Error('prepareEncode first');
    const canvas = new OffscreenCanvas(encodeSource.width, encodeSource.height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('2d context unavailable');
    ctx.drawImage(encodeSource, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
    return blob.size;
  },
};

export type FloorApi = typeof floorApi;
expose(floorApi);
