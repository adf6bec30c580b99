/**
 * The colour part of the grade (wasm/grade.ts): the look at its strength, for a row of pixels,
 * into three planes of floats (colourRows); then, where any is on, the adjustments up to their
 * clamp with the vignette, sharpen and the bytes (adjustFinishRow). The shader's steps are
 * rearranged, not changed (grade.ts's header): the tone step, saturation and white balance are one
 * affine function of the bytes and their luma giving the curve's index; a straight curve is one
 * multiply-add, any other a gather of (midpoint, slope) pairs; brightness's bend and contrast one
 * quadratic; saturation, warmth and fade one multiply-add and clamp; highlights and shadows one
 * smoothstep.
 *
 * Each group of four pixels is one long chain of dependent steps (some 40 deep with every
 * adjustment), which left the CPU waiting on latency: the loop takes four groups (16 pixels) at a
 * time and writes every step out for each of them in turn (suffixes _a to _d), so that four
 * independent chains are in flight. Same operations, same bytes; in Node (Pixel 1080×810, relaxed
 * build, median of 30 interleaved, load ≈ 3) Clarendon with every adjustment 9.2 → 7.0 ms,
 * Clarendon 4.9 → 3.8, Normal with every adjustment 6.8 → 4.5 (two groups: 8.0, 4.2, 4.8; three:
 * 7.1, 3.9, 4.4).
 *
 * The adjustments run in a loop of their own (adjustFinishRow, four groups at a time too) with
 * the vignette, sharpen and the bytes, on the planes the look (colourRows) left: the look's loop
 * is smaller and the finish needs no pass of its own. The module's grade alone, interleaved with
 * the one before (06:40 UTC, load ≈ 1): in Node (Pixel 1080×810), Clarendon with every adjustment
 * 7.2–7.4 → 6.8 ms plain and 6.4–6.5 → 6.0–6.1 relaxed, Clarendon 3.9 → 3.5 and 3.3 → 3.1,
 * Normal with one adjustment up to 0.15 ms slower (sharpen 0.1 faster); in a Chromium worker
 * (relaxed, Pixel 810×1080), Clarendon with every adjustment 5.2 → 5.0–5.1, Normal with sharpen
 * 2.2 → 1.9, the rest 0–3 % faster. Reading the look's luma from sharpen's row instead of
 * computing it again made Chromium's Clarendon 2.5 → 3.3–3.7 ms (the loop's code, not the work):
 * dropped.
 */
import { CURVE_LENGTH, CURVE_STEPS, MAGIC_BITS, curve4, pack4, pairTable } from './curves';
import { P } from './params';
import { LB, LG, LR, clampTo, luma4, madd, smooth4, splat } from './simd';

let params: usize = 0;

export function param(index: i32): f64 {
  return load<f64>(params + ((<usize>index) << 3));
}

/**
 * Curve tables as f32 (midpoint, slope) pairs of each segment k..k+1, one 8-byte load per lane:
 * the value at k + 0.5 + f (f in −0.5..0.5) is midpoint + slope · f. Filled by setColour().
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

// The colour part's constants, set by setColour() for colourRows (which splats them once per call).
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
 * bytes apart at `out`; the adjustments are adjustFinishRow's.
 */
