/**
 * SIMD helpers shared by the grade's files (wasm/grade.ts, wasm/rows.ts): four f32 lanes at a
 * time; `madd` is fused where the module is built with relaxed SIMD (grade-relaxed.wasm).
 */

export const LR: f64 = 0.2126;
export const LG: f64 = 0.7152;
export const LB: f64 = 0.0722;

export function splat(value: f64): v128 {
  return f32x4.splat(<f32>value);
}

/** a · b + c: fused where the module is built with relaxed SIMD (grade-relaxed.wasm). */
export function madd(a: v128, b: v128, c: v128): v128 {
  if (ASC_FEATURE_RELAXED_SIMD) return f32x4.relaxed_madd(a, b, c);
  return f32x4.add(f32x4.mul(a, b), c);
}

export function clampTo(v: v128, low: v128, high: v128): v128 {
  return f32x4.pmax(low, f32x4.pmin(v, high));
}

/** s² · (3 − 2s) for s already in 0..1. */
export function smooth4(s: v128): v128 {
  return f32x4.mul(f32x4.mul(s, s), madd(s, f32x4.splat(-2), f32x4.splat(3)));
}

export function luma4(r: v128, g: v128, b: v128): v128 {
  return madd(
    b,
    f32x4.splat(<f32>LB),
    madd(g, f32x4.splat(<f32>LG), f32x4.mul(r, f32x4.splat(<f32>LR))),
  );
}
