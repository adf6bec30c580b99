/**
 * The CPU twin's per-pixel loop (shaders/filter/cpu.ts gradePixelsCpu) in AssemblyScript, built
 * to WebAssembly with SIMD (`npm run build:wasm` → grade.wasm, committed; a unit test checks it
 * is this file's build). The caller (shaders/filter/wasmGrade.ts) lays out the memory: the
 * uniforms as f64 values, the tone and curve tables it computed (the same tables as the twin),
 * the colour cache, the vignette's x part, the luma plane and the RGBA pixels, graded in place.
 *
 * The colour part is the twin's f64 arithmetic, line for line, once per colour the photo has
 * (the same direct-mapped cache of 2^17 colours); it is kept as f32 lanes (r, g, b, 0), so the
 * per-pixel part — vignette, sharpen, × 255, clamp, round to nearest even like
 * Uint8ClampedArray, pack — runs on one v128 per pixel.
 */

const LR: f64 = 0.2126;
const LG: f64 = 0.7152;
const LB: f64 = 0.0722;
const CURVE_STEPS: f64 = 1024;
const CACHE_BITS: u32 = 17;

// Parameter block: f64 values at `params`, in this order.
const P_MIX = 0;
const P_GRADING = 1;
const P_ADJUSTING = 2;
const P_SATURATION = 3;
const P_SHIFT = 4; // 3
const P_SHADOW = 7; // 3
const P_LIGHT = 10; // 3
const P_BEND = 13;
const P_ADJ_CONTRAST = 14;
const P_ADJ_SATURATION = 15;
const P_WARMTH = 16;
const P_FADE_SCALE = 17;
const P_FADE_OFFSET = 18;
const P_HIGHLIGHTS = 19;
const P_SHADOWS = 20;
const P_LOOK_VIGNETTE = 21;
const P_PER_PIXEL = 22;
const P_ADJ_VIGNETTE = 23;
const P_SHARPEN = 24;

let params: usize = 0;
let toneTable: usize = 0;
let curveR: usize = 0;
let curveG: usize = 0;
let curveB: usize = 0;

function param(index: i32): f64 {
  return load<f64>(params + ((<usize>index) << 3));
}

function clamp01(v: f64): f64 {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}

function curve(table: usize, t: f64): f64 {
  const x = clamp01(t) * CURVE_STEPS;
  const k = <i32>x;
  const at = table + ((<usize>k) << 3);
  const low = load<f64>(at);
  return low + (load<f64>(at, 8) - low) * (x - <f64>k);
}

/** The twin's colourPart: the look at `fade`, the strength mix, the adjustments before their vignette. */
function colour(r0: i32, g0: i32, b0: i32, fade: f64): v128 {
  const inv255: f64 = 1.0 / 255.0;
  let r = <f64>r0 * inv255;
  let g = <f64>g0 * inv255;
  let b = <f64>b0 * inv255;
  if (param(P_GRADING) != 0) {
    const mixAmount = param(P_MIX);
    const saturation = param(P_SATURATION);
    const tr = load<f64>(toneTable + ((<usize>r0) << 3));
    const tg = load<f64>(toneTable + ((<usize>g0) << 3));
    const tb = load<f64>(toneTable + ((<usize>b0) << 3));
    const grey = tr * LR + tg * LG + tb * LB;
    let cr = curve(curveR, grey + (tr - grey) * saturation + param(P_SHIFT));
    let cg = curve(curveG, grey + (tg - grey) * saturation + param(P_SHIFT + 1));
    let cb = curve(curveB, grey + (tb - grey) * saturation + param(P_SHIFT + 2));
    const l = cr * LR + cg * LG + cb * LB;
    let s = clamp01(l / 0.55);
    const shadow = 1 - s * s * (3 - 2 * s);
    s = clamp01((l - 0.45) / 0.55);
    const highlight = s * s * (3 - 2 * s);
    cr = (cr + param(P_SHADOW) * shadow + param(P_LIGHT) * highlight) * fade;
    cg = (cg + param(P_SHADOW + 1) * shadow + param(P_LIGHT + 1) * highlight) * fade;
    cb = (cb + param(P_SHADOW + 2) * shadow + param(P_LIGHT + 2) * highlight) * fade;
    r += (clamp01(cr) - r) * mixAmount;
    g += (clamp01(cg) - g) * mixAmount;
    b += (clamp01(cb) - b) * mixAmount;
  }
  if (param(P_ADJUSTING) != 0) {
    const bend = param(P_BEND);
    const contrast = param(P_ADJ_CONTRAST);
    const saturation = param(P_ADJ_SATURATION);
    const warmth = param(P_WARMTH);
    const fadeScale = param(P_FADE_SCALE);
    const fadeOffset = param(P_FADE_OFFSET);
    r += bend * r * (1 - r);
    g += bend * g * (1 - g);
    b += bend * b * (1 - b);
    r = (r - 0.5) * contrast + 0.5;
    g = (g - 0.5) * contrast + 0.5;
    b = (b - 0.5) * contrast + 0.5;
    let grey = r * LR + g * LG + b * LB;
    r = grey + (r - grey) * saturation + warmth;
    g = grey + (g - grey) * saturation;
    b = grey + (b - grey) * saturation - warmth;
    r = clamp01(r) * fadeScale + fadeOffset;
    g = clamp01(g) * fadeScale + fadeOffset;
    b = clamp01(b) * fadeScale + fadeOffset;
    if (r < 0) r = 0;
    if (g < 0) g = 0;
    if (b < 0) b = 0;
    grey = r * LR + g * LG + b * LB;
    let s = clamp01((grey - 0.5) * 2);
    let light = param(P_HIGHLIGHTS) * s * s * (3 - 2 * s);
    s = clamp01(grey * 2);
    light += param(P_SHADOWS) * (1 - s * s * (3 - 2 * s));
    r = clamp01(r + light);
    g = clamp01(g + light);
    b = clamp01(b + light);
  }
  let v = f32x4.splat(0);
  v = f32x4.replace_lane(v, 0, <f32>r);
  v = f32x4.replace_lane(v, 1, <f32>g);
  v = f32x4.replace_lane(v, 2, <f32>b);
  return v;
}

