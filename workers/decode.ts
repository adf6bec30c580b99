/**
 * Reading and decoding a picked file: content sniffing, size limits before decode, a complete-file
 * check, and an upright decode with a time guard so no input can hang the pipeline.
 */
import { MediaError } from './mediaErrors';
import type { Size } from './geometry';
import {
  isSupportedType,
  jpegIsComplete,
  readHeaderSize,
  sniffType,
  type SupportedType,
} from './sniff';
import { readIrotDegrees } from './isobmff';

/** Refuse before decoding: decoding more would risk running the tab out of memory. */
export const MAX_PIXELS = 120_000_000;
export const MAX_SIDE = 16384;
/** A decode that takes longer than this is treated as failed (the job must never hang). */
export const DECODE_TIMEOUT_MS = 30_000;

export interface CheckedFile {
  bytes: Uint8Array;
  type: SupportedType;
  /** As stored, before any EXIF orientation (HEIF: after its irot, which is not EXIF). */
  size: Size;
}

export async function readAndCheck(file: Blob): Promise<CheckedFile> {
  if (file.size === 0) throw new MediaError('empty_file');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!isSupportedType(type)) throw new MediaError('unsupported_type');
  const size = readHeaderSize(bytes, type);
  if (!size || size.width < 1 || size.height < 1) throw new MediaError('decode_failed');
  // A HEIF's ispe is the size before its irot: a quarter turn swaps the sides.
  const turned = (type === 'image/heic' || type === 'image/avif') && readIrotDegrees(bytes) % 180;
  if (size.width > MAX_SIDE || size.height > MAX_SIDE || size.width * size.height > MAX_PIXELS) {
    throw new MediaError('too_large');
  }
  // Browsers paint a truncated file's missing part grey instead of failing: refuse it instead.
  if (type === 'image/jpeg' && !jpegIsComplete(bytes)) throw new MediaError('decode_failed');
  if (type === 'image/png' && !pngHasEnd(bytes)) throw new MediaError('decode_failed');
  return { bytes, type, size: turned ? { width: size.height, height: size.width } : size };
}

function pngHasEnd(bytes: Uint8Array): boolean {
  const tail = bytes.subarray(Math.max(0, bytes.length - 64));
  return String.fromCharCode(...tail).includes('IEND');
}

export function withTimeout<T>(work: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const guard = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(onTimeout()), ms);
  });
  return Promise.race([work, guard]).finally(() => clearTimeout(timer));
}

/** HEIC through libheif's WebAssembly build, downloaded the first time one is decoded. */
async function decodeHeifBitmap(file: Blob): Promise<ImageBitmap> {
  const { decodeHeif } = await import('./heif');
  return createImageBitmap(await decodeHeif(file, MAX_PIXELS));
}

/**
 * Decodes upright. Chromium applies the EXIF orientation of JPEG, PNG and WebP itself
 * (imageOrientation 'from-image') and AVIF's irot/imir boxes; libheif applies HEIC's. The
 * pipeline never rotates by EXIF again. A GIF decodes to its first frame.
 */
export async function decodeUpright(file: Blob): Promise<ImageBitmap> {
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const decoding =
    sniffType(head) === 'image/heic'
      ? decodeHeifBitmap(file)
      : createImageBitmap(file, { imageOrientation: 'from-image' });
  const bitmap = await withTimeout(
    decoding,
    DECODE_TIMEOUT_MS,
    () => new MediaError('decode_failed'),
  ).catch((error: unknown) => {
    throw error instanceof MediaError ? error : new MediaError('decode_failed');
  });
  if (bitmap.width < 1 || bitmap.height < 1) {
    bitmap.close();
    throw new MediaError('decode_failed');
  }
  return bitmap;
}

/** Types that may carry transparency; JPEG export flattens them onto white like the preview. */
export function mayHaveAlpha(type: SupportedType): boolean {
  return type !== 'image/jpeg';
}

/** A decoded, upright photo and the factor from upright full-size pixels to its pixels. */
export interface ScaledSource {
  bitmap: ImageBitmap;
  /** Upright size of the full-resolution photo. */
  fullSize: Size;
  scaleX: number;
  scaleY: number;
}

/** libjpeg decodes at n/8 of the stored size (scaled IDCT), n = 1..8. */
const DCT_DENOMINATOR = 8;

/**
 * The DCT scale for a job that needs `scale` × the full size. It decodes at about twice the
 * output (never below it) so the resize that follows is a ≈ 2:1 step, which Chromium's
 * mipmapped 'high' resampling does well; between 1:1 and 2:1 it aliases (measured: 31.6 dB
 * against a Lanczos reference at 3/8 of a 12 MP photo, 37.7 dB at 4/8).
 */
