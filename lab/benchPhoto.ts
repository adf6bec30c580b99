/**
 * Photo-export contenders for the bench, all producing a JPEG whose long side is 1080 from the
 * full frame of a picked file: Glint's worker pipeline, browser-image-compression 2 in worker
 * mode (libURL = a same-origin copy, so it never reaches for a CDN), a naive main-thread canvas,
 * and the floor pieces (decode alone, encode alone).
 */
import imageCompression from 'browser-image-compression';
import bicLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url';
import { wrap } from 'comlink';
import {
  exportPhoto,
  filterPathChoices,
  forgetFilterPaths,
  inspectPhoto,
  type FilterPathChoice,
  type FilterRenderer,
  type PhotoEdits,
} from '../src/media/mediaClient';
import type { FilterName } from '../shaders/filter';
import { EXPORT_JPEG_QUALITY, EXPORT_LONG_SIDE } from '../workers/geometry';
import type { FloorApi } from './benchFloor.worker';
import { blobToBase64, timed } from './benchTiming';

/** Every contender encodes at Glint's export quality and long side. */
export const EXPORT_QUALITY = EXPORT_JPEG_QUALITY;
export const LONG_SIDE = EXPORT_LONG_SIDE;

export type PhotoContender =
  | 'glint-normal'
  | 'glint-filter'
  | 'glint-filter-webgl'
  | 'glint-filter-cpu'
  | 'glint-filter-cpu-js'
  | 'glint-adjusted'
  | 'glint-adjusted-webgl'
  | 'glint-adjusted-cpu'
  | 'glint-adjusted-cpu-js'
  | 'glint-inspect'
  | 'heic-decode'
  | 'bic-worker'
  | 'naive-canvas'
  | 'floor-decode'
  | 'floor-encode';

export interface PhotoJob {
  contender: PhotoContender;
  file: string;
  /** Upright size of the input. */
  width: number;
  height: number;
  filterName: FilterName;
  /** Send the output bytes back (for PSNR in Node). */
  withOutput: boolean;
}

export interface PhotoSample {
  ms: number;
  longTaskMs: number;
  bytes: number;
  width: number;
  height: number;
  output: string | null;
  /** browser-image-compression only: the result came from its worker, not the main thread. */
  inWorker: boolean | null;
  /** Glint exports: which path graded the photo ('none' for Normal). */
  renderer: string | null;
}

/** The media workers' grading-path choices, after the bench forgot the stored ones. */
export async function filterPaths(): Promise<FilterPathChoice[]> {
  return filterPathChoices();
}

/** The next graded export measures the device again, as on a first visit. */
export async function forgetPaths(): Promise<void> {
  await forgetFilterPaths();
}

// browser-image-compression falls back to the main thread without a word when its worker fails;
// counting the worker's result messages proves which path produced each output.
let bicWorkerResults = 0;
const NativeWorker = window.Worker;
window.Worker = class CountingWorker extends NativeWorker {
  constructor(url: string | URL, options?: WorkerOptions) {
    super(url, options);
    if (String(url).startsWith('blob:')) {
      this.addEventListener('message', (e: MessageEvent<{ file?: Blob }>) => {
        if (e.data && e.data.file instanceof Blob) bicWorkerResults += 1;
      });
    }
  }
};

let floor: ReturnType<typeof wrap<FloorApi>> | null = null;
function floorWorker() {
  floor ??= wrap<FloorApi>(
    new Worker(new URL('./benchFloor.worker.ts', import.meta.url), { type: 'module' }),
  );
  return floor;
}