export function colourRows(words: usize, count: i32, out: usize, plane: usize, fade: usize): void {
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
  // The tints' weights: w = 1 − luma / 0.55 (see below).
  const highEnd = splat(0.1 / 0.55);
  const darkR = splat(-LR / 0.55);
  const darkG = splat(-LG / 0.55);
  const darkB = splat(-LB / 0.55);
  const one = f32x4.splat(1);
  const zero = f32x4.splat(0);
  for (let i = 0; i < count; i += 16) {
    const at_a = (<usize>i) << 2;
    const at_b = at_a + 16;
    const at_c = at_a + 32;
    const at_d = at_a + 48;
    const w_a = v128.load(words + at_a);
    const w_b = v128.load(words + at_b);
    const w_c = v128.load(words + at_c);
    const w_d = v128.load(words + at_d);
    const r0_a = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w_a, shiftR), byte));
    const r0_b = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w_b, shiftR), byte));
    const r0_c = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w_c, shiftR), byte));
    const r0_d = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w_d, shiftR), byte));
    const g0_a = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w_a, 8), byte));
    const g0_b = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w_b, 8), byte));
    const g0_c = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w_c, 8), byte));
    const g0_d = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w_d, 8), byte));
    const b0_a = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w_a, shiftB), byte));
    const b0_b = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w_b, shiftB), byte));
    const b0_c = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w_c, shiftB), byte));
    const b0_d = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w_d, shiftB), byte));
    let r_a = r0_a;
    let r_b = r0_b;
    let r_c = r0_c;
    let r_d = r0_d;
    let g_a = g0_a;
    let g_b = g0_b;
    let g_c = g0_c;
    let g_d = g0_d;
    let b_a = b0_a;
    let b_b = b0_b;
    let b_c = b0_c;
    let b_d = b0_d;
    if (grading) {
      const lB_a = f32x4.mul(luma4(r0_a, g0_a, b0_a), cB);
      const lB_b = f32x4.mul(luma4(r0_b, g0_b, b0_b), cB);
      const lB_c = f32x4.mul(luma4(r0_c, g0_c, b0_c), cB);
      const lB_d = f32x4.mul(luma4(r0_d, g0_d, b0_d), cB);
      // A straight curve is first + slope · (x + 0.5): no gather.
      const xr_a = clampTo(madd(r0_a, cA, f32x4.add(lB_a, cR)), inLow, inHigh);
      const xr_b = clampTo(madd(r0_b, cA, f32x4.add(lB_b, cR)), inLow, inHigh);
      const xr_c = clampTo(madd(r0_c, cA, f32x4.add(lB_c, cR)), inLow, inHigh);
      const xr_d = clampTo(madd(r0_d, cA, f32x4.add(lB_d, cR)), inLow, inHigh);
      const xg_a = clampTo(madd(g0_a, cA, f32x4.add(lB_a, cG)), inLow, inHigh);
      const xg_b = clampTo(madd(g0_b, cA, f32x4.add(lB_b, cG)), inLow, inHigh);
      const xg_c = clampTo(madd(g0_c, cA, f32x4.add(lB_c, cG)), inLow, inHigh);
      const xg_d = clampTo(madd(g0_d, cA, f32x4.add(lB_d, cG)), inLow, inHigh);
      const xb_a = clampTo(madd(b0_a, cA, f32x4.add(lB_a, cBlue)), inLow, inHigh);
      const xb_b = clampTo(madd(b0_b, cA, f32x4.add(lB_b, cBlue)), inLow, inHigh);
      const xb_c = clampTo(madd(b0_c, cA, f32x4.add(lB_c, cBlue)), inLow, inHigh);
      const xb_d = clampTo(madd(b0_d, cA, f32x4.add(lB_d, cBlue)), inLow, inHigh);
      let cr_a = straightR ? madd(xr_a, lineR, startR) : curve4(baseR, xr_a);
      let cr_b = straightR ? madd(xr_b, lineR, startR) : curve4(baseR, xr_b);
      let cr_c = straightR ? madd(xr_c, lineR, startR) : curve4(baseR, xr_c);
      let cr_d = straightR ? madd(xr_d, lineR, startR) : curve4(baseR, xr_d);
      let cg_a = straightG ? madd(xg_a, lineG, startG) : curve4(baseG, xg_a);
      let cg_b = straightG ? madd(xg_b, lineG, startG) : curve4(baseG, xg_b);
      let cg_c = straightG ? madd(xg_c, lineG, startG) : curve4(baseG, xg_c);
      let cg_d = straightG ? madd(xg_d, lineG, startG) : curve4(baseG, xg_d);
      let cb_a = straightB ? madd(xb_a, lineB, startB) : curve4(baseB, xb_a);
      let cb_b = straightB ? madd(xb_b, lineB, startB) : curve4(baseB, xb_b);
      let cb_c = straightB ? madd(xb_c, lineB, startB) : curve4(baseB, xb_c);
      let cb_d = straightB ? madd(xb_d, lineB, startB) : curve4(baseB, xb_d);
      if (tinted) {
        const w_ax = madd(cb_a, darkB, madd(cg_a, darkG, madd(cr_a, darkR, one)));
        const w_bx = madd(cb_b, darkB, madd(cg_b, darkG, madd(cr_b, darkR, one)));
        const w_cx = madd(cb_c, darkB, madd(cg_c, darkG, madd(cr_c, darkR, one)));
        const w_dx = madd(cb_d, darkB, madd(cg_d, darkG, madd(cr_d, darkR, one)));
        // 1 − smoothstep(0, 0.55, l) = smoothstep(0, 1, w) with w = 1 − l / 0.55 (the 1 / 0.55
        // in the luma's weights), and smoothstep(0.45, 1, l) = smoothstep(0, 1, 0.1 / 0.55 − w).
        const shadow_a = smooth4(clampTo(w_ax, zero, one));
        const shadow_b = smooth4(clampTo(w_bx, zero, one));
        const shadow_c = smooth4(clampTo(w_cx, zero, one));
        const shadow_d = smooth4(clampTo(w_dx, zero, one));
        const highlight_a = smooth4(clampTo(f32x4.sub(highEnd, w_ax), zero, one));
        const highlight_b = smooth4(clampTo(f32x4.sub(highEnd, w_bx), zero, one));
        const highlight_c = smooth4(clampTo(f32x4.sub(highEnd, w_cx), zero, one));
        const highlight_d = smooth4(clampTo(f32x4.sub(highEnd, w_dx), zero, one));
        cr_a = madd(shadowR, shadow_a, madd(lightR, highlight_a, cr_a));
        cr_b = madd(shadowR, shadow_b, madd(lightR, highlight_b, cr_b));
        cr_c = madd(shadowR, shadow_c, madd(lightR, highlight_c, cr_c));
        cr_d = madd(shadowR, shadow_d, madd(lightR, highlight_d, cr_d));
        cg_a = madd(shadowG, shadow_a, madd(lightG, highlight_a, cg_a));
        cg_b = madd(shadowG, shadow_b, madd(lightG, highlight_b, cg_b));
        cg_c = madd(shadowG, shadow_c, madd(lightG, highlight_c, cg_c));
        cg_d = madd(shadowG, shadow_d, madd(lightG, highlight_d, cg_d));
        cb_a = madd(shadowB, shadow_a, madd(lightB, highlight_a, cb_a));
        cb_b = madd(shadowB, shadow_b, madd(lightB, highlight_b, cb_b));
        cb_c = madd(shadowB, shadow_c, madd(lightB, highlight_c, cb_c));
        cb_d = madd(shadowB, shadow_d, madd(lightB, highlight_d, cb_d));
      }
      if (fade) {
        const f_a = v128.load(fade + at_a);
        const f_b = v128.load(fade + at_b);
        const f_c = v128.load(fade + at_c);
        const f_d = v128.load(fade + at_d);
        cr_a = f32x4.mul(cr_a, f_a);
        cr_b = f32x4.mul(cr_b, f_b);
        cr_c = f32x4.mul(cr_c, f_c);
        cr_d = f32x4.mul(cr_d, f_d);
        cg_a = f32x4.mul(cg_a, f_a);
        cg_b = f32x4.mul(cg_b, f_b);
        cg_c = f32x4.mul(cg_c, f_c);
        cg_d = f32x4.mul(cg_d, f_d);
        cb_a = f32x4.mul(cb_a, f_a);
        cb_b = f32x4.mul(cb_b, f_b);
        cb_c = f32x4.mul(cb_c, f_c);
        cb_d = f32x4.mul(cb_d, f_d);
      }
      cr_a = clampTo(cr_a, zero, one);
      cr_b = clampTo(cr_b, zero, one);
      cr_c = clampTo(cr_c, zero, one);
      cr_d = clampTo(cr_d, zero, one);
      cg_a = clampTo(cg_a, zero, one);
      cg_b = clampTo(cg_b, zero, one);
      cg_c = clampTo(cg_c, zero, one);
      cg_d = clampTo(cg_d, zero, one);
      cb_a = clampTo(cb_a, zero, one);
      cb_b = clampTo(cb_b, zero, one);
      cb_c = clampTo(cb_c, zero, one);
      cb_d = clampTo(cb_d, zero, one);
      if (mixed) {
        r_a = f32x4.mul(r0_a, inv255);
        r_b = f32x4.mul(r0_b, inv255);
        r_c = f32x4.mul(r0_c, inv255);
        r_d = f32x4.mul(r0_d, inv255);
        g_a = f32x4.mul(g0_a, inv255);
        g_b = f32x4.mul(g0_b, inv255);
        g_c = f32x4.mul(g0_c, inv255);
        g_d = f32x4.mul(g0_d, inv255);
        b_a = f32x4.mul(b0_a, inv255);
        b_b = f32x4.mul(b0_b, inv255);
        b_c = f32x4.mul(b0_c, inv255);
        b_d = f32x4.mul(b0_d, inv255);
        r_a = madd(f32x4.sub(cr_a, r_a), mix, r_a);
        r_b = madd(f32x4.sub(cr_b, r_b), mix, r_b);
        r_c = madd(f32x4.sub(cr_c, r_c), mix, r_c);
        r_d = madd(f32x4.sub(cr_d, r_d), mix, r_d);
        g_a = madd(f32x4.sub(cg_a, g_a), mix, g_a);
        g_b = madd(f32x4.sub(cg_b, g_b), mix, g_b);
        g_c = madd(f32x4.sub(cg_c, g_c), mix, g_c);
        g_d = madd(f32x4.sub(cg_d, g_d), mix, g_d);
        b_a = madd(f32x4.sub(cb_a, b_a), mix, b_a);
        b_b = madd(f32x4.sub(cb_b, b_b), mix, b_b);
        b_c = madd(f32x4.sub(cb_c, b_c), mix, b_c);
        b_d = madd(f32x4.sub(cb_d, b_d), mix, b_d);
      } else {
        r_a = cr_a;
        r_b = cr_b;
        r_c = cr_c;
        r_d = cr_d;
        g_a = cg_a;
        g_b = cg_b;
        g_c = cg_c;
        g_d = cg_d;
        b_a = cb_a;
        b_b = cb_b;
        b_c = cb_c;
        b_d = cb_d;
      }
    } else {
      r_a = f32x4.mul(r0_a, inv255);
      r_b = f32x4.mul(r0_b, inv255);
      r_c = f32x4.mul(r0_c, inv255);
      r_d = f32x4.mul(r0_d, inv255);
      g_a = f32x4.mul(g0_a, inv255);
      g_b = f32x4.mul(g0_b, inv255);
      g_c = f32x4.mul(g0_c, inv255);
      g_d = f32x4.mul(g0_d, inv255);
      b_a = f32x4.mul(b0_a, inv255);
      b_b = f32x4.mul(b0_b, inv255);
      b_c = f32x4.mul(b0_c, inv255);
      b_d = f32x4.mul(b0_d, inv255);
    }
    v128.store(out + at_a, r_a);
    v128.store(out + at_b, r_b);
    v128.store(out + at_c, r_c);
    v128.store(out + at_d, r_d);
    v128.store(out + plane + at_a, g_a);
    v128.store(out + plane + at_b, g_b);
    v128.store(out + plane + at_c, g_c);
    v128.store(out + plane + at_d, g_d);
    v128.store(out + (plane << 1) + at_a, b_a);
    v128.store(out + (plane << 1) + at_b, b_b);
    v128.store(out + (plane << 1) + at_c, b_c);
    v128.store(out + (plane << 1) + at_d, b_d);
  }
}

