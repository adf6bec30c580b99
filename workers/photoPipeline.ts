/**
 * The photo pipeline's jobs. Thread-agnostic: media.worker.ts exposes them, and the main thread
 * runs them directly when a worker cannot start. Edits are non-destructive: every export is
 * rendered again from the original file.
 */
import {
  EXPORT_JPEG_QUALITY,
  exportLongSide,
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
import { decodeAtScale, decodeJpegWithin, mayHaveAlpha, readAndCheck } from './decode';
import { MediaError } from './mediaErrors';
import { returnFrameCanvas, takeFrameCanvas, type FrameCanvas } from './frameCanvas';
import type { SupportedType } from './sniff';
import { encodeFilteredWebgl, renderFilterWebgl } from './filterGl';
import { straightenZoom } from './straighten';
import { chooseFilterPath } from './filterPath';
import {
  clampStraighten,
  isFilterName,
  isIdentity,
  namedFilterUniforms,
  normaliseAdjustments,
  type Adjustments,
  type FilterName,
  type FilterUniforms,
} from '../shaders/filter';
import type { RgbaImage } from '../shaders/filter/cpu';
import { gradeCanvasOnCpu, gradeHalvesOnCpu, gradeOnCpu, type CpuEngine } from './cpuGrade';
import { SPLIT_MIN_ROWS, releaseHelper, splitChoice } from './gradeSplit';

/** The preview handed to the crop and style steps never exceeds this long side. */
export const PREVIEW_LONG_SIDE = 2048;
/**
 * A large JPEG's preview is its DCT-scaled decode when an eighth of the photo lands between this
 * and PREVIEW_LONG_SIDE (12 MP: 2024 px); otherwise it is resized down to PREVIEW_LONG_SIDE.
 */
export const PREVIEW_MIN_LONG_SIDE = 1536;

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
  /** The Edit tab's adjustments, applied after the filter; missing ones are 0. */
  adjustments?: Partial<Adjustments>;
  /** Straighten, clockwise degrees −45..45, after the quarter turn; the frame stays filled. */
  straighten?: number;
  /** Long side of the export, default 1080, kept within 1..4096 (exportLongSide). */
  size?: number;
  /** JPEG quality, default EXPORT_JPEG_QUALITY. */
  quality?: number;
  /**
   * Which path grades a look or an adjustment: 'auto' (default) the one this device measured
   * faster (filterPath.ts); 'webgl' or 'cpu' force one (bench and tests).
   */
  renderer?: FilterRenderer;
  /**
   * Which engine grades on the CPU: 'auto' (default) WebAssembly SIMD where it loads, else the
   * JavaScript twin; 'wasm' or 'js' force one (bench and tests).
   */
  cpuEngine?: CpuEngine;
}

export type FilterRenderer = 'auto' | 'webgl' | 'cpu';
export type { CpuEngine };

export interface RenderedPixels {
  pixels: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
  /** Which path graded the pixels ('none' for Normal or strength 0 without adjustments). */
  renderer: 'webgl' | 'cpu' | 'none';
  /** On the CPU path, which engine graded them. */
  engine?: 'wasm' | 'js';
}

export interface ExportedPhoto {
  blob: Blob;
  width: number;
  height: number;
  /** Which path graded it ('none': Normal without adjustments, the frame as it is). */
  renderer?: RenderedPixels['renderer'];
  engine?: RenderedPixels['engine'];
  /** True when the pool's other worker graded half of the frame (workers/gradeSplit.ts). */
  helped?: boolean;
}

