/**
 * The photo pipeline's jobs. Thread-agnostic: media.worker.ts exposes them, and the main thread
 * runs them directly when a worker cannot start. Edits are non-destructive: every export is
 * rendered again from the original file.
 */
import {
  EXPORT_JPEG_QUALITY,
  EXPORT_LONG_SIDE,
  assertRightAngle,
  clampRect,
  fitLongSide,
  fitWithin,
  isQuarterTurn,
  rotatedSize,
  type Rect,
  type RightAngle,
  type Size,
} from './geometry';
import { readPhotoMetadata, type GpsPosition } from './exif';
import { decodeAtScale, decodeUpright, mayHaveAlpha, readAndCheck } from './decode';
import { MediaError } from './mediaErrors';
import type { SupportedType } from './sniff';
import { renderFilterWebgl } from './filterGl';
import {
  FILTERS,
  applyFilterCpu,
  isFilterName,
  namedFilterUniforms,
  type FilterName,
  type RgbaImage,
} from '../shaders/filter';

/** The preview handed to the crop and style steps never exceeds this long side. */
export const PREVIEW_LONG_SIDE = 2048;

export interface InspectedPhoto {
  type: SupportedType;
  /** Upright size of the original. */
  width: number;
  height: number;
  orientation: number;
  gps: GpsPosition | null;
  /** Upright, opaque, long side ≤ PREVIEW_LONG_SIDE. */
  preview: ImageBitmap;
}

export interface PhotoEdits {
  /** In upright source pixels; applied before the rotation. */
  crop: Rect;
  /** Clockwise degrees, a multiple of 90. */
  rotationAngle: number;
  filterName: FilterName;
  /** 0..1 */
  strength: number;
  /** Long side of the export, default 1080. */
  size?: number;
  /** JPEG quality, default EXPORT_JPEG_QUALITY. */
  quality?: number;
}

export type FilterRenderer = 'auto' | 'webgl' | 'cpu';

export interface RenderedPixels {
  pixels: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
  /** Which path graded the pixels ('none' for Normal or strength 0). */
  renderer: 'webgl' | 'cpu' | 'none';
}

export interface ExportedPhoto {
  blob: Blob;
  width: number;
  height: number;
}

export async function inspectPhoto(file: Blob): Promise<InspectedPhoto> {
  const checked = await readAndCheck(file);
  // exifr reads JPEG and PNG (eXIf); WebP metadata is ignored.
  const metadata =
    checked.type === 'image/webp'
      ? { orientation: 1, gps: null }
      : await readPhotoMetadata(checked.bytes);
  const bitmap = await decodeUpright(file);
  const { width, height } = bitmap;
  const previewSize = fitWithin({ width, height }, PREVIEW_LONG_SIDE);
  let preview = bitmap;
  if (previewSize.width !== width || previewSize.height !== height) {
    // No crop rectangle here: with one, Chromium ignores resizeQuality.
    preview = await createImageBitmap(bitmap, {
      resizeWidth: previewSize.width,
      resizeHeight: previewSize.height,
      resizeQuality: 'high',
    });
    bitmap.close();
  }
  if (mayHaveAlpha(checked.type)) preview = flattenBitmap(preview);
  return { type: checked.type, width, height, ...metadata, preview };
}

/** Draws onto white so transparent PNG/WebP areas look the same in preview and export. */
function flattenBitmap(bitmap: ImageBitmap): ImageBitmap {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new MediaError('decode_failed');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, 0, 0);
  bitmap.close();
  return canvas.transferToImageBitmap();
}

