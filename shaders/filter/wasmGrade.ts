/**
 * The CPU twin's grade in WebAssembly with SIMD (wasm/grade.ts at the repository root, built to wasm/grade.wasm): the
 * same uniforms, the same tables (colourTables, computed here in JS and copied in), the same
 * colour cache. This file lays out the module's memory and drives it; it knows nothing about how
 * the module is loaded (the worker fetches it, workers/gradeWasm.ts; tests read the file).
 */
import { colourTables, CURVE_STEPS } from './cpu';
import type { FilterUniforms } from './uniforms';

export interface GradeExports {
  memory: WebAssembly.Memory;
  grade(
    pixels: number,
    width: number,
    height: number,
    params: number,
    tables: number,
    keys: number,
    values: number,
    dx2: number,
    luma: number,
  ): void;
}

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
const CACHE_SLOTS = 1 << 17;
const CURVE_LENGTH = CURVE_STEPS + 2;
const PARAMS = 64;
const TABLES = PARAMS + 32 * 8;
const KEYS = align(TABLES + (256 + 3 * CURVE_LENGTH) * 8);
const VALUES = KEYS + 4 * CACHE_SLOTS;
const DX2 = VALUES + 16 * CACHE_SLOTS;

function align(at: number): number {
  return Math.ceil(at / 16) * 16;
}

/** The f64 parameter block, in wasm/grade.ts's P_ order. */
function paramBlock(u: FilterUniforms): number[] {
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
    ...u.uAdjLight,
    u.uFinish[0],
    u.uFinish[0] !== 0 && mix !== 0 ? 1 : 0,
    adjusting ? u.uAdjFinish[0] : 0,
    adjusting ? u.uAdjFinish[1] : 0,
  ];
}

export function wasmGrader(exports: GradeExports): WasmGrader {
  const { memory } = exports;

  function run(data: Uint8ClampedArray, width: number, height: number, u: FilterUniforms) {
    const count = width * height;
    const luma = align(DX2 + 4 * width);
    const pixels = align(luma + 4 * count);
    const end = pixels + 4 * count;
    if (memory.buffer.byteLength < end) {
      memory.grow(Math.ceil((end - memory.buffer.byteLength) / PAGE));
    }
    const buffer = memory.buffer;
    new Float64Array(buffer, PARAMS, 25).set(paramBlock(u));
    const { tone, curveR, curveG, curveB } = colourTables(u);
    const tables = new Float64Array(buffer, TABLES, 256 + 3 * CURVE_LENGTH);
    tables.set(tone, 0);
    tables.set(curveR, 256);
    tables.set(curveG, 256 + CURVE_LENGTH);
    tables.set(curveB, 256 + 2 * CURVE_LENGTH);
    const view = new Uint8ClampedArray(buffer, pixels, 4 * count);
    view.set(data.subarray(0, 4 * count));
    exports.grade(pixels, width, height, PARAMS, TABLES, KEYS, VALUES, DX2, luma);
    return view;
  }

  const identity = (u: FilterUniforms) => u.uFinish[1] === 0 && u.uAdjFinish[2] === 0;

  return {
    grade(data, width, height, u) {
      if (identity(u)) return new Uint8ClampedArray(data);
      return run(data, width, height, u);
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

/** A module from its bytes, or null where WebAssembly or its SIMD is missing. */
export async function instantiateGrader(bytes: BufferSource): Promise<WasmGrader | null> {
  if (typeof WebAssembly === 'undefined' || !WebAssembly.validate(bytes)) return null;
  const { instance } = await WebAssembly.instantiate(bytes);
  return wasmGrader(instance.exports as unknown as GradeExports);
}
