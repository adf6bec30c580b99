/**
 * `window.glintLab` for the media pipeline: small building blocks that e2e tests and the bench
 * compose inside page.evaluate. Pixels stay in the page; only summaries cross to Node.
 */
import {
  MediaError,
  exportPhoto,
  filterPathChoices,
  forgetFilterPaths,
  inspectPhoto,
  mediaWorkerStatus,
  renderPhotoPixels,
  shutdownMediaWorkers,
  forceMainThreadMedia,
  type FilterRenderer,
  type PhotoEdits,
} from '../src/media/mediaClient';
import { FilterPreview, type PreviewPixels } from '../src/canvas/FilterPreview';
import {
  ADJUSTMENT_NAMES,
  FILTERS,
  FILTER_NAMES,
  type Adjustments,
  type FilterName,
} from '../shaders/filter';
import { applyFilterCpu } from '../shaders/filter/cpu';
import * as geometry from '../workers/geometry';
import { listJpegAppSegments } from '../workers/sniff';

export interface LabFailure {
  error: { code: string; name: string; message: string };
}
export type LabResult<T> = T | LabFailure;

export interface InspectSummary {
  type: string;
  width: number;
  height: number;
  orientation: number;
  gps: { latitude: number; longitude: number } | null;
  preview: ImageBitmap;
}

async function capture<T>(job: () => Promise<T>): Promise<LabResult<T>> {
  try {
    return await job();
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    return {
      error: {
        code: e instanceof MediaError ? e.code : 'unknown',
        name: e.name,
        message: e.message,
      },
    };
  }
}

let preview: Promise<FilterPreview> | null = null;

function filterPreview(): Promise<FilterPreview> {
  preview ??= FilterPreview.create().then((created) => {
    document.getElementById('preview')?.append(created.canvas);
    return created;
  });
  return preview;
}

export const glintLab = {
  filterNames: FILTER_NAMES,
  adjustmentNames: ADJUSTMENT_NAMES,
  geometry,

  async fetchFile(url: string): Promise<Blob> {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
    return response.blob();
  },

  blobFromBase64(base64: string, type = ''): Blob {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return new Blob([bytes], { type });
  },

  async blobToBase64(blob: Blob): Promise<string> {
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) {
      binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    }
    return btoa(binary);
  },

  inspect(file: Blob, signal?: AbortSignal): Promise<LabResult<InspectSummary>> {
    return capture(() => inspectPhoto(file, signal));
  },

  exportJpeg(file: Blob, edits: PhotoEdits, signal?: AbortSignal) {
    return capture(async () => {
      const { blob, width, height, renderer, helped } = await exportPhoto(file, edits, signal);
      const bytes = new Uint8Array(await blob.arrayBuffer());
      const appSegments = listJpegAppSegments(bytes);
      return { blob, width, height, renderer, helped, type: blob.type, appSegments };
    });
  },

  renderPixels(file: Blob, edits: PhotoEdits, renderer: FilterRenderer = 'auto') {
    return capture(() => renderPhotoPixels(file, edits, renderer));
  },

  /** The grading paths (WebGL or CPU) a media worker chose, and forgetting them. */
  filterPathChoices,
  forgetFilterPaths,

  /** Decodes (upright) and resizes with high quality onto white, for comparisons. */
  async imagePixels(source: Blob | ImageBitmap, width: number, height: number) {
    const bitmap = await createImageBitmap(source, {
      resizeWidth: width,
      resizeHeight: height,
      resizeQuality: 'high',
    });
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('2d context unavailable');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0);
    bitmap.close();
    return ctx.getImageData(0, 0, width, height).data;
  },

  pixelsToBitmap(pixels: Uint8ClampedArray, width: number, height: number): Promise<ImageBitmap> {
    return createImageBitmap(new ImageData(new Uint8ClampedArray(pixels), width, height));
  },

  /** Mean absolute difference over RGB, in 0..255 units. */
  meanAbsDiff(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
    if (a.length !== b.length) return Number.POSITIVE_INFINITY;
    let sum = 0;
    for (let i = 0; i < a.length; i += 4) {
      sum += Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]);
    }
    return sum / ((a.length / 4) * 3);
  },

  /** The largest difference of one RGB channel, and the share of channels more than 2 apart. */
  channelDiff(a: Uint8ClampedArray, b: Uint8ClampedArray): { worst: number; over2: number } {
    if (a.length !== b.length) return { worst: Number.POSITIVE_INFINITY, over2: 1 };
    let worst = 0;
    let over = 0;
    for (let i = 0; i < a.length; i += 1) {
      if (i % 4 === 3) continue;
      const d = Math.abs(a[i] - b[i]);
      if (d > worst) worst = d;
      if (d > 2) over += 1;
    }
    return { worst, over2: over / ((a.length / 4) * 3) };
  },

  /** Largest difference between a pixel's channels (0 for a black-and-white image). */
  maxChannelSpread(pixels: Uint8ClampedArray): number {
    let spread = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r, g, b] = [pixels[i], pixels[i + 1], pixels[i + 2]];
      spread = Math.max(spread, Math.max(r, g, b) - Math.min(r, g, b));
    }
    return spread;
  },

  cpuFilter(
    pixels: Uint8ClampedArray,
    width: number,
    height: number,
    name: FilterName,
    strength: number,
  ) {
    const data = new Uint8ClampedArray(pixels);
    return applyFilterCpu({ data, width, height }, FILTERS[name], strength).data;
  },

  /** Filter preview (Pixi, WebGL) of `crop` of `bitmap`, read back as RGBA. */
  async preview(
    bitmap: ImageBitmap,
    crop: geometry.Rect,
    rotationAngle: number,
    filterName: FilterName,
    strength: number,
    longSide?: number,
    edit: { adjustments?: Partial<Adjustments>; straighten?: number } = {},
  ): Promise<PreviewPixels> {
    const surface = await filterPreview();
    surface.setImage(bitmap, crop, rotationAngle, longSide, edit.straighten ?? 0);
    surface.setFilter(filterName, strength, edit.adjustments);
    return surface.readPixels();
  },

  async thumbnails(bitmap: ImageBitmap, size = 96) {
    const surface = await filterPreview();
    const map = await surface.renderThumbnails(bitmap, size);
    const thumbs = document.getElementById('thumbs');
    thumbs?.replaceChildren(...map.values());
    return [...map].map(([name, canvas]) => ({ name, width: canvas.width, height: canvas.height }));
  },

  workerStatus: mediaWorkerStatus,
  shutdownWorkers: shutdownMediaWorkers,
  forceMainThread: forceMainThreadMedia,
};

export type GlintLab = typeof glintLab;
