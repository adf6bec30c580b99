/**
 * The story jobs (DESIGN "Story"): fit the picked image upright to the 1080×1920 story canvas,
 * and encode the composer's finished frame as JPEG. Thread-agnostic like photoPipeline.ts:
 * mediaApi.ts exposes them in the media worker, and the main thread can run them directly.
 */
import { decodeUpright, mayHaveAlpha, readAndCheck } from './decode';
import { readPhotoMetadata, type GpsPosition } from './exif';
import { coverScale, type Size } from './geometry';
import { MediaError } from './mediaErrors';
import type { SupportedType } from './sniff';

/** The story canvas (content spec §9 STORY_CANVAS_WIDTH × STORY_CANVAS_HEIGHT). */
export const STORY_CANVAS: Readonly<Size> = { width: 1080, height: 1920 };
export const STORY_JPEG_QUALITY = 0.9;

export interface FittedStory {
  /** Upright, opaque, exactly the story canvas size, covered (centre crop). */
  bitmap: ImageBitmap;
  type: SupportedType;
  /** Upright size of the original. */
  width: number;
  height: number;
  /** EXIF orientation (1 when the file is not a JPEG: spec §5 reads EXIF from JPEG only). */
  orientation: number;
  gps: GpsPosition | null;
}

export interface CoverLayout {
  /** Size the whole image is resized to before cropping. */
  resized: Size;
  /** Top-left of the canvas inside the resized image (the centred crop). */
  crop: { x: number; y: number };
}

/**
 * "Cover" fit: the smallest whole-pixel size at which `image` fills `canvas`, and the centred
 * crop. Resizing happens on the whole image (no crop rectangle, so Chromium honours
 * resizeQuality 'high'); the crop is then a 1:1 copy that never resamples.
 */
export function storyCoverLayout(image: Size, canvas: Size = STORY_CANVAS): CoverLayout {
  const scale = coverScale(image, canvas);
  const resized = {
    width: Math.max(canvas.width, Math.round(image.width * scale)),
    height: Math.max(canvas.height, Math.round(image.height * scale)),
  };
  return {
    resized,
    crop: {
      x: Math.floor((resized.width - canvas.width) / 2),
      y: Math.floor((resized.height - canvas.height) / 2),
    },
  };
}

function context2d(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new MediaError('encode_failed');
  return ctx;
}

/** Reads the picked file and returns it upright, covering the 1080×1920 story canvas. */
export async function fitStory(file: Blob, canvas: Size = STORY_CANVAS): Promise<FittedStory> {
  const checked = await readAndCheck(file);
  const metadata =
    checked.type === 'image/jpeg'
      ? await readPhotoMetadata(checked.bytes)
      : { orientation: 1, gps: null };
  // createImageBitmap already applies the EXIF orientation: never rotate again here.
  const upright = await decodeUpright(file);
  const { width, height } = upright;
  const layout = storyCoverLayout(upright, canvas);
  let resized = upright;
  if (layout.resized.width !== width || layout.resized.height !== height) {
    resized = await createImageBitmap(upright, {
      resizeWidth: layout.resized.width,
      resizeHeight: layout.resized.height,
      resizeQuality: 'high',
    });
    upright.close();
  }
  const output = new OffscreenCanvas(canvas.width, canvas.height);
  const ctx = context2d(output);
  if (mayHaveAlpha(checked.type)) {
    // Transparent PNG/WebP areas become white, as they will in the JPEG.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
  }
  ctx.drawImage(resized, -layout.crop.x, -layout.crop.y);
  resized.close();
  return { bitmap: output.transferToImageBitmap(), type: checked.type, width, height, ...metadata };
}

/**
 * Encodes the composed story frame (the composer's 1080×1920 render) as a JPEG. Canvas encoders
 * write no EXIF, so nothing of the original file's metadata survives. A bitmap is closed.
 */
export async function encodeStory(
  image: ImageBitmap | ImageData,
  quality: number = STORY_JPEG_QUALITY,
): Promise<Blob> {
  const { width, height } = image;
  try {
    if (width !== STORY_CANVAS.width || height !== STORY_CANVAS.height) {
      throw new MediaError('encode_failed', 'A story frame must be 1080×1920 pixels.');
    }
    const canvas = new OffscreenCanvas(width, height);
    const ctx = context2d(canvas);
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, width, height);
    if ('data' in image) ctx.putImageData(image, 0, 0);
    else ctx.drawImage(image, 0, 0);
    const q = Math.min(1, Math.max(0, quality));
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: q }).catch(() => {
      throw new MediaError('encode_failed');
    });
  } finally {
    if (!('data' in image)) image.close();
  }
}
