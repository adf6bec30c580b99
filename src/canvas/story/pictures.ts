import { ImageSource, Texture } from 'pixi.js';

/** A texture whose destroy also frees the decoded bitmap behind it. */
export function textureFromBitmap(bitmap: ImageBitmap, mipmaps: boolean): Texture {
  const source = new ImageSource({ resource: bitmap, autoGenerateMipmaps: mipmaps });
  source.once('destroy', () => bitmap.close());
  return new Texture({ source });
}

/** Avatars and other small pictures are always mipmapped (drawn far below their size). */
const SMALL_PICTURE = 256;

/**
 * Mipmaps only where a picture is drawn at less than half its size (`drawnHeight`, in device
 * pixels): generating them is a full downsampling pass per upload (slow in a software renderer),
 * and above half linear filtering is already clean — a phone's frame draws the story at about 0.8
 * of its pixels.
 */
export function needsMipmaps(bitmap: ImageBitmap, drawnHeight: number): boolean {
  if (bitmap.height <= SMALL_PICTURE) return true;
  return drawnHeight < bitmap.height / 2;
}
