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
 * two loops: the colour part into three planes of floats, then vignette, sharpen and bytes. The
 * steps are rearranged, not changed: the tone step, saturation and white balance are one affine
 * function of the bytes and their luma, giving the curve's index directly; the curves are
 * interpolated from (midpoint, slope) pairs of the twin's tables (a gather of four 8-byte pairs
 * per channel); the adjustments' brightness bend and contrast are one quadratic, their saturation,
 * warmth and fade one multiply-add and clamp; the vignettes and sharpen's detail are computed a
 * row at a time (sharpen's luma in a rolling 3-row buffer), with the 255 scale folded in; the
 * bytes are rounded half to even like Uint8ClampedArray and clamped by saturating narrows.
 */

import { CURVE_LENGTH, CURVE_STEPS, MAGIC_BITS, curve4, pack4, pairTable } from './curves';
import { P } from './params';
import { detailRow, lookVignetteRow, lumaRow, vignetteRow } from './rows';
import { LB, LG, LR, clampTo, luma4, madd, smooth4, splat } from './simd';

let params: usize = 0;

function param(index: i32): f64 {
  return load<f64>(params + ((<usize>index) << 3));
}

/**
 * Curve tables as f32 (midpoint, slope) pairs of each segment k..k+1, one 8-byte load per lane:
 * the value at k + 0.5 + f (f in −0.5..0.5) is midpoint + slope · f. Filled by grade().
 */
let pairR: usize = 0;
let pairG: usize = 0;
let pairB: usize = 0;
/** The curve tables (f64), for a straight curve's value at 0. */
let curveR: usize = 0;
let curveG: usize = 0;
let curveB: usize = 0;
/** Each curve's slope per index step where it is a straight line (no gather needed), else NaN. */
let slopeR: f64 = NaN;
let slopeG: f64 = NaN;
let slopeB: f64 = NaN;

// The colour part's constants, set by grade() for colourRows (which splats them once per call).
let grading = false;
let adjusting = false;
let mixed = false;
let tinted = false;
let bent = false;
let lit = false;
let inA: f64 = 0;
let inB: f64 = 0;
let inR: f64 = 0;
let inG: f64 = 0;
let inBlue: f64 = 0;
let mixValue: f64 = 0;
let bendA: f64 = 0;
let bendB: f64 = 0;
let bendC: f64 = 0;
let fadeC: f64 = 0;
let fadeGrey: f64 = 0;
let fadeR: f64 = 0;
let fadeG: f64 = 0;
let fadeB: f64 = 0;
let fadeLow: f64 = 0;
let fadeHigh: f64 = 0;
/** Where red and blue sit in an input word (RGBA: bits 0 and 16; BGRA: 16 and 0). */
let shiftR: i32 = 0;
let shiftB: i32 = 16;

function setConstants(): void {
  grading = param(P.GRADING) != 0;
  adjusting = param(P.ADJUSTING) != 0;
  // The look, from the bytes c0 and their luma L0 (0..255): tone t = c0 · toneScale +
  // toneOffset, its grey = L0 · toneScale + toneOffset · (LR + LG + LB), then the curve's input
  // grey + (t − grey) · saturation + shift, clamped to 0..1 and scaled to the table's index:
  // index − 0.5 = c0 · inA + L0 · inB + inR (inG, inBlue), clamped to −0.5..CURVE_STEPS − 0.5.
  const toneScale = param(P.TONE_SCALE);
  const toneOffset = param(P.TONE_OFFSET);
  const sat = param(P.SATURATION);
  inA = sat * toneScale * CURVE_STEPS;
  inB = (1 - sat) * toneScale * CURVE_STEPS;
  const greyOffset = (1 - sat) * toneOffset * (LR + LG + LB) + sat * toneOffset;
  inR = (greyOffset + param(P.SHIFT)) * CURVE_STEPS - 0.5;
  inG = (greyOffset + param(P.SHIFT + 1)) * CURVE_STEPS - 0.5;
  inBlue = (greyOffset + param(P.SHIFT + 2)) * CURVE_STEPS - 0.5;
  mixValue = param(P.MIX);
  mixed = mixValue != 1;
  tinted = false;
  for (let i = P.SHADOW; i < P.LIGHT + 3; i++) if (param(i) != 0) tinted = true;
  // Adjustments. Brightness's bend then contrast: (c + bend · c(1 − c) − 0.5) · k + 0.5
  // = c · (k(1 + bend) − k · bend · c) + 0.5(1 − k).
  const bend = param(P.BEND);
  const contrast = param(P.ADJ_CONTRAST);
  bent = bend != 0 || contrast != 1;
  bendA = contrast * (1 + bend);
  bendB = -contrast * bend;
  bendC = 0.5 * (1 - contrast);
  // Saturation and warmth, then clamp(·) · fadeScale + fadeOffset, then max(·, 0): with
  // fadeScale > 0 that is clamp(c · fadeScale + fadeOffset, max(fadeOffset, 0), fadeScale +
  // fadeOffset), and c = grey + (c' − grey) · s ± warmth folds in: c' · (s · fadeScale) +
  // grey · ((1 − s) · fadeScale) + (fadeOffset ± warmth · fadeScale).
  const adjSat = param(P.ADJ_SATURATION);
  const fadeScale = param(P.FADE_SCALE);
  const fadeOffset = param(P.FADE_OFFSET);
  const warmth = param(P.WARMTH);
  fadeC = adjSat * fadeScale;
  fadeGrey = (1 - adjSat) * fadeScale;
  fadeR = fadeOffset + warmth * fadeScale;
  fadeG = fadeOffset;
  fadeB = fadeOffset - warmth * fadeScale;
  fadeLow = fadeOffset > 0 ? fadeOffset : 0;
  // ≤ 1 so that, without highlights and shadows, no further clamp to 0..1 is needed (the
  // Edit tab's fade gives at most 1; a caller's own uniforms might not).
  const high = fadeScale + fadeOffset;
  fadeHigh = high < 1 ? high : 1;
  lit = param(P.HIGHLIGHTS) != 0 || param(P.SHADOWS) != 0;
  const bgra = param(P.BGRA) != 0;
  shiftR = bgra ? 16 : 0;
  shiftB = bgra ? 0 : 16;
}

/**
 * The colour part (the look at its strength and the adjustments up to their clamp: everything
 * but the vignettes and sharpen, unless `fade` holds the look's own vignette per pixel) of
 * `count` pixels' words (RGB in the low 3 bytes), 0..1 per channel, into three planes `plane`
 * bytes apart at `out`.
 */
function colourRows(words: usize, count: i32, out: usize, plane: usize, fade: usize): void {
  const byte = i32x4.splat(0xff);
  const cA = splat(inA);
  const cB = splat(inB);
  const cR = splat(inR);
  const cG = splat(inG);
  const cBlue = splat(inBlue);
  const inLow = f32x4.splat(-0.5);
  const inHigh = splat(CURVE_STEPS - 0.5);
  const shift = <i32>(MAGIC_BITS << 3);
  const baseR = i32x4.splat(<i32>pairR - shift);
  const baseG = i32x4.splat(<i32>pairG - shift);
  const baseB = i32x4.splat(<i32>pairB - shift);
  const straightR = !isNaN(slopeR);
  const straightG = !isNaN(slopeG);
  const straightB = !isNaN(slopeB);
  const lineR = splat(slopeR);
  const lineG = splat(slopeG);
  const lineB = splat(slopeB);
  const startR = splat(load<f64>(curveR) + 0.5 * slopeR);
  const startG = splat(load<f64>(curveG) + 0.5 * slopeG);
  const startB = splat(load<f64>(curveB) + 0.5 * slopeB);
  const mix = splat(mixValue);
  const inv255 = f32x4.splat(<f32>(1.0 / 255.0));
  const shadowR = splat(param(P.SHADOW));
  const shadowG = splat(param(P.SHADOW + 1));
  const shadowB = splat(param(P.SHADOW + 2));
  const lightR = splat(param(P.LIGHT));
  const lightG = splat(param(P.LIGHT + 1));
  const lightB = splat(param(P.LIGHT + 2));
  const over055 = f32x4.splat(<f32>(1 / 0.55));
  const highStart = f32x4.splat(<f32>(-0.45 / 0.55));
  const kA = splat(bendA);
  const kB = splat(bendB);
  const kC = splat(bendC);
  const fC = splat(fadeC);
  const fR = splat(fadeR);
  const fG = splat(fadeG);
  const fB = splat(fadeB);
  const fLow = splat(fadeLow);
  const fHigh = splat(fadeHigh);
  const highlights = splat(param(P.HIGHLIGHTS));
  const shadows = splat(param(P.SHADOWS));
  const one = f32x4.splat(1);
  const zero = f32x4.splat(0);
  const minusOne = f32x4.splat(-1);
  const twoLR = splat(2 * LR);
  const twoLG = splat(2 * LG);
  const twoLB = splat(2 * LB);
  // The luma, times (1 − s) · fadeScale.
  const greyR = splat(LR * fadeGrey);
  const greyG = splat(LG * fadeGrey);
  const greyB = splat(LB * fadeGrey);
  for (let i = 0; i < count; i += 4) {
    const at = (<usize>i) << 2;
    const w = v128.load(words + at);
    const r0 = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w, shiftR), byte));
    const g0 = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w, 8), byte));
    const b0 = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w, shiftB), byte));
    let r = r0;
    let g = g0;
    let b = b0;
    if (grading) {
      const lB = f32x4.mul(luma4(r0, g0, b0), cB);
      // A straight curve is first + slope · (x + 0.5): no gather.
      const xr = clampTo(madd(r0, cA, f32x4.add(lB, cR)), inLow, inHigh);
      const xg = clampTo(madd(g0, cA, f32x4.add(lB, cG)), inLow, inHigh);
      const xb = clampTo(madd(b0, cA, f32x4.add(lB, cBlue)), inLow, inHigh);
      let cr = straightR ? madd(xr, lineR, startR) : curve4(baseR, xr);
      let cg = straightG ? madd(xg, lineG, startG) : curve4(baseG, xg);
      let cb = straightB ? madd(xb, lineB, startB) : curve4(baseB, xb);
      if (tinted) {
        const l = luma4(cr, cg, cb);
        // 1 − smoothstep(0, 0.55, l) and smoothstep(0.45, 1, l).
        const shadow = f32x4.sub(one, smooth4(clampTo(f32x4.mul(l, over055), zero, one)));
        const highlight = smooth4(clampTo(madd(l, over055, highStart), zero, one));
        cr = madd(shadowR, shadow, madd(lightR, highlight, cr));
        cg = madd(shadowG, shadow, madd(lightG, highlight, cg));
        cb = madd(shadowB, shadow, madd(lightB, highlight, cb));
      }
      if (fade) {
        const f = v128.load(fade + at);
        cr = f32x4.mul(cr, f);
        cg = f32x4.mul(cg, f);
        cb = f32x4.mul(cb, f);
      }
      cr = clampTo(cr, zero, one);
      cg = clampTo(cg, zero, one);
      cb = clampTo(cb, zero, one);
      if (mixed) {
        r = f32x4.mul(r0, inv255);
        g = f32x4.mul(g0, inv255);
        b = f32x4.mul(b0, inv255);
        r = madd(f32x4.sub(cr, r), mix, r);
        g = madd(f32x4.sub(cg, g), mix, g);
        b = madd(f32x4.sub(cb, b), mix, b);
      } else {
        r = cr;
        g = cg;
        b = cb;
      }
    } else {
      r = f32x4.mul(r0, inv255);
      g = f32x4.mul(g0, inv255);
      b = f32x4.mul(b0, inv255);
    }
    if (adjusting) {
      if (bent) {
        r = madd(r, madd(r, kB, kA), kC);
        g = madd(g, madd(g, kB, kA), kC);
        b = madd(b, madd(b, kB, kA), kC);
      }
      const grey = madd(b, greyB, madd(g, greyG, f32x4.mul(r, greyR)));
      r = clampTo(madd(r, fC, f32x4.add(grey, fR)), fLow, fHigh);
      g = clampTo(madd(g, fC, f32x4.add(grey, fG)), fLow, fHigh);
      b = clampTo(madd(b, fC, f32x4.add(grey, fB)), fLow, fHigh);
      if (lit) {
        // highlights · smoothstep(0.5, 1, l) + shadows · (1 − smoothstep(0, 0.5, l)): at most
        // one term is not 0, and with v = 2l − 1 both are smoothstep(0, 1, |v|) (the second
        // as 1 − smoothstep(0, 1, 1 + v) = smoothstep(0, 1, −v)), times highlights where v ≥ 0
        // and shadows where v < 0.
        const v = madd(b, twoLB, madd(g, twoLG, madd(r, twoLR, minusOne)));
        const side = v128.bitselect(highlights, shadows, f32x4.ge(v, zero));
        const light = f32x4.mul(side, smooth4(f32x4.pmin(f32x4.abs(v), one)));
        r = clampTo(f32x4.add(r, light), zero, one);
        g = clampTo(f32x4.add(g, light), zero, one);
        b = clampTo(f32x4.add(b, light), zero, one);
      }
    }
    v128.store(out + at, r);
    v128.store(out + plane + at, g);
    v128.store(out + (plane << 1) + at, b);
  }
}

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
 * Grades rows `first` to `last` (exclusive) of a `width × height` RGBA image. `input` holds the
 * image's rows from `top` = max(first − 1, 0) to min(last + 1, height) (sharpen reads the rows
 * either side), `output` receives the same rows at the same places (rows `first`..`last` graded);
 * both have 4 pixels of padding past their end (a row's last group of four may run into the next
 * row, which overwrites it). `curves`: the three curve tables (CURVE_LENGTH f64 each); `pairs`:
 * scratch, 3 × 1025 × 8 bytes; `rows`: seven f32 rows of `stride` (≥ width rounded up to 4, + 4);
 * `luma`: three more, sharpen's rolling luma.
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
  params = paramBlock;
  pairR = pairs;
  pairG = pairs + 1025 * 8;
  pairB = pairG + 1025 * 8;
  slopeR = pairTable(curves, pairR);
  slopeG = pairTable(curves + CURVE_LENGTH * 8, pairG);
  slopeB = pairTable(curves + 2 * CURVE_LENGTH * 8, pairB);
  curveR = curves;
  curveG = curves + CURVE_LENGTH * 8;
  curveB = curves + 2 * CURVE_LENGTH * 8;
  setConstants();
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
          shiftR,
          shiftB,
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
    finishRow(
      words,
      output + ((<usize>row) << 2),
      width,
      colour,
      plane,
      adjVignette != 0 ? keep : 0,
      sharpen > 0 ? detail : 0,
    );
  }
}
