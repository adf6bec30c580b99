/**
 * The CPU twin's grade (shaders/filter/cpu.ts gradePixelsCpu) in AssemblyScript, built to
 * WebAssembly with SIMD (`npm run build:wasm` → grade.wasm, and grade-relaxed.wasm with relaxed
 * SIMD's fused multiply-add; both committed, a unit test checks they are this file's builds). The
 * caller (shaders/filter/wasmGrade.ts) lays out the memory: the uniforms as f64 values, the three
 * curve tables it computed (the twin's own tables), scratch rows and the pixels in (RGBA, or BGRA
 * as a VideoFrame of a canvas holds them) and out (RGBA).
 *
 * The same maths as filter.frag, in f32 on four pixels at a time, every pixel computed (a cache
 * of colours was measured and dropped: README, "A look on the faster path"), a row at a time in
 * two loops: the look into three planes of floats (wasm/colour.ts, sixteen pixels at a time as
 * four interleaved groups), then the adjustments (likewise), vignette, sharpen and bytes. The
 * steps are rearranged, not changed: the tone step, saturation and white balance are one affine
 * function of the bytes and their luma, giving the curve's index directly; the curves are
 * interpolated from (midpoint, slope) pairs of the twin's tables (a gather of four 8-byte pairs
 * per channel); the adjustments' brightness bend and contrast are one quadratic, their saturation,
 * warmth and fade one multiply-add and clamp; the vignettes and sharpen's detail are computed a
 * row at a time (sharpen's luma in a rolling 3-row buffer), with the 255 scale folded in; the
 * bytes are rounded half to even like Uint8ClampedArray and clamped by saturating narrows.
 */

import { adjustFinishRow, colourRows, isAdjusting, param, redShift, setColour } from './colour';
import { pack4 } from './curves';
import { P } from './params';
import { detailRow, lookVignetteRow, lumaRow, vignetteRow } from './rows';
import { madd } from './simd';

/**
 * Vignette, sharpen and the bytes of one row, from the colour part's three planes at `colour`.
 * `keep`: the vignette × 255 per pixel (0: none, scale by 255), `detail`: sharpen's × 255 (0:
 * none); the alpha comes from `words`.
 */
function finishRow(
  words: usize,
  out: usize,
  width: i32,
  colour: usize,
  plane: usize,
  keep: usize,
  detail: usize,
): void {
  const scale255 = f32x4.splat(255);
  for (let x = 0; x < width; x += 4) {
    const at = (<usize>x) << 2;
    let r = v128.load(colour + at);
    let g = v128.load(colour + plane + at);
    let b = v128.load(colour + (plane << 1) + at);
    const k = keep ? v128.load(keep + at) : scale255;
    if (detail) {
      const d = v128.load(detail + at);
      r = madd(r, k, d);
      g = madd(g, k, d);
      b = madd(b, k, d);
    } else {
      r = f32x4.mul(r, k);
      g = f32x4.mul(g, k);
      b = f32x4.mul(b, k);
    }
    v128.store(out + at, pack4(r, g, b, v128.load(words + at)));
  }
}

/**
 * Grades rows `first` to `last` (exclusive) of a `width × height` RGBA (or BGRA: the parameter
 * block says) image. `input` holds the image's rows from `top` = max(first − 1, 0) to
 * min(last + 1, height) (sharpen reads the rows either side), `output` receives the same rows at
 * the same places (rows `first`..`last` graded, RGBA); both have 16 pixels of padding past their
 * end (a row's last group may run into the next row, which overwrites it). `curves`: the three
 * curve tables (CURVE_LENGTH f64 each); `pairs`: scratch, 3 × 1025 × 8 bytes; `rows`: seven f32
 * rows of `stride` (≥ width rounded up to 16); `luma`: three more, sharpen's rolling luma.
 */
export function grade(
  input: usize,
  output: usize,
  width: i32,
  height: i32,
  first: i32,
  last: i32,
  paramBlock: usize,
  curves: usize,
  pairs: usize,
  rows: usize,
  stride: i32,
  luma: usize,
): void {
  setColour(paramBlock, curves, pairs);
  const lookVignette = <f32>(param(P.PER_PIXEL) != 0 ? param(P.LOOK_VIGNETTE) : 0);
  const adjVignette = <f32>param(P.ADJ_VIGNETTE);
  const sharpen = <f32>param(P.SHARPEN);
  const plane = (<usize>stride) << 2;
  const dx2 = rows;
  const keep = rows + plane;
  const detail = keep + plane;
  const fadeRow = detail + plane;
  const colour = fadeRow + plane;
  const top = first > 0 ? first - 1 : 0;
  for (let x = 0; x < stride; x++) {
    const d = (<f64>x + 0.5) / <f64>width - 0.5;
    store<f32>(dx2 + ((<usize>x) << 2), <f32>(d * d));
  }
  let lumaNext = top;
  for (let y = first; y < last; y++) {
    const dyf = (<f64>y + 0.5) / <f64>height - 0.5;
    const dy2 = <f32>(dyf * dyf);
    const row = (y - top) * width;
    const words = input + ((<usize>row) << 2);
    // The 255 scale rides on the vignette's factor (or on the bytes when there is none).
    if (adjVignette != 0) vignetteRow(dx2, dy2, adjVignette, 255, width, keep);
    if (sharpen > 0) {
      const up = y > 0 ? y - 1 : y;
      const down = y < height - 1 ? y + 1 : y;
      for (; lumaNext <= down; lumaNext++) {
        lumaRow(
          input + ((<usize>((lumaNext - top) * width)) << 2),
          width,
          luma + <usize>(lumaNext % 3) * plane,
          redShift(),
        );
      }
      detailRow(
        luma + <usize>(y % 3) * plane,
        luma + <usize>(up % 3) * plane,
        luma + <usize>(down % 3) * plane,
        width,
        sharpen * 255,
        detail,
      );
    }
    if (lookVignette != 0) lookVignetteRow(dx2, dy2, lookVignette, width, fadeRow);
    colourRows(words, width, colour, plane, lookVignette != 0 ? fadeRow : 0);
    const bytes = output + ((<usize>row) << 2);
    const keepRow = adjVignette != 0 ? keep : 0;
    const detailHere = sharpen > 0 ? detail : 0;
    if (isAdjusting()) adjustFinishRow(words, bytes, width, colour, plane, keepRow, detailHere);
    else finishRow(words, bytes, width, colour, plane, keepRow, detailHere);
  }
}
