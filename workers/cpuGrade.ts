/**
 * The CPU path's grade: the WebAssembly SIMD build of the twin (wasm/grade.wasm,
 * driven by shaders/filter/wasmGrade.ts) where it loads, else the JavaScript twin
 * (shaders/filter/cpu.ts); both the same maths. The module (≈ 5 KB) is fetched by the thread that
 * first grades on the CPU — the media worker — never by a page's bundle. Compiling it needs
 * 'wasm-unsafe-eval' in script-src (server/http/securityHeaders.ts).
 */
import wasmUrl from '../wasm/grade.wasm?url';
import { gradePixelsCpu, type RgbaImage } from '../shaders/filter/cpu';
import { instantiateGrader, type WasmGrader } from '../shaders/filter/wasmGrade';
import type { FilterUniforms } from '../shaders/filter';

/** 'wasm' or 'js' forces one engine (bench, tests); 'auto' the module when it loads. */
export type CpuEngine = 'auto' | 'wasm' | 'js';

let loading: Promise<WasmGrader | null> | null = null;

async function wasmBytes(): Promise<ArrayBuffer> {
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

/** The WebAssembly grader, loaded once per thread; null where it cannot run (no SIMD, CSP). */
export function loadWasmGrader(): Promise<WasmGrader | null> {
  loading ??= wasmBytes()
    .then((bytes) => instantiateGrader(bytes))
    .catch(() => null);
  return loading;
}

export interface CpuGraded {
  /** The graded pixels: `image.data` graded in place, or a view valid until the next grade. */
  pixels: Uint8ClampedArray<ArrayBuffer>;
  engine: 'wasm' | 'js';
}

/** Grades `image` with `u` on the CPU. */
export async function gradeOnCpu(
  image: RgbaImage,
  u: FilterUniforms,
  engine: CpuEngine = 'auto',
): Promise<CpuGraded> {
  const grader = engine === 'js' ? null : await loadWasmGrader();
  if (grader)
    return { pixels: grader.grade(image.data, image.width, image.height, u), engine: 'wasm' };
  if (engine === 'wasm') throw new Error('WebAssembly SIMD is not available.');
  gradePixelsCpu(image.data, image.width, image.height, u);
  return { pixels: image.data, engine: 'js' };
}
