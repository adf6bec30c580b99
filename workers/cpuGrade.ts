/**
 * The CPU path's grade: the WebAssembly SIMD build of the twin (wasm/grade.wasm, or
 * wasm/grade-relaxed.wasm where relaxed SIMD's fused multiply-add compiles; driven by
 * shaders/filter/wasmGrade.ts) where it loads, else the JavaScript twin (shaders/filter/cpu.ts);
 * all the same maths. The module (≈ 5 KB) is fetched by the thread that first grades on the
 * CPU — the media worker — never by a page's bundle. Compiling it needs 'wasm-unsafe-eval' in
 * script-src (server/http/securityHeaders.ts).
 */
import plainUrl from '../wasm/grade.wasm?url';
import relaxedUrl from '../wasm/grade-relaxed.wasm?url';
import { gradePixelsCpu, type RgbaImage } from '../shaders/filter/cpu';
import { hasRelaxedSimd, instantiateGrader, type WasmGrader } from '../shaders/filter/wasmGrade';
import type { FilterUniforms } from '../shaders/filter';
import { gradeSplit, releaseHelper, type PutRows, type ReadRows } from './gradeSplit';
import { canvasBands, readCanvasInto } from './frameRead';

/** 'wasm' or 'js' forces one engine (bench, tests); 'auto' the module when it loads. */
export type CpuEngine = 'auto' | 'wasm' | 'js';

let loading: Promise<WasmGrader | null> | null = null;

async function wasmBytes(wasmUrl: string): Promise<ArrayBuffer> {
  // A module under Vite's inline limit comes as a data: URL, which CSP's connect-src would refuse.
  const comma = wasmUrl.indexOf(',');
  if (wasmUrl.startsWith('data:') && wasmUrl.slice(0, comma).endsWith(';base64')) {
    const binary = atob(wasmUrl.slice(comma + 1));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
    return bytes.buffer;
  }
  const response = await fetch(wasmUrl);
  if (!response.ok) throw new Error(`grade.wasm: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function loadGrader(url: string): Promise<WasmGrader | null> {
  return instantiateGrader(await wasmBytes(url));
}

/**
 * The WebAssembly grader, loaded once per thread: the relaxed build where the probe validates,
 * the plain one where it does not or the relaxed one fails to load after all; null where neither
 * can run (no SIMD, CSP).
 */
export function loadWasmGrader(): Promise<WasmGrader | null> {
  const plain = () => loadGrader(plainUrl);
  loading ??= (hasRelaxedSimd() ? loadGrader(relaxedUrl).catch(() => null) : plain())
    .then((grader) => grader ?? (hasRelaxedSimd() ? plain() : null))
    .catch((error: unknown) => {
      console.warn('The WebAssembly grade is not available; grading in JavaScript.', error);
      return null;
    });
  return loading;
}

/**
 * Grades `image` with `u` on the CPU and hands the graded pixels to `put` (at row 0) in the same
 * synchronous step as the grade: the WebAssembly grade's pixels are a view of the module's
 * memory, which the next grade on this thread overwrites (two exports at once on the main-thread
 * fallback) or detaches (a larger frame grows the memory). Returns the engine that graded.
 */
export async function gradeOnCpu(
  image: RgbaImage,
  u: FilterUniforms,
  engine: CpuEngine,
  put: PutRows,
): Promise<'wasm' | 'js'> {
  const grader = engine === 'js' ? null : await loadWasmGrader();
  if (grader) {
    let pixels: Uint8ClampedArray<ArrayBuffer> | null = null;
    try {
      pixels = grader.grade(image.data, image.width, image.height, u);
    } catch (error) {
      // The module copied the frame in: `image.data` is untouched and the twin can grade it.
      if (engine === 'wasm') throw error;
      console.warn('The WebAssembly grade failed; grading in JavaScript.', error);
    }
    if (pixels) {
      put(pixels, 0);
      return 'wasm';
    }
  } else if (engine === 'wasm') {
    throw new Error('WebAssembly SIMD is not available.');
  }
  gradePixelsCpu(image.data, image.width, image.height, u);
  put(image.data, 0);
  return 'js';
}

/**
 * The WebAssembly grade of the frame on `canvas`, split with the pool's idle worker behind
 * `peer` (gradeSplit.ts): read through a VideoFrame where this thread can (frameRead.ts), else
 * by `read`; `put` takes the graded halves. 'helped' when the helper graded its
 * half, 'alone' when this thread graded both; null, with nothing read and the port released,
 * where the module does not load (the caller grades on its usual path).
 */
export async function gradeHalvesOnCpu(
  canvas: OffscreenCanvas,
  u: FilterUniforms,
  peer: MessagePort,
  read: ReadRows,
  put: PutRows,
): Promise<'helped' | 'alone' | null> {
  const grader = await loadWasmGrader();
  if (!grader) {
    releaseHelper(peer);
    return null;
  }
  const bands = canvasBands(canvas);
  let putAny = false;
  const putting: PutRows = (rows, y) => {
    putAny = true;
    put(rows, y);
  };
  try {
    const size = { width: canvas.width, height: canvas.height };
    const helped = await gradeSplit(grader, size, u, peer, read, putting, undefined, bands);
    return helped ? 'helped' : 'alone';
  } catch (error) {
    // Nothing graded was put back yet: the caller grades the whole frame another way (as a
    // grade on one thread falls back when the module cannot grow its memory).
    if (!putAny) return null;
    throw error;
  } finally {
    bands?.close();
  }
}

/**
 * The WebAssembly grade of the frame on `canvas`, read straight into the module's memory where
 * this thread can (frameRead.ts: no getImageData array, no copy into the module); `put` takes the
 * graded pixels at row 0. Null, with nothing graded, where it cannot or the engine is forced to
 * the JavaScript twin: the caller reads the canvas and grades it on gradeOnCpu.
 */
export async function gradeCanvasOnCpu(
  canvas: OffscreenCanvas,
  u: FilterUniforms,
  engine: CpuEngine,
  put: PutRows,
): Promise<'wasm' | null> {
  if (engine === 'js') return null;
  const grader = await loadWasmGrader();
  if (!grader) return null;
  // The graded view goes to `put` in the grade's own step: an await in between would let another
  // grade on this thread (two exports at once on the main-thread fallback) overwrite or detach it.
  const graded = await grader
    .gradeFilled(
      canvas.width,
      canvas.height,
      u,
      (input) => readCanvasInto(canvas, input),
      (pixels) => put(pixels, 0),
    )
    .catch(() => false);
  return graded ? 'wasm' : null;
}
