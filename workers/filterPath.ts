/**
 * Which path grades an export on this device: the worker's WebGL2 (filter.frag) or the CPU
 * (workers/cpuGrade.ts: WebAssembly SIMD, or the JavaScript twin shaders/filter/cpu.ts where it
 * cannot load), both the same maths within 2/255. Under a software renderer
 * (SwiftShader, llvmpipe) WebGL is the CPU too, and most of its cost is getting the pixels into
 * and out of the emulated GPU; on a real GPU it is nearly free. Neither wins everywhere, so the
 * first graded export of each program variant measures both on the middle quarter of its frame
 * (its own uniforms; a warm-up round, then the best of three for each: about 100–200 ms, once) and
 * keeps the faster. The answer is stored in IndexedDB under the GPU's renderer string and the
 * browser, so every worker and every later visit on this device skips the measurement; a new
 * GPU, driver or browser measures again.
 */
import { filterVariant, type FilterUniforms, type FilterVariant } from '../shaders/filter';
import type { RgbaImage } from '../shaders/filter/cpu';
import { gradeOnCpu, loadWasmGrader } from './cpuGrade';
import { encodeFilteredWebgl, webglRenderer } from './filterGl';

export type FilterPath = 'webgl' | 'cpu';

export interface FilterPathChoice {
  path: FilterPath;
  variant: FilterVariant;
  /** UNMASKED_RENDERER_WEBGL (or RENDERER), '' without WebGL2. */
  gpu: string;
  /** The renderer is a software rasteriser (SwiftShader, llvmpipe, …). */
  software: boolean;
  /** Best calibration time of each path, ms (null: not measured). */
  webglMs: number | null;
  cpuMs: number | null;
  /** Where the answer came from this session. */
  source: 'measured' | 'stored' | 'no-webgl';
}

/** Bump when either path changes enough that old measurements no longer hold. */
const CALIBRATION_VERSION = 6;
const DB_NAME = 'glint-media';
const STORE = 'filter-path';
/** The calibration frame: a quarter of a 1080×810 export. */
const CAL_WIDTH = 540;
const CAL_HEIGHT = 405;
/**
 * Interleaved rounds, best of each path: the first pays the warm-up (shader compile, JIT) a
 * device pays once per worker, and the best of the rest skips a burst of other work (a
 * measurement under load flipped the choice with two rounds).
 */
const ROUNDS = 4;

const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|microsoft basic render/i;

const chosen = new Map<string, FilterPathChoice>();
const pending = new Map<string, Promise<FilterPathChoice>>();

function storeKey(gpu: string, kind: string): string {
  const browser = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return `${CALIBRATION_VERSION}|${kind}|${gpu}|${browser}`;
}

/**
 * What a choice is kept for: the program variant and the CPU engine this thread grades with (a
 * choice measured with the JavaScript twin says nothing of the WebAssembly grade, ≈ 3× faster,
 * and the reverse); for the twin, also whether the look's own vignette makes it grade every pixel
 * instead of every colour (a cost of another order).
 */
async function choiceKind(u: FilterUniforms): Promise<string> {
  if (await loadWasmGrader()) return `${filterVariant(u)}|wasm`;
  const perPixel = u.uFinish[0] !== 0 && u.uFinish[1] !== 0;
  return `${filterVariant(u)}${perPixel ? '+look-vignette' : ''}|js`;
}

/** Storage that does not answer within this (some browsers never call back) counts as none. */
const STORAGE_TIMEOUT_MS = 500;

/** `promise`, or null once `ms` pass without an answer. */
function within<T>(promise: Promise<T | null>, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    void promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      () => {
        clearTimeout(timer);
        resolve(null);
      },
    );
  });
}

function openDb(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  return new Promise<IDBDatabase | null>((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
      request.onblocked = () => resolve(null);
    } catch {
      resolve(null);
    }
  });
}

/** One read or write; storage that fails (private mode, quota) only costs a new measurement. */
async function withStore<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | null> {
  const opening = openDb();
  const db = await within(opening, STORAGE_TIMEOUT_MS);
  if (!db) {
    // A database that opens after all is closed then.
    void opening.then((late) => late?.close());
    return null;
  }
  try {
    const answer = new Promise<T | null>((resolve) => {
      const request = action(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(null);
    });
    return await within(answer, STORAGE_TIMEOUT_MS);
  } catch {
    return null;
  } finally {
    db.close();
  }
}

/**
 * The calibration frame: the middle 540×405 of the job's own frame when it is that big — the
 * CPU twin's cost depends on how many colours a photo has (shaders/filter/cpu.ts caches them),
 * which a synthetic frame gets wrong (a gradient with grain has a colour per pixel, a photo about
 * one per six) — or else a synthetic one.
 */
function calibrationFrame(sample?: RgbaImage): Uint8ClampedArray<ArrayBuffer> {
  if (sample && sample.width >= CAL_WIDTH && sample.height >= CAL_HEIGHT) {
    const frame = new Uint8ClampedArray(CAL_WIDTH * CAL_HEIGHT * 4);
    const left = (sample.width - CAL_WIDTH) >> 1;
    const top = (sample.height - CAL_HEIGHT) >> 1;
    for (let y = 0; y < CAL_HEIGHT; y += 1) {
      const from = ((top + y) * sample.width + left) * 4;
      frame.set(sample.data.subarray(from, from + CAL_WIDTH * 4), y * CAL_WIDTH * 4);
    }
    return frame;
  }
  return syntheticFrame();
}

/** Smooth gradients with some grain, so sharpen has detail to find. */
function syntheticFrame(): Uint8ClampedArray<ArrayBuffer> {
  const data = new Uint8ClampedArray(CAL_WIDTH * CAL_HEIGHT * 4);
  let seed = 12345;
  for (let y = 0, i = 0; y < CAL_HEIGHT; y += 1) {
    for (let x = 0; x < CAL_WIDTH; x += 1, i += 4) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const grain = (seed >>> 27) - 16;
      data[i] = (x * 255) / CAL_WIDTH + grain;
      data[i + 1] = (y * 255) / CAL_HEIGHT + grain;
      data[i + 2] = 128 + grain;
      data[i + 3] = 255;
    }
  }
  return data;
}

