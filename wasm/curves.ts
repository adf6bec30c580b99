/**
 * The grade's curve lookups and byte packing (wasm/grade.ts): (midpoint, slope) tables made from
 * the caller's curve tables, their gather for four lanes, and four pixels to RGBA bytes.
 */
import { madd } from './simd';

export const CURVE_STEPS: f64 = 1024;
/** Entries per curve table from the caller (CURVE_STEPS + 2). */
export const CURVE_LENGTH = 1026;
/** 1.5 · 2^23: adding it rounds an f32 of magnitude < 2^22 to an integer in the low bits. */
export const MAGIC: f32 = 12582912;
export const MAGIC_BITS = 0x4b400000;

/**
 * Fills a (midpoint, slope) table from the curve at `from`; returns the curve's slope per index
 * step when the curve is a straight line (gamma 1: lift + (gain − lift) · x), else NaN.
 */
export function pairTable(from: usize, to: usize): f64 {
  const first = load<f64>(from);
  const slope = (load<f64>(from + ((<usize>CURVE_STEPS) << 3)) - first) / CURVE_STEPS;
  let straight = true;
  for (let k = 0; k <= 1024; k++) {
    const at = from + ((<usize>k) << 3);
    const low = load<f64>(at);
    const high = load<f64>(at, 8);
    store<f32>(to + ((<usize>k) << 3), <f32>((low + high) * 0.5));
    store<f32>(to + ((<usize>k) << 3), <f32>(high - low), 4);
    if (Math.abs(low - (first + slope * <f64>k)) > 1e-9) straight = false;
  }
  return straight ? slope : NaN;
}

/**
 * The curve at index x + 0.5 (x already clamped to −0.5..CURVE_STEPS − 0.5) for four lanes: x
 * rounded to the nearest integer k (a tie picks either segment, which meet there) and the
 * (midpoint, slope) pair of segment k. `base` is the pairs' address less MAGIC_BITS << 3, so the
 * rounded float's bits shifted left by 3 land on the pair.
 */
export function curve4(base: v128, x: v128): v128 {
  const magic = f32x4.splat(MAGIC);
  const rounded = f32x4.add(x, magic);
  const frac = f32x4.sub(x, f32x4.sub(rounded, magic));
  const at = i32x4.add(i32x4.shl(rounded, 3), base);
  let a = v128.load64_zero(<usize>i32x4.extract_lane(at, 0));
  a = v128.load64_lane(<usize>i32x4.extract_lane(at, 1), a, 1);
  let b = v128.load64_zero(<usize>i32x4.extract_lane(at, 2));
  b = v128.load64_lane(<usize>i32x4.extract_lane(at, 3), b, 1);
  const mid = i8x16.shuffle(a, b, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
  const slope = i8x16.shuffle(a, b, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
  return madd(slope, frac, mid);
}

/**
 * Four pixels' channels, already scaled to 0..255, to RGBA bytes with their original alpha:
 * rounded half to even (the MAGIC add), clamped to 0..255 by the saturating narrows.
 */
export function pack4(r: v128, g: v128, b: v128, words: v128): v128 {
  const magic = f32x4.splat(MAGIC);
  const bits = i32x4.splat(MAGIC_BITS);
  const ri = i32x4.sub(f32x4.add(r, magic), bits);
  const gi = i32x4.sub(f32x4.add(g, magic), bits);
  const bi = i32x4.sub(f32x4.add(b, magic), bits);
  const alpha = i32x4.shr_u(words, 24);
  const bytes = i8x16.narrow_i16x8_u(i16x8.narrow_i32x4_u(ri, gi), i16x8.narrow_i32x4_u(bi, alpha));
  // r0 r1 r2 r3 g0 g1 g2 g3 b0 b1 b2 b3 a0 a1 a2 a3 → r0 g0 b0 a0 r1 …
  return i8x16.shuffle(bytes, bytes, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
}