/**
 * The adjustments up to their clamp on the three planes colourRows left at `out`, then the
 * vignette (`keep`: its factor × 255 per pixel, 0: none), sharpen (`detail`, × 255; 0: none) and
 * the row's RGBA bytes into `bytes` (alpha from `words`), as grade.ts's finishRow; four groups
 * of four pixels at a time.
 */
export function adjustFinishRow(
  words: usize,
  bytes: usize,
  count: i32,
  out: usize,
  plane: usize,
  keep: usize,
  detail: usize,
): void {
  const scale255 = f32x4.splat(255);
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
  const greyR = splat(LR * fadeGrey);
  const greyG = splat(LG * fadeGrey);
  const greyB = splat(LB * fadeGrey);
  for (let i = 0; i < count; i += 16) {
    const at_a = (<usize>i) << 2;
    const at_b = at_a + 16;
    const at_c = at_a + 32;
    const at_d = at_a + 48;
    let r_a = v128.load(out + at_a);
    let r_b = v128.load(out + at_b);
    let r_c = v128.load(out + at_c);
    let r_d = v128.load(out + at_d);
    let g_a = v128.load(out + plane + at_a);
    let g_b = v128.load(out + plane + at_b);
    let g_c = v128.load(out + plane + at_c);
    let g_d = v128.load(out + plane + at_d);
    let b_a = v128.load(out + (plane << 1) + at_a);
    let b_b = v128.load(out + (plane << 1) + at_b);
    let b_c = v128.load(out + (plane << 1) + at_c);
    let b_d = v128.load(out + (plane << 1) + at_d);
    if (bent) {
      r_a = madd(r_a, madd(r_a, kB, kA), kC);
      r_b = madd(r_b, madd(r_b, kB, kA), kC);
      r_c = madd(r_c, madd(r_c, kB, kA), kC);
      r_d = madd(r_d, madd(r_d, kB, kA), kC);
      g_a = madd(g_a, madd(g_a, kB, kA), kC);
      g_b = madd(g_b, madd(g_b, kB, kA), kC);
      g_c = madd(g_c, madd(g_c, kB, kA), kC);
      g_d = madd(g_d, madd(g_d, kB, kA), kC);
      b_a = madd(b_a, madd(b_a, kB, kA), kC);
      b_b = madd(b_b, madd(b_b, kB, kA), kC);
      b_c = madd(b_c, madd(b_c, kB, kA), kC);
      b_d = madd(b_d, madd(b_d, kB, kA), kC);
    }
    const grey_a = madd(b_a, greyB, madd(g_a, greyG, f32x4.mul(r_a, greyR)));
    const grey_b = madd(b_b, greyB, madd(g_b, greyG, f32x4.mul(r_b, greyR)));
    const grey_c = madd(b_c, greyB, madd(g_c, greyG, f32x4.mul(r_c, greyR)));
    const grey_d = madd(b_d, greyB, madd(g_d, greyG, f32x4.mul(r_d, greyR)));
    r_a = clampTo(madd(r_a, fC, f32x4.add(grey_a, fR)), fLow, fHigh);
    r_b = clampTo(madd(r_b, fC, f32x4.add(grey_b, fR)), fLow, fHigh);
    r_c = clampTo(madd(r_c, fC, f32x4.add(grey_c, fR)), fLow, fHigh);
    r_d = clampTo(madd(r_d, fC, f32x4.add(grey_d, fR)), fLow, fHigh);
    g_a = clampTo(madd(g_a, fC, f32x4.add(grey_a, fG)), fLow, fHigh);
    g_b = clampTo(madd(g_b, fC, f32x4.add(grey_b, fG)), fLow, fHigh);
    g_c = clampTo(madd(g_c, fC, f32x4.add(grey_c, fG)), fLow, fHigh);
    g_d = clampTo(madd(g_d, fC, f32x4.add(grey_d, fG)), fLow, fHigh);
    b_a = clampTo(madd(b_a, fC, f32x4.add(grey_a, fB)), fLow, fHigh);
    b_b = clampTo(madd(b_b, fC, f32x4.add(grey_b, fB)), fLow, fHigh);
    b_c = clampTo(madd(b_c, fC, f32x4.add(grey_c, fB)), fLow, fHigh);
    b_d = clampTo(madd(b_d, fC, f32x4.add(grey_d, fB)), fLow, fHigh);
    if (lit) {
      // highlights · smoothstep(0.5, 1, l) + shadows · (1 − smoothstep(0, 0.5, l)): at most
      // one term is not 0, and with v = 2l − 1 both are smoothstep(0, 1, |v|) (the second
      // as 1 − smoothstep(0, 1, 1 + v) = smoothstep(0, 1, −v)), times highlights where v ≥ 0
      // and shadows where v < 0.
      const v_a = madd(b_a, twoLB, madd(g_a, twoLG, madd(r_a, twoLR, minusOne)));
      const v_b = madd(b_b, twoLB, madd(g_b, twoLG, madd(r_b, twoLR, minusOne)));
      const v_c = madd(b_c, twoLB, madd(g_c, twoLG, madd(r_c, twoLR, minusOne)));
      const v_d = madd(b_d, twoLB, madd(g_d, twoLG, madd(r_d, twoLR, minusOne)));
      const side_a = v128.bitselect(highlights, shadows, f32x4.ge(v_a, zero));
      const side_b = v128.bitselect(highlights, shadows, f32x4.ge(v_b, zero));
      const side_c = v128.bitselect(highlights, shadows, f32x4.ge(v_c, zero));
      const side_d = v128.bitselect(highlights, shadows, f32x4.ge(v_d, zero));
      const light_a = f32x4.mul(side_a, smooth4(f32x4.pmin(f32x4.abs(v_a), one)));
      const light_b = f32x4.mul(side_b, smooth4(f32x4.pmin(f32x4.abs(v_b), one)));
      const light_c = f32x4.mul(side_c, smooth4(f32x4.pmin(f32x4.abs(v_c), one)));
      const light_d = f32x4.mul(side_d, smooth4(f32x4.pmin(f32x4.abs(v_d), one)));
      r_a = clampTo(f32x4.add(r_a, light_a), zero, one);
      r_b = clampTo(f32x4.add(r_b, light_b), zero, one);
      r_c = clampTo(f32x4.add(r_c, light_c), zero, one);
      r_d = clampTo(f32x4.add(r_d, light_d), zero, one);
      g_a = clampTo(f32x4.add(g_a, light_a), zero, one);
      g_b = clampTo(f32x4.add(g_b, light_b), zero, one);
      g_c = clampTo(f32x4.add(g_c, light_c), zero, one);
      g_d = clampTo(f32x4.add(g_d, light_d), zero, one);
      b_a = clampTo(f32x4.add(b_a, light_a), zero, one);
      b_b = clampTo(f32x4.add(b_b, light_b), zero, one);
      b_c = clampTo(f32x4.add(b_c, light_c), zero, one);
      b_d = clampTo(f32x4.add(b_d, light_d), zero, one);
    }
    const k_a = keep ? v128.load(keep + at_a) : scale255;
    const k_b = keep ? v128.load(keep + at_b) : scale255;
    const k_c = keep ? v128.load(keep + at_c) : scale255;
    const k_d = keep ? v128.load(keep + at_d) : scale255;
    if (detail) {
      const d_a = v128.load(detail + at_a);
      const d_b = v128.load(detail + at_b);
      const d_c = v128.load(detail + at_c);
      const d_d = v128.load(detail + at_d);
      r_a = madd(r_a, k_a, d_a);
      r_b = madd(r_b, k_b, d_b);
      r_c = madd(r_c, k_c, d_c);
      r_d = madd(r_d, k_d, d_d);
      g_a = madd(g_a, k_a, d_a);
      g_b = madd(g_b, k_b, d_b);
      g_c = madd(g_c, k_c, d_c);
      g_d = madd(g_d, k_d, d_d);
      b_a = madd(b_a, k_a, d_a);
      b_b = madd(b_b, k_b, d_b);
      b_c = madd(b_c, k_c, d_c);
      b_d = madd(b_d, k_d, d_d);
    } else {
      r_a = f32x4.mul(r_a, k_a);
      r_b = f32x4.mul(r_b, k_b);
      r_c = f32x4.mul(r_c, k_c);
      r_d = f32x4.mul(r_d, k_d);
      g_a = f32x4.mul(g_a, k_a);
      g_b = f32x4.mul(g_b, k_b);
      g_c = f32x4.mul(g_c, k_c);
      g_d = f32x4.mul(g_d, k_d);
      b_a = f32x4.mul(b_a, k_a);
      b_b = f32x4.mul(b_b, k_b);
      b_c = f32x4.mul(b_c, k_c);
      b_d = f32x4.mul(b_d, k_d);
    }
    v128.store(bytes + at_a, pack4(r_a, g_a, b_a, v128.load(words + at_a)));
    v128.store(bytes + at_b, pack4(r_b, g_b, b_b, v128.load(words + at_b)));
    v128.store(bytes + at_c, pack4(r_c, g_c, b_c, v128.load(words + at_c)));
    v128.store(bytes + at_d, pack4(r_d, g_d, b_d, v128.load(words + at_d)));
  }
}

/** The adjustments are on (adjustFinishRow finishes the rows). */
export function isAdjusting(): bool {
  return adjusting;
}

/** Red's bit position in an input word (RGBA: 0, BGRA: 16), for sharpen's luma. */
export function redShift(): i32 {
  return shiftR;
}

/**
 * Takes the parameter block, fills the (midpoint, slope) tables at `pairs` from the three curve
 * tables at `curves` and sets the constants colourRows uses.
 */
export function setColour(paramBlock: usize, curves: usize, pairs: usize): void {
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
}