export function dctScaleNumerator(scale: number): number {
  if (!(scale > 0) || scale >= 0.5) return DCT_DENOMINATOR;
  const atLeast = Math.ceil(DCT_DENOMINATOR * scale - 1e-9);
  return Math.min(DCT_DENOMINATOR, Math.max(atLeast, Math.round(2 * DCT_DENOMINATOR * scale)));
}

/**
 * Chromium's ImageDecoder picks the largest n/8 whose decoded area fits desiredWidth ×
 * desiredHeight, and hands back the frame with its EXIF orientation, which createImageBitmap
 * applies. Asking for (n + ½)/8 makes the pick exactly n. Null when ImageDecoder is missing.
 */
async function decodeJpegAtScale(
  checked: CheckedFile,
  numerator: number,
): Promise<ImageBitmap | null> {
  if (typeof ImageDecoder === 'undefined') return null;
  const factor = (numerator + 0.5) / DCT_DENOMINATOR;
  const decoder = new ImageDecoder({
    data: checked.bytes,
    // Hand the bytes over instead of copying 4 MB: callers read everything they need from them
    // (type, size, EXIF) before decoding, and a failed decode falls back to the file.
    transfer: [checked.bytes.buffer as ArrayBuffer],
    type: 'image/jpeg',
    desiredWidth: Math.ceil(checked.size.width * factor),
    desiredHeight: Math.ceil(checked.size.height * factor),
  });
  try {
    const { image } = await decoder.decode();
    try {
      return await createImageBitmap(image);
    } finally {
      image.close();
    }
  } finally {
    decoder.close();
  }
}

/**
 * The largest numerator n whose n/8 decode keeps the long side within `maxLongSide` and at
 * least `minLongSide`; 0 when no eighth lands in that range (decoders round sizes up).
 */
export function dctNumeratorWithin(
  longSide: number,
  maxLongSide: number,
  minLongSide: number,
): number {
  for (let n = DCT_DENOMINATOR - 1; n >= 1; n -= 1) {
    const decoded = Math.ceil((longSide * n) / DCT_DENOMINATOR);
    if (decoded <= maxLongSide) return decoded >= minLongSide ? n : 0;
  }
  return 0;
}

/** A JPEG decoded at n/8 through ImageDecoder, or null when that is unavailable or comes out wrong. */
async function scaledJpeg(
  checked: CheckedFile,
  numerator: number,
  minScale: number,
): Promise<ScaledSource | null> {
  const bitmap = await withTimeout(
    decodeJpegAtScale(checked, numerator),
    DECODE_TIMEOUT_MS,
    () => new MediaError('decode_failed'),
  ).catch(() => null);
  if (!bitmap) return null;
  const stored = checked.size;
  // EXIF orientations 5–8 swap the sides; the decoded bitmap is already upright.
  const swapped =
    stored.width !== stored.height && stored.width > stored.height !== bitmap.width > bitmap.height;
  const fullSize = swapped ? { width: stored.height, height: stored.width } : { ...stored };
  const scaleX = bitmap.width / fullSize.width;
  const scaleY = bitmap.height / fullSize.height;
  if (scaleX >= minScale && scaleY >= minScale && scaleX <= 1 && scaleY <= 1) {
    return { bitmap, fullSize, scaleX, scaleY };
  }
  bitmap.close();
  return null;
}

/**
 * Decodes upright at no less than `scale` × the full size: JPEGs through DCT scaling when that
 * saves work (a 12 MP photo for a 1080 px export decodes at half size, ~40 % faster), anything
 * else, or a scaled decode that came out unexpected, at full size.
 */
export async function decodeAtScale(
  file: Blob,
  checked: CheckedFile,
  scale: number,
): Promise<ScaledSource> {
  const numerator = dctScaleNumerator(scale);
  if (checked.type === 'image/jpeg' && numerator < DCT_DENOMINATOR) {
    const scaled = await scaledJpeg(checked, numerator, scale);
    if (scaled) return scaled;
  }
  const bitmap = await decodeUpright(file);
  return { bitmap, fullSize: { width: bitmap.width, height: bitmap.height }, scaleX: 1, scaleY: 1 };
}

/**
 * Decodes a JPEG straight to a size between `minLongSide` and `maxLongSide` when an eighth of
 * it lands there, so no resize follows (a 12 MP photo's 2048 px preview: a 4/8 decode, 2024 px,
 * about three times faster than a full decode and a resize). Null otherwise.
 */
export async function decodeJpegWithin(
  checked: CheckedFile,
  maxLongSide: number,
  minLongSide: number,
): Promise<ScaledSource | null> {
  if (checked.type !== 'image/jpeg') return null;
  const longSide = Math.max(checked.size.width, checked.size.height);
  if (longSide <= maxLongSide) return null;
  const numerator = dctNumeratorWithin(longSide, maxLongSide, minLongSide);
  return numerator ? scaledJpeg(checked, numerator, minLongSide / longSide) : null;
}
