import sharp from 'sharp';
import type { AppContext } from '../context.ts';
import { HttpError } from '../http/errors.ts';
import { DISPLAY_SIZE, THUMBNAIL_SIZES, thumbnailKey } from './storage.ts';

// Server-side checks and derivatives of uploaded photos (DESIGN: "uploaded JPEGs are checked (real
// JPEG, sane dimensions), metadata stripped, thumbnails made"). Shared by posts, stories, avatars.

export type ImageProblem = 'not_jpeg' | 'unreadable' | 'too_large' | 'too_small';

/** A rejected photo; a 400 answered as {"status":"fail","message":…} by the error handler. */
export class InvalidImageError extends HttpError {
  constructor(
    readonly problem: ImageProblem,
    message: string,
  ) {
    super(400, message);
    this.name = 'InvalidImageError';
  }
}

export interface JpegLimits {
  /** Smallest allowed side in pixels. 100 keeps the 150 px thumbnail from being a blurry blow-up. */
  minSide: number;
  /** Largest allowed long side (posts are exported at 1080, content spec §9). */
  maxLongSide: number;
}

export const POST_LIMITS: JpegLimits = { minSide: 100, maxLongSide: DISPLAY_SIZE };

export interface JpegInfo {
  /** Upright size (after the EXIF orientation, if any, is applied). */
  width: number;
  height: number;
}

export const NOT_JPEG_MESSAGE = 'The photo must be a JPEG image.';
export const UNREADABLE_MESSAGE = 'The photo could not be read.';

const isSoi = (buf: Buffer) =>
  buf.length > 3 && buf[0] === 0xff && buf[1] === 0xd8 && buf[2] === 0xff;

/** The EOI marker ends the file; a few padding bytes after it (some encoders add them) are fine. */
function hasEoi(buf: Buffer): boolean {
  let end = buf.length;
  while (end > 2 && (buf[end - 1] === 0x00 || buf[end - 1] === 0x0a || buf[end - 1] === 0x0d)) {
    end -= 1;
  }
  return buf[end - 2] === 0xff && buf[end - 1] === 0xd9;
}

/**
 * Accepts only a real, complete JPEG of sane size: the SOI/EOI markers, sharp's format sniffing,
 * then a full decode (a truncated or corrupt scan fails there, not in the browser of a viewer).
 * Dimensions are checked before decoding so a huge image is never decompressed.
 */
export async function inspectJpeg(
  buf: Buffer,
  limits: JpegLimits = POST_LIMITS,
): Promise<JpegInfo> {
  if (!isSoi(buf)) throw new InvalidImageError('not_jpeg', NOT_JPEG_MESSAGE);
  let meta: sharp.Metadata;
  try {
    meta = await sharp(buf).metadata();
  } catch {
    throw new InvalidImageError('unreadable', UNREADABLE_MESSAGE);
  }
  if (meta.format !== 'jpeg') throw new InvalidImageError('not_jpeg', NOT_JPEG_MESSAGE);
  if (!hasEoi(buf) || !meta.width || !meta.height) {
    throw new InvalidImageError('unreadable', UNREADABLE_MESSAGE);
  }
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  if (Math.max(width, height) > limits.maxLongSide) {
    throw new InvalidImageError(
      'too_large',
      `The photo is larger than ${limits.maxLongSide} pixels.`,
    );
  }
  if (Math.min(width, height) < limits.minSide) {
    throw new InvalidImageError(
      'too_small',
      `The photo must be at least ${limits.minSide} pixels on each side.`,
    );
  }
  try {
    await sharp(buf, { failOn: 'truncated' }).stats();
  } catch {
    throw new InvalidImageError('unreadable', UNREADABLE_MESSAGE);
  }
  return { width, height };
}

/**
 * Re-encodes upright with NO metadata: sharp drops EXIF/XMP/IPTC (GPS included) unless
 * withMetadata/keepExif is asked for, and converts other colour spaces (CMYK, ICC) to sRGB.
 */
export async function cleanJpeg(buf: Buffer, quality = 90): Promise<{ data: Buffer } & JpegInfo> {
  const { data, info } = await sharp(buf)
    .rotate()
    .toColourspace('srgb')
    .jpeg({ quality })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** A square, centre-cropped thumbnail (thumbnail_resources). */
export function squareThumbnail(buf: Buffer, size: number): Promise<Buffer> {
  return sharp(buf)
    .resize(size, size, { fit: 'cover', position: 'centre' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export const postMediaKey = (postId: string) => `p/${postId}/${DISPLAY_SIZE}.jpg`;

/**
 * Stores a post's display image (`p/<postId>/1080.jpg`, same size as uploaded, metadata
 * stripped) and its square thumbnails. Call inspectJpeg first.
 */
export async function storePostImages(
  ctx: Pick<AppContext, 'storage'>,
  postId: string,
  buf: Buffer,
): Promise<{ mediaKey: string; width: number; height: number }> {
  const mediaKey = postMediaKey(postId);
  const clean = await cleanJpeg(buf);
  await ctx.storage.put(mediaKey, clean.data);
  for (const size of THUMBNAIL_SIZES) {
    await ctx.storage.put(thumbnailKey(mediaKey, size), await squareThumbnail(clean.data, size));
  }
  return { mediaKey, width: clean.width, height: clean.height };
}

/** Removes a post's display image and thumbnails (missing files are ignored). */
export async function removePostImages(
  ctx: Pick<AppContext, 'storage'>,
  mediaKey: string,
): Promise<void> {
  await ctx.storage.remove(mediaKey);
  for (const size of THUMBNAIL_SIZES) await ctx.storage.remove(thumbnailKey(mediaKey, size));
}