/** Luma (0..1) of every pixel of the original, for sharpen's 4-neighbour detail. */
function lumaPlane(pixels: usize, count: i32, luma: usize): void {
  const r: f32 = <f32>(LR / 255);
  const g: f32 = <f32>(LG / 255);
  const b: f32 = <f32>(LB / 255);
  for (let p = 0; p < count; p++) {
    const at = pixels + ((<usize>p) << 2);
    store<f32>(
      luma + ((<usize>p) << 2),
      <f32>load<u8>(at) * r + <f32>load<u8>(at, 1) * g + <f32>load<u8>(at, 2) * b,
    );
  }
}

/** × 255, clamp, round half to even, pack to bytes with the original alpha. */
function pack(c: v128, alpha: u32): u32 {
  let v = f32x4.mul(c, f32x4.splat(255));
  v = f32x4.max(f32x4.splat(0), f32x4.min(v, f32x4.splat(255)));
  const i = i32x4.trunc_sat_f32x4_u(f32x4.nearest(v));
  const w = i16x8.narrow_i32x4_u(i, i);
  const bytes = i8x16.narrow_i16x8_u(w, w);
  return (i32x4.extract_lane(bytes, 0) & 0x00ffffff) | (alpha << 24);
}

/**
 * Grades `width × height` RGBA pixels at `pixels` in place. `keys` (i32 × 2^17) and `values`
 * (v128 × 2^17) are the colour cache, `dx2` (f32 × width) the vignette's x part, `luma`
 * (f32 × pixels) sharpen's plane; tables at `tables`: tone (256 f64), then the three curves
 * (1026 f64 each).
 */
export function grade(
  pixels: usize,
  width: i32,
  height: i32,
  paramBlock: usize,
  tables: usize,
  keys: usize,
  values: usize,
  dx2: usize,
  luma: usize,
): void {
  params = paramBlock;
  toneTable = tables;
  curveR = tables + 256 * 8;
  curveG = curveR + 1026 * 8;
  curveB = curveG + 1026 * 8;
  const perPixel = param(P_PER_PIXEL) != 0;
  const lookVignette = param(P_LOOK_VIGNETTE);
  const adjVignette = <f32>param(P_ADJ_VIGNETTE);
  const sharpen = <f32>param(P_SHARPEN);
  const corners = perPixel || adjVignette != 0;
  if (!perPixel) memory.fill(keys, 0xff, (<usize>4) << CACHE_BITS);
  if (sharpen > 0) lumaPlane(pixels, width * height, luma);
  for (let x = 0; x < width; x++) {
    const d = (<f64>x + 0.5) / <f64>width - 0.5;
    store<f32>(dx2 + ((<usize>x) << 2), <f32>(d * d));
  }
  const shift: u32 = 32 - CACHE_BITS;
  for (let y = 0; y < height; y++) {
    const dyf = (<f64>y + 0.5) / <f64>height - 0.5;
    const dy2 = <f32>(dyf * dyf);
    const row = y * width;
    const up = y > 0 ? row - width : row;
    const down = y < height - 1 ? row + width : row;
    for (let x = 0; x < width; x++) {
      const p = row + x;
      const at = pixels + ((<usize>p) << 2);
      const word = load<u32>(at);
      const r0 = <i32>(word & 0xff);
      const g0 = <i32>((word >> 8) & 0xff);
      const b0 = <i32>((word >> 16) & 0xff);
      const corner: f32 = corners
        ? sqrt<f32>(load<f32>(dx2 + ((<usize>x) << 2)) + dy2) * 1.41421356
        : 0;
      let c: v128;
      if (perPixel) {
        const s = clamp01((<f64>corner - 0.35) / 0.65);
        c = colour(r0, g0, b0, 1 - lookVignette * s * s * (3 - 2 * s));
      } else {
        const key = (<u32>word) & 0xffffff;
        const slot = (key * 0x9e3779b1) >> shift;
        const keyAt = keys + ((<usize>slot) << 2);
        const valueAt = values + ((<usize>slot) << 4);
        if (load<u32>(keyAt) != key) {
          store<u32>(keyAt, key);
          c = colour(r0, g0, b0, 1);
          v128.store(valueAt, c);
        } else {
          c = v128.load(valueAt);
        }
      }
      if (adjVignette != 0) {
        let s = (corner - 0.3) / 0.7;
        s = s < 0 ? 0 : s > 1 ? 1 : s;
        c = f32x4.mul(c, f32x4.splat(1 - adjVignette * s * s * (3 - 2 * s)));
      }
      if (sharpen > 0) {
        const around =
          load<f32>(luma + ((<usize>(x < width - 1 ? p + 1 : p)) << 2)) +
          load<f32>(luma + ((<usize>(x > 0 ? p - 1 : p)) << 2)) +
          load<f32>(luma + ((<usize>(down + x)) << 2)) +
          load<f32>(luma + ((<usize>(up + x)) << 2));
        const detail = sharpen * (load<f32>(luma + ((<usize>p) << 2)) - around * 0.25);
        c = f32x4.add(c, f32x4.splat(detail));
      }
      store<u32>(at, pack(c, word >> 24));
    }
  }
}