function exportSize(width: number, height: number) {
  const scale = Math.min(1, LONG_SIDE / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

async function naiveCanvas(file: File): Promise<Blob> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const size = exportSize(img.naturalWidth, img.naturalHeight);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('2d context unavailable');
    ctx.drawImage(img, 0, 0, size.width, size.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('toBlob failed'))),
        'image/jpeg',
        EXPORT_QUALITY,
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function imageSize(blob: Blob): Promise<{ width: number; height: number }> {
  const bitmap = await createImageBitmap(blob);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return size;
}

/** Every adjustment on, at a moderate value. */
const BENCH_ADJUSTMENTS = {
  brightness: 10,
  contrast: 10,
  saturation: 10,
  warmth: 10,
  fade: 10,
  highlights: -10,
  shadows: 10,
  vignette: 20,
  sharpen: 20,
};

export async function prepareFloor(file: File, width: number, height: number): Promise<void> {
  const size = exportSize(width, height);
  await floorWorker().prepareEncode(file, size.width, size.height);
}

export async function runPhotoJob(file: File, job: PhotoJob): Promise<PhotoSample> {
  const edits = {
    crop: { x: 0, y: 0, width: job.width, height: job.height },
    rotationAngle: 0,
    strength: 1,
    quality: EXPORT_QUALITY,
  };
  const workerResultsBefore = bicWorkerResults;
  let blob: Blob | null = null;
  let bytes = 0;
  let previewSize: { width: number; height: number } | null = null;
  let renderer: string | null = null;
  const glint = async (
    extra: Pick<PhotoEdits, 'filterName' | 'adjustments'>,
    path: FilterRenderer = 'auto',
    cpuEngine: PhotoEdits['cpuEngine'] = 'auto',
  ) => {
    const exported = await exportPhoto(file, { ...edits, ...extra, renderer: path, cpuEngine });
    renderer = exported.engine
      ? `${exported.renderer}:${exported.engine}`
      : (exported.renderer ?? null);
    return exported.blob;
  };
  // The same look with every adjustment of the Edit tab on (issue 19's "with the adjustments
  // on"), sharpen included: the costliest program variant.
  const adjusted = { filterName: job.filterName, adjustments: BENCH_ADJUSTMENTS };
  const t = await timed(async () => {
    switch (job.contender) {
      case 'glint-normal':
        blob = await glint({ filterName: 'normal' });
        break;
      case 'glint-filter':
        blob = await glint({ filterName: job.filterName });
        break;
      case 'glint-filter-webgl':
        blob = await glint({ filterName: job.filterName }, 'webgl');
        break;
      case 'glint-filter-cpu':
        blob = await glint({ filterName: job.filterName }, 'cpu', 'wasm');
        break;
      case 'glint-adjusted':
        blob = await glint(adjusted);
        break;
      case 'glint-adjusted-webgl':
        blob = await glint(adjusted, 'webgl');
        break;
      case 'glint-adjusted-cpu':
        blob = await glint(adjusted, 'cpu', 'wasm');
        break;
      // The JavaScript twin beside the WebAssembly grade the CPU path uses (issue 19 item 5).
      case 'glint-filter-cpu-js':
        blob = await glint({ filterName: job.filterName }, 'cpu', 'js');
        break;
      case 'glint-adjusted-cpu-js':
        blob = await glint(adjusted, 'cpu', 'js');
        break;
      case 'heic-decode':
        // A new Blob each run: the pipeline keeps its last HEIC decode for the same Blob.
        await floorWorker().decodeHeic(new Blob([file]));
        break;
      case 'glint-inspect': {
        // What picking a photo costs before the crop step can draw it.
        const { preview } = await inspectPhoto(file);
        previewSize = { width: preview.width, height: preview.height };
        preview.close();
        break;
      }
      case 'bic-worker':
        blob = await imageCompression(file, {
          maxWidthOrHeight: LONG_SIDE,
          useWebWorker: true,
          libURL: new URL(bicLibUrl, location.href).href,
          initialQuality: EXPORT_QUALITY,
        });
        break;
      case 'naive-canvas':
        blob = await naiveCanvas(file);
        break;
      case 'floor-decode':
        await floorWorker().decode(file);
        break;
      case 'floor-encode':
        bytes = await floorWorker().encode(EXPORT_QUALITY);
        break;
    }
  });
  const out = blob as Blob | null;
  const size = out ? await imageSize(out) : (previewSize ?? { width: 0, height: 0 });
  return {
    ms: t.ms,
    longTaskMs: t.longTaskMs,
    bytes: out ? out.size : bytes,
    ...size,
    output: out && job.withOutput ? await blobToBase64(out) : null,
    inWorker: job.contender === 'bic-worker' ? bicWorkerResults > workerResultsBefore : null,
    renderer,
  };
}
