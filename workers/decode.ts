/**
 * Reading and decoding a picked file: content sniffing, size limits before decode, a complete-file
 * check, and an upright decode with a time guard so no input can hang the pipeline.
 */
import { MediaError } from './mediaErrors';
import {
  isSupportedType,
  jpegIsComplete,
  readHeaderSize,
  sniffType,
  type SupportedType,
} from './sniff';

/** Refuse before decoding: decoding more would risk running the tab out of memory. */
export const MAX_PIXELS = 120_000_000;
export const MAX_SIDE = 16384;
/** A decode that takes longer than this is treated as failed (the job must never hang). */
export const DECODE_TIMEOUT_MS = 30_000;

export interface CheckedFile {
  bytes: Uint8Array;
  type: SupportedType;
}

export async function readAndCheck(file: Blob): Promise<CheckedFile> {
  if (file.size === 0) throw new MediaError('empty_file');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!isSupportedType(type)) throw new MediaError('unsupported_type');
  const size = readHeaderSize(bytes, type);
  if (!size || size.width < 1 || size.height < 1) throw new MediaError('decode_failed');
  if (size.width > MAX_SIDE || size.height > MAX_SIDE || size.width * size.height > MAX_PIXELS) {
    throw new MediaError('too_large');
  }
  // Browsers paint a truncated file's missing part grey instead of failing: refuse it instead.
  if (type === 'image/jpeg' && !jpegIsComplete(bytes)) throw new MediaError('decode_failed');
  if (type === 'image/png' && !pngHasEnd(bytes)) throw new MediaError('decode_failed');
  return { bytes, type };
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

/**
 * Decodes upright. Chromium applies the EXIF orientation itself (imageOrientation 'from-image'),
 * so the pipeline never rotates by EXIF again.
 */
export async function decodeUpright(file: Blob): Promise<ImageBitmap> {
  const bitmap = await withTimeout(
    createImageBitmap(file, { imageOrientation: 'from-image' }),
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
