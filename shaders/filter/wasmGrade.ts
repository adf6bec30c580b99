/**
 * The CPU twin's grade in WebAssembly with SIMD (wasm/grade.ts at the repository root, built to
 * wasm/grade.wasm, and to wasm/grade-relaxed.wasm with relaxed SIMD's fused multiply-add): the
 * same uniforms and the same curve tables (colourTables, computed here in JS and copied in). This file lays out the module's memory and drives it; it knows nothing about
 * how the module is loaded (the worker fetches it, workers/cpuGrade.ts; tests read the file).
 */
import { colourTables, CURVE_STEPS } from './cpu';
import type { FilterUniforms } from './uniforms';

export interface GradeExports {
  memory: WebAssembly.Memory;
  grade(
    input: number,
    output: number,
    width: number,
    height: number,
    first: number,
    last: number,
    params: number,
    curves: number,
    pairs: number,
    rows: number,
    stride: number,
    luma: number,
  ): void;
}

/** What a fill wrote: RGBA or BGRA words (a VideoFrame's own order), or nothing (false). */
export type Filled = 'rgba' | 'bgra' | false;

export interface WasmGrader {
  /**
   * Grades straight-alpha RGBA `data` with the shader's uniforms and returns the result: a view
   * of the module's memory, valid until the next call (hand it to putImageData, or copy it).
   */
  grade(
    data: Uint8ClampedArray,
    width: number,
    height: number,
    u: FilterUniforms,
  ): Uint8ClampedArray<ArrayBuffer>;
  /**
   * Rows `first`..`last` (exclusive) of a `width × height` image, graded: `rows` holds the image's
   * rows from bandInput(first, last, height).top to .bottom (sharpen reads the rows either side).
   * A view of the module's memory, valid until the next call. What each thread runs when an
   * export's grade is split between two (workers/gradeSplit.ts). `copied`, when given, is called
   * once `rows` are in the module's memory, before the grade: `rows` may be handed on from there.
   * `rows` are RGBA, or BGRA (a VideoFrame's own order) with `bgra`; the result is RGBA.
   */
  gradeRows(
    rows: Uint8ClampedArray,
    width: number,
    height: number,
    first: number,
    last: number,
    u: FilterUniforms,
    copied?: () => void,
    bgra?: boolean,
  ): Uint8ClampedArray<ArrayBuffer>;
  /**
   * Grades a frame that `fill` writes straight into the module's memory (a read into an
   * existing buffer, without a copy of its own; in RGBA or BGRA order, as `fill` says; the output
   * is RGBA) and hands the graded pixels to `use` in the
   * same synchronous step as the grade: a view of the module's memory, which any later grade
   * on this thread may overwrite or detach (a larger frame grows the memory), so it is never
   * held across an await. False, with `use` not called, when `fill` gives up (false) or another
   * grade on this thread took the memory while it awaited. With `first`..`last`, only those rows
   * are graded: `fill` writes the image's rows bandInput(first, last, height).top to .bottom.
   */
  gradeFilled(
    width: number,
    height: number,
    u: FilterUniforms,
    fill: (input: Uint8ClampedArray<ArrayBuffer>) => Promise<Filled>,
    use: (graded: Uint8ClampedArray<ArrayBuffer>) => void,
    first?: number,
    last?: number,
  ): Promise<boolean>;
  /** The same into `out` (which may be `data`), as gradePixelsCpu. */
  gradeInto(
    data: Uint8ClampedArray,
    width: number,
    height: number,
    u: FilterUniforms,
    out?: Uint8ClampedArray,
  ): void;
}

const PAGE = 65536;
const CURVE_LENGTH = CURVE_STEPS + 2;
const PARAM_COUNT = 28;
const PARAMS = 64;
const CURVES = PARAMS + PARAM_COUNT * 8;
const PAIRS = align(CURVES + 3 * CURVE_LENGTH * 8);
const ROWS = align(PAIRS + 3 * (CURVE_STEPS + 1) * 8);

function align(at: number): number {
  return Math.ceil(at / 16) * 16;
}

/** The f64 parameter block, in wasm/grade.ts's P_ order. */
function paramBlock(u: FilterUniforms, tone: Float64Array, bgra: boolean): number[] {
  const mix = u.uFinish[1];
  const adjusting = u.uAdjFinish[2] !== 0;
  return [
    mix,
    mix !== 0 ? 1 : 0,
    adjusting ? 1 : 0,
    u.uTone[3],
    ...u.uShift,
    ...u.uShadowTint,
    ...u.uHighlightTint,
    ...u.uAdjTone,
    // Fade's scale is > 0 (adjustmentUniforms gives 0.75..1): the module folds the clamp that
    // follows it into one clamp, which a negative scale would turn over.
    ...u.uAdjLight,
    u.uFinish[0],
    u.uFinish[0] !== 0 && mix !== 0 ? 1 : 0,
    adjusting ? u.uAdjFinish[0] : 0,
    adjusting ? u.uAdjFinish[1] : 0,
    // The tone step is affine in the byte value: its slope and its value at 0.
    tone[1] - tone[0],
    tone[0],
    bgra ? 1 : 0,
  ];
}

/** The input rows that grading rows `first`..`last` of an image `height` rows high reads. */
export function bandInput(first: number, last: number, height: number) {
  return { top: Math.max(first - 1, 0), bottom: Math.min(last + 1, height) };
}

