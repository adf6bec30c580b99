import { ImageSource, Texture, type Renderer, type WebGLRenderer } from 'pixi.js';

/** Avatars and other small pictures are always mipmapped (drawn far below their size). */
const SMALL_PICTURE = 256;

/**
 * A texture whose destroy also frees the decoded bitmap behind it. A story picture picks the
 * nearest mip level (not a blend of two): drawn at 0.8 of its size at rest it is then sampled from
 * the picture itself, as sharp as without mipmaps, and in a swipe's half-density buffer from the
 * level of about its drawn size (see addMipmaps).
 */
export function textureFromBitmap(bitmap: ImageBitmap, mipmaps: boolean): Texture {
  const source = new ImageSource({
    resource: bitmap,
    autoGenerateMipmaps: mipmaps,
    mipmapFilter: bitmap.height <= SMALL_PICTURE ? 'linear' : 'nearest',
  });
  source.once('destroy', () => bitmap.close());
  return new Texture({ source });
}

/**
 * Mipmaps only where a picture is drawn at less than half its size (`drawnHeight`, in device
 * pixels): generating them is a full downsampling pass per upload (slow in a software renderer),
 * and above half linear filtering is already clean — a phone's frame draws the story at about 0.8
 * of its pixels.
 */
export function needsMipmaps(bitmap: { height: number }, drawnHeight: number): boolean {
  if (bitmap.height <= SMALL_PICTURE) return true;
  return drawnHeight < bitmap.height / 2;
}

/**
 * Whether a picture drawn at `restHeight` device pixels at rest (and at `movingHeight` while a
 * finger moves it) should get mip levels on an idle frame: only when a swipe draws it at less than
 * half its size AND at rest it is drawn at more than 1/√2 of it — below that, sampling the nearest
 * level picks the half-size level at rest and the picture would go soft a moment after it shows.
 */
export function wantsIdleMipmaps(
  bitmap: { height: number },
  restHeight: number,
  movingHeight: number,
): boolean {
  return needsMipmaps(bitmap, movingHeight) && restHeight >= bitmap.height * Math.SQRT1_2;
}

/** Whether the texture already has mip levels (made at upload or by addMipmaps). */
export const hasMipmaps = (texture: Texture) => texture.source.mipLevelCount > 1;

/**
 * Gives an uploaded picture its mip levels afterwards (on an idle frame, not on a tap's path):
 * while a finger moves the story the buffer is half as dense, so a picture drawn at 0.8 of its
 * size at rest is drawn at 0.4 — sampled without mipmaps it shimmers as it slides.
 */
export function addMipmaps(renderer: Renderer, texture: Texture): void {
  const { source } = texture;
  if (source.destroyed || hasMipmaps(texture)) return;
  // WebGL1 (Pixi's fallback) has no mipmaps for sizes that are not powers of two: sampling them
  // would draw the picture black.
  const { supports } = (renderer as Partial<WebGLRenderer>).context ?? {};
  if (supports && !supports.nonPowOf2mipmaps && !source.isPowerOfTwo) return;
  renderer.texture.initSource(source);
  source.autoGenerateMipmaps = true;
  source.mipLevelCount = Math.floor(Math.log2(Math.max(source.pixelWidth, source.pixelHeight))) + 1;
  source.updateMipmaps();
  // The sampler's minification filter now uses the levels.
  source.emit('styleChange', source);
}