/** Decode (DCT-scaled when it can) → crop → resize (high quality, no crop rect) → rotate onto white. */
async function renderGeometry(
  file: Blob,
  crop: Rect,
  angle: RightAngle,
  longSide: number,
): Promise<OffscreenCanvas> {
  const checked = await readAndCheck(file);
  // The crop is in upright full-size pixels; this is the least scale the decode may have.
  const wanted = fitLongSide(rotatedSize(crop, angle), longSide);
  const needed = Math.max(wanted.width, wanted.height) / Math.max(crop.width, crop.height, 1);
  const source = await decodeAtScale(file, checked, needed);
  const region = clampRect(crop, source.fullSize);
  const output = fitLongSide(rotatedSize(region, angle), longSide);
  const unrotated: Size = isQuarterTurn(angle)
    ? { width: output.height, height: output.width }
    : output;
  const scaled = clampRect(scaleRect(region, source.scaleX, source.scaleY), source.bitmap);
  const whole = scaled.width === source.bitmap.width && scaled.height === source.bitmap.height;
  // Cropping copies the bitmap: skip it for the full frame (the usual case).
  const cropped = whole
    ? source.bitmap
    : await createImageBitmap(source.bitmap, scaled.x, scaled.y, scaled.width, scaled.height);
  if (!whole) source.bitmap.close();
  let resized = cropped;
  if (unrotated.width !== scaled.width || unrotated.height !== scaled.height) {
    resized = await createImageBitmap(cropped, {
      resizeWidth: unrotated.width,
      resizeHeight: unrotated.height,
      resizeQuality: 'high',
    });
    cropped.close();
  }
  const canvas = new OffscreenCanvas(output.width, output.height);
  const ctx = context2d(canvas);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, output.width, output.height);
  // Quarter turns about the centre map pixel centres onto pixel centres: no resampling.
  ctx.translate(output.width / 2, output.height / 2);
  ctx.rotate((angle * Math.PI) / 180);
  ctx.drawImage(resized, -unrotated.width / 2, -unrotated.height / 2);
  resized.close();
  return canvas;
}

function scaleRect(rect: Rect, scaleX: number, scaleY: number): Rect {
  if (scaleX === 1 && scaleY === 1) return rect;
  return {
    x: rect.x * scaleX,
    y: rect.y * scaleY,
    width: rect.width * scaleX,
    height: rect.height * scaleY,
  };
}

function validateEdits(edits: PhotoEdits): RightAngle {
  const angle = assertRightAngle(edits.rotationAngle);
  if (!isFilterName(edits.filterName)) {
    throw new MediaError('encode_failed', `Unknown filter "${String(edits.filterName)}".`);
  }
  return angle;
}

interface RenderedExport {
  canvas: OffscreenCanvas;
  /** Graded pixels, or null when the canvas already holds the result (Normal, strength 0). */
  graded: RenderedPixels | null;
}

async function renderExport(
  file: Blob,
  edits: PhotoEdits,
  renderer: FilterRenderer,
): Promise<RenderedExport> {
  const angle = validateEdits(edits);
  const canvas = await renderGeometry(file, edits.crop, angle, edits.size ?? EXPORT_LONG_SIDE);
  const { width, height } = canvas;
  const uniforms = namedFilterUniforms(edits.filterName, edits.strength);
  const strength = uniforms.uFinish[1];
  if (strength === 0) return { canvas, graded: null };
  const gpu = renderer === 'cpu' ? null : renderFilterWebgl(canvas, uniforms);
  if (gpu) return { canvas, graded: { pixels: gpu, width, height, renderer: 'webgl' } };
  if (renderer === 'webgl') throw new MediaError('encode_failed', 'WebGL2 is not available.');
  const cpu = applyFilterCpu(readCanvas(canvas), FILTERS[edits.filterName], strength);
  return { canvas, graded: { pixels: cpu.data, width, height, renderer: 'cpu' } };
}

function context2d(canvas: OffscreenCanvas): OffscreenCanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new MediaError('encode_failed');
  return ctx;
}

function readCanvas(canvas: OffscreenCanvas): RgbaImage {
  const { width, height } = canvas;
  return { data: context2d(canvas).getImageData(0, 0, width, height).data, width, height };
}

/** The export's pixels before JPEG encoding (the lab's raw format; tests compare them). */
export async function renderPhotoPixels(
  file: Blob,
  edits: PhotoEdits,
  renderer: FilterRenderer = 'auto',
): Promise<RenderedPixels> {
  const { canvas, graded } = await renderExport(file, edits, renderer);
  if (graded) return graded;
  const { data, width, height } = readCanvas(canvas);
  return { pixels: data, width, height, renderer: 'none' };
}

/** Renders the edits from the original file and encodes a JPEG without any metadata. */
export async function exportPhoto(file: Blob, edits: PhotoEdits): Promise<ExportedPhoto> {
  const { canvas, graded } = await renderExport(file, edits, 'auto');
  if (graded) {
    const { pixels, width, height } = graded;
    context2d(canvas).putImageData(new ImageData(pixels, width, height), 0, 0);
  }
  const quality = Math.min(1, Math.max(0, edits.quality ?? EXPORT_JPEG_QUALITY));
  // Canvas encoders never write EXIF, so camera metadata (GPS included) cannot leak.
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality }).catch(() => {
    throw new MediaError('encode_failed');
  });
  return { blob, width: canvas.width, height: canvas.height };
}