export function wasmGrader(exports: GradeExports): WasmGrader {
  const { memory } = exports;

  /** Bumped by every grade: a fill that awaited while another grade ran is stale. */
  let generation = 0;

  /** Addresses for rows first..last of a `width × height` image; grows the memory to fit. */
  function layout(width: number, height: number, first: number, last: number) {
    generation += 1;
    const { top, bottom } = bandInput(first, last, height);
    const count = width * (bottom - top);
    // Seven rows of floats (the vignettes, sharpen's detail, the colour part's three planes),
    // three of sharpen's luma, the pixels in and out: wasm/grade.ts works on groups of 4 pixels
    // (the colour part on 16 at a time) and may run past a row or a plane's end into the padding.
    const stride = align(width) + 16;
    const padded = align(count) + 16;
    const luma = align(ROWS + 7 * 4 * stride);
    const input = align(luma + 3 * 4 * stride);
    const output = input + 4 * padded;
    const end = output + 4 * padded;
    if (memory.buffer.byteLength < end) {
      memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
    }
    return { top, count, stride, luma, input, output, width, height, first, last };
  }

  /** Grades what the input holds (see layout) and returns the graded rows' view. */
  function exec(at: ReturnType<typeof layout>, u: FilterUniforms, bgra = false) {
    const { top, stride, luma, input, output, width, height, first, last } = at;
    const buffer = memory.buffer;
    const { tone, curveR, curveG, curveB } = colourTables(u);
    new Float64Array(buffer, PARAMS, PARAM_COUNT).set(paramBlock(u, tone, bgra));
    const curves = new Float64Array(buffer, CURVES, 3 * CURVE_LENGTH);
    curves.set(curveR, 0);
    curves.set(curveG, CURVE_LENGTH);
    curves.set(curveB, 2 * CURVE_LENGTH);
    exports.grade(
      input,
      output,
      width,
      height,
      first,
      last,
      PARAMS,
      CURVES,
      PAIRS,
      ROWS,
      stride,
      luma,
    );
    return new Uint8ClampedArray(
      buffer,
      output + 4 * width * (first - top),
      4 * width * (last - first),
    );
  }

  function run(
    data: Uint8ClampedArray,
    width: number,
    height: number,
    u: FilterUniforms,
    first = 0,
    last = height,
    copied?: () => void,
    bgra = false,
  ) {
    const at = layout(width, height, first, last);
    new Uint8ClampedArray(memory.buffer, at.input, 4 * at.count).set(
      data.subarray(0, 4 * at.count),
    );
    copied?.();
    return exec(at, u, bgra);
  }

  const identity = (u: FilterUniforms) => u.uFinish[1] === 0 && u.uAdjFinish[2] === 0;

  return {
    grade(data, width, height, u) {
      if (identity(u)) return new Uint8ClampedArray(data);
      return run(data, width, height, u);
    },
    gradeRows(rows, width, height, first, last, u, copied, bgra = false) {
      if (identity(u)) {
        const top = bandInput(first, last, height).top;
        const graded = rows.slice(4 * width * (first - top), 4 * width * (last - top));
        copied?.();
        return bgra ? swapRedBlue(graded) : graded;
      }
      return run(rows, width, height, u, first, last, copied, bgra);
    },
    async gradeFilled(width, height, u, fill, use, first = 0, last = height) {
      const at = layout(width, height, first, last);
      const mine = generation;
      const input = new Uint8ClampedArray(memory.buffer, at.input, 4 * at.count);
      const filled = await fill(input);
      if (!filled) return false;
      // Another grade on this thread while the fill awaited took the memory.
      if (generation !== mine || input.byteLength === 0) return false;
      use(exec(at, u, filled === 'bgra'));
      return true;
    },
    gradeInto(data, width, height, u, out = data) {
      if (identity(u)) {
        if (out !== data) out.set(data);
        return;
      }
      out.set(run(data, width, height, u));
    },
  };
}

/** BGRA words to RGBA (or back), in place. */
export function swapRedBlue<T extends Uint8ClampedArray>(pixels: T): T {
  for (let i = 0; i < pixels.length; i += 4) {
    const red = pixels[i + 2];
    pixels[i + 2] = pixels[i];
    pixels[i] = red;
  }
  return pixels;
}

/**
 * A module of one function using f32x4.relaxed_madd: valid where the engine has relaxed SIMD
 * (Chromium 114+, Node 22+; Node 20 behind --experimental-wasm-relaxed-simd), so the fused
 * build (wasm/grade-relaxed.wasm) can be chosen before anything is fetched.
 */
const RELAXED_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, 0x03,
  0x02, 0x01, 0x00, 0x0a, 0x13, 0x01, 0x11, 0x00, 0x41, 0x00, 0xfd, 0x11, 0x41, 0x00, 0xfd, 0x11,
  0x41, 0x00, 0xfd, 0x11, 0xfd, 0x85, 0x02, 0x0b,
]);

/** True where WebAssembly's relaxed SIMD compiles (the fused-multiply-add build can load). */
export function hasRelaxedSimd(): boolean {
  return typeof WebAssembly !== 'undefined' && WebAssembly.validate(RELAXED_PROBE);
}

/** A module from its bytes, or null where WebAssembly or its SIMD is missing. */
export async function instantiateGrader(bytes: BufferSource): Promise<WasmGrader | null> {
  if (typeof WebAssembly === 'undefined' || !WebAssembly.validate(bytes)) return null;
  const { instance } = await WebAssembly.instantiate(bytes);
  return wasmGrader(instance.exports as unknown as GradeExports);
}