export async function inspectPhoto(file: Blob): Promise<InspectedPhoto> {
  const checked = await readAndCheck(file);
  // exifr reads JPEG and PNG (eXIf); WebP metadata is ignored. Read before a decode takes the
  // bytes.
  const metadata =
    checked.type === 'image/webp'
      ? { orientation: 1, gps: null }
      : await readPhotoMetadata(checked.bytes);
  const { width, height } = checked.size;
  const { bitmap, fullSize } =
    (await decodeJpegWithin(checked, PREVIEW_LONG_SIDE, PREVIEW_MIN_LONG_SIDE)) ??
    (await decodeAtScale(file, checked, PREVIEW_LONG_SIDE / Math.max(width, height)));
  const previewSize = fitWithin(bitmap, PREVIEW_LONG_SIDE);
  let preview = bitmap;
  if (previewSize.width !== bitmap.width || previewSize.height !== bitmap.height) {
    // No crop rectangle here: with one, Chromium ignores resizeQuality.
    preview = await createImageBitmap(bitmap, {
      resizeWidth: previewSize.width,
      resizeHeight: previewSize.height,
      resizeQuality: 'high',
    });
    bitmap.close();
  }
  if (mayHaveAlpha(checked.type)) preview = flattenBitmap(preview);
  return { type: checked.type, ...fullSize, ...metadata, preview };
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

/**
 * Decode (DCT-scaled when it can) → crop, resize and quarter-turn in one high-quality draw onto
 * white, on the thread's kept frame canvas. One scaled drawImage resamples like
 * createImageBitmap's 'high' resize (the same PSNR against a Lanczos reference, 35.5 dB on the
 * Pixel photo) in under half the time, and it keeps the EXIF orientation Chromium holds on the
 * decoded bitmap.
 */
async function renderGeometry(
  file: Blob,
  crop: Rect,
  angle: RightAngle,
  longSide: number,
  straighten: number,
): Promise<FrameCanvas> {
  const checked = await readAndCheck(file);
  // The crop is in upright full-size pixels; this is the least scale the decode may have.
  const wanted = fitLongSide(rotatedSize(crop, angle), longSide);
  const zoom = straightenZoom(rotatedSize(crop, angle), straighten);
  const needed =
    (Math.max(wanted.width, wanted.height) * zoom) / Math.max(crop.width, crop.height, 1);
  const source = await decodeAtScale(file, checked, needed);
  const region = clampRect(crop, source.fullSize);
  const output = fitLongSide(rotatedSize(region, angle), longSide);
  const unrotated: Size = isQuarterTurn(angle)
    ? { width: output.height, height: output.width }
    : output;
  const scaled = clampRect(scaleRect(region, source.scaleX, source.scaleY), source.bitmap);
  const frame = takeFrameCanvas(output);
  try {
    const { ctx } = frame;
    // White shows through transparent PNG/WebP areas (as in the preview) and covers the last job.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, output.width, output.height);
    ctx.imageSmoothingQuality = 'high';
    // Quarter turns about the centre map pixel centres onto pixel centres: no extra resampling.
    // Straighten adds its small turn and the zoom that keeps the frame filled.
    ctx.translate(output.width / 2, output.height / 2);
    ctx.rotate(((angle + straighten) * Math.PI) / 180);
    if (zoom !== 1) ctx.scale(zoom, zoom);
    ctx.drawImage(
      source.bitmap,
      scaled.x,
      scaled.y,
      scaled.width,
      scaled.height,
      -unrotated.width / 2,
      -unrotated.height / 2,
      unrotated.width,
      unrotated.height,
    );
    return frame;
  } catch (error) {
    returnFrameCanvas(frame);
    throw error;
  } finally {
    source.bitmap.close();
  }
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

interface PreparedExport {
  /** Taken from frameCanvas.ts: hand it back once its pixels are read. */
  frame: FrameCanvas;
  uniforms: FilterUniforms;
  /** No look and no adjustment: the frame is encoded as it is. */
  identity: boolean;
}

async function prepareExport(file: Blob, edits: PhotoEdits): Promise<PreparedExport> {
  const angle = assertRightAngle(edits.rotationAngle);
  if (!isFilterName(edits.filterName)) {
    throw new MediaError('encode_failed', `Unknown filter "${String(edits.filterName)}".`);
  }
  const straighten = clampStraighten(edits.straighten ?? 0);
  const longSide = exportLongSide(edits.size);
  const frame = await renderGeometry(file, edits.crop, angle, longSide, straighten);
  const adjustments = normaliseAdjustments(edits.adjustments);
  const uniforms = namedFilterUniforms(edits.filterName, edits.strength, adjustments);
  return { frame, uniforms, identity: isIdentity(uniforms) };
}

/**
 * The path that grades these uniforms: the forced one, or this device's faster one (measured on
 * the job's own pixels the first time).
 */
async function gradingPath(
  renderer: FilterRenderer,
  uniforms: FilterUniforms,
  pixels: RgbaImage | (() => RgbaImage),
) {
  return renderer === 'auto' ? (await chooseFilterPath(uniforms, pixels)).path : renderer;
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
  const { frame, uniforms, identity } = await prepareExport(file, edits);
  const pixels = readCanvas(frame.canvas);
  returnFrameCanvas(frame);
  const { width, height } = pixels;
  if (identity) return { pixels: pixels.data, width, height, renderer: 'none' };
  if ((await gradingPath(renderer, uniforms, pixels)) === 'webgl') {
    const gpu = renderFilterWebgl(pixels, uniforms);
    if (gpu) return { pixels: gpu, width, height, renderer: 'webgl' };
    if (renderer === 'webgl') throw new MediaError('encode_failed', 'WebGL2 is not available.');
  }
  // A view of the module's memory is only good until the next grade: keep a copy.
  const engine = await gradeOnCpu(pixels, uniforms, edits.cpuEngine ?? 'auto', (graded) => {
    if (graded !== pixels.data) pixels.data.set(graded);
  });
  return { pixels: pixels.data, width, height, renderer: 'cpu', engine };
}

/**
 * A port to the pool's idle worker, lent for one job (gradeSplit.ts): taken by the CPU grade, or
 * released when the job ends without one.
 */
class LentHelper {
  constructor(private port: MessagePort | undefined) {}

  take(): MessagePort | undefined {
    const port = this.port;
    this.port = undefined;
    return port;
  }

  release(): void {
    const port = this.take();
    if (port) releaseHelper(port);
  }
}

/** Renders the edits from the original file and encodes a JPEG without any metadata. */
export async function exportPhoto(
  file: Blob,
  edits: PhotoEdits,
  peer?: MessagePort,
): Promise<ExportedPhoto> {
  const helper = new LentHelper(peer);
  try {
    return await exportWith(file, edits, helper);
  } finally {
    helper.release();
  }
}

async function exportWith(file: Blob, edits: PhotoEdits, helper: LentHelper) {
  const prepared = await prepareExport(file, edits);
  const { frame } = prepared;
  const { width, height } = frame.canvas;
  const quality = Math.min(1, Math.max(0, edits.quality ?? EXPORT_JPEG_QUALITY));
  // Canvas encoders never write EXIF, so camera metadata (GPS included) cannot leak.
  const graded = await encodeGraded(frame.canvas, prepared, quality, edits, helper)
    .catch((error: unknown) => {
      throw error instanceof MediaError ? error : new MediaError('encode_failed');
    })
    .finally(() => returnFrameCanvas(frame));
  return { ...graded, width, height };
}

/**
 * Grades and encodes the frame. Normal without adjustments encodes the frame's canvas as it is.
 * Otherwise the frame's pixels go either to WebGL2, whose canvas ran the filter shader and is
 * encoded, or through the CPU grade (WebAssembly SIMD, else the JavaScript twin) and back onto
 * the frame's canvas: this device's faster path (filterPath.ts), the CPU whenever WebGL2 is
 * missing.
 */
async function encodeGraded(
  frame: OffscreenCanvas,
  { uniforms, identity }: Omit<PreparedExport, 'frame'>,
  quality: number,
  { renderer = 'auto', cpuEngine = 'auto' }: Pick<PhotoEdits, 'renderer' | 'cpuEngine'>,
  helper: LentHelper,
): Promise<Pick<ExportedPhoto, 'blob' | 'renderer' | 'engine' | 'helped'>> {
  const options = { type: 'image/jpeg', quality };
  if (identity) return { blob: await frame.convertToBlob(options), renderer: 'none' };
  const ctx = context2d(frame);
  const { width, height } = frame;
  // The whole frame is read only when something needs it: a split grade reads it in halves.
  let whole: RgbaImage | null = null;
  const pixels = () => (whole ??= readCanvas(frame));
  if ((await gradingPath(renderer, uniforms, pixels)) === 'webgl') {
    const gpu = encodeFilteredWebgl(pixels(), uniforms, quality);
    if (gpu) return { blob: await gpu, renderer: 'webgl' };
    if (renderer === 'webgl') throw new MediaError('encode_failed', 'WebGL2 is not available.');
  }
  // The WebAssembly grade's pixels are written back from the module's memory, with no copy (a
  // split grade's lower half from the buffer the helper sent back).
  const put = (graded: Uint8ClampedArray<ArrayBuffer>, y: number) =>
    ctx.putImageData(new ImageData(graded, width, graded.length / (4 * width)), 0, y);
  const peer = helper.take();
  // With a helper at hand, split or not is chosen by measurement (gradeSplit.ts SplitChoice).
  const choosing = !!peer && !whole && cpuEngine !== 'js' && height >= SPLIT_MIN_ROWS;
  // The drawing is flushed first (the resize runs here), so that the time taken below is only
  // the read, grade and write-back that the choice compares.
  if (choosing) ctx.getImageData(0, 0, 1, 1);
  const split = choosing && splitChoice.split(uniforms);
  const start = performance.now();
  const took = () => {
    if (choosing) splitChoice.record(uniforms, split, performance.now() - start, width * height);
  };
  if (split && peer) {
    const read = (y: number, count: number) => ctx.getImageData(0, y, width, count).data;
    const halves = await gradeHalvesOnCpu(frame, uniforms, peer, read, put);
    if (halves) {
      took();
      const blob = await frame.convertToBlob(options);
      return { blob, renderer: 'cpu', engine: 'wasm', helped: halves === 'helped' };
    }
  } else if (peer) {
    releaseHelper(peer);
  }
  if (!whole && (await gradeCanvasOnCpu(frame, uniforms, cpuEngine, put))) {
    if (!split) took();
    return { blob: await frame.convertToBlob(options), renderer: 'cpu', engine: 'wasm' };
  }
  const engine = await gradeOnCpu(pixels(), uniforms, cpuEngine, put);
  if (!split) took();
  return { blob: await frame.convertToBlob(options), renderer: 'cpu', engine };
}