/** What an export pays after the frame is read: grade, then a JPEG of the graded pixels. */
async function timeWebgl(source: Uint8ClampedArray<ArrayBuffer>, u: FilterUniforms) {
  const start = performance.now();
  const blob = encodeFilteredWebgl({ data: source, width: CAL_WIDTH, height: CAL_HEIGHT }, u, 0.9);
  if (!blob) return null;
  await blob;
  return performance.now() - start;
}

async function timeCpu(
  source: Uint8ClampedArray<ArrayBuffer>,
  canvas: OffscreenCanvas,
  u: FilterUniforms,
) {
  const ctx = canvas.getContext('2d', { alpha: false, willReadFrequently: true });
  if (!ctx) return null;
  const start = performance.now();
  // As an export: the grade's own copy of the frame (the source stays for the next round).
  const image = { data: source.slice(), width: CAL_WIDTH, height: CAL_HEIGHT };
  await gradeOnCpu(image, u, 'auto', (graded) =>
    ctx.putImageData(new ImageData(graded, CAL_WIDTH, CAL_HEIGHT), 0, 0),
  );
  await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
  return performance.now() - start;
}

async function measure(
  u: FilterUniforms,
  variant: FilterVariant,
  gpu: string,
  sample?: RgbaImage,
): Promise<FilterPathChoice> {
  const source = calibrationFrame(sample);
  const canvas = new OffscreenCanvas(CAL_WIDTH, CAL_HEIGHT);
  let webglMs = Infinity;
  let cpuMs = Infinity;
  // A path that fails (a lost context, an encoder error) counts as never faster.
  const orNull = (timing: Promise<number | null>) => timing.catch(() => null);
  for (let round = 0; round < ROUNDS; round += 1) {
    const w = await orNull(timeWebgl(source, u));
    const c = await orNull(timeCpu(source, canvas, u));
    if (round === 0) continue;
    if (w !== null) webglMs = Math.min(webglMs, w);
    if (c !== null) cpuMs = Math.min(cpuMs, c);
  }
  const path: FilterPath = webglMs <= cpuMs ? 'webgl' : 'cpu';
  return {
    path,
    variant,
    gpu,
    software: SOFTWARE_RENDERER.test(gpu),
    webglMs: Number.isFinite(webglMs) ? webglMs : null,
    cpuMs: Number.isFinite(cpuMs) ? cpuMs : null,
    source: 'measured',
  };
}

async function decide(
  u: FilterUniforms,
  variant: FilterVariant,
  kind: string,
  sample?: RgbaImage,
): Promise<FilterPathChoice> {
  const gpu = webglRenderer();
  if (gpu === null) {
    const none = { path: 'cpu', variant, gpu: '', software: false, webglMs: null, cpuMs: null };
    return { ...none, source: 'no-webgl' } as FilterPathChoice;
  }
  const key = storeKey(gpu, kind);
  const stored = await withStore<FilterPathChoice | undefined>('readonly', (s) => s.get(key));
  if (stored && (stored.path === 'webgl' || stored.path === 'cpu')) {
    return { ...stored, source: 'stored' };
  }
  const measured = await measure(u, variant, gpu, sample);
  // Nothing measured (both paths failed): grade on the CPU this time, remember nothing.
  if (measured.webglMs === null && measured.cpuMs === null) return { ...measured, path: 'cpu' };
  await withStore('readwrite', (s) => s.put(measured, key));
  return measured;
}

/**
 * The faster path for these uniforms' program variant on this device, measured once (on the
 * middle of `sample`, the job's frame, when given) and then remembered. Concurrent callers share
 * one measurement.
 */
export async function chooseFilterPath(
  u: FilterUniforms,
  sample?: RgbaImage | (() => RgbaImage),
): Promise<FilterPathChoice> {
  const variant = filterVariant(u);
  const kind = await choiceKind(u);
  const known = chosen.get(kind);
  if (known) return known;
  let running = pending.get(kind);
  if (!running) {
    // A frame the caller reads only when it is needed (the export reads it in halves otherwise).
    const frame = typeof sample === 'function' ? sample() : sample;
    running = decide(u, variant, kind, frame).finally(() => pending.delete(kind));
    pending.set(kind, running);
  }
  const choice = await running;
  chosen.set(kind, choice);
  return choice;
}

/** What this session chose so far (the bench and the lab report it). */
export function filterPathChoices(): FilterPathChoice[] {
  return [...chosen.values()];
}

/** Forgets this session's and the stored choices (tests and the bench measure afresh). */
export async function forgetFilterPath(): Promise<void> {
  chosen.clear();
  await withStore('readwrite', (s) => s.clear());
}
