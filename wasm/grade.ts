/**
 * The CPU twin's grade (shaders/filter/cpu.ts gradePixelsCpu) in AssemblyScript, built to
 * WebAssembly with SIMD (`npm run build:wasm` → grade.wasm, committed; a unit test checks it is
 * this file's build). The caller (shaders/filter/wasmGrade.ts) lays out the memory: the uniforms
 * as f64 values, the three curve tables it computed (the twin's own tables), scratch rows, the
 * luma plane, and the RGBA pixels in and out.
 *
 * The same maths as filter.frag, in f32 on four pixels at a time: every pixel is computed (no
 * colour cache, so a photo's number of colours and the look's own vignette cost nothing extra);
 * the tone step is affine in the byte value, the curves are interpolated in the twin's tables
 * (a gather of four 8-byte pairs per channel), the vignettes and sharpen's detail are computed a
 * row at a time, and the result is rounded half to even like Uint8ClampedArray.
 */

const LR: f64 = 0.2126;
const LG: f64 = 0.7152;
const LB: f64 = 0.0722;
const CURVE_STEPS: f64 = 1024;
/** Entries per curve table from the caller (CURVE_STEPS + 2). */
const CURVE_LENGTH = 1026;

// Parameter block: f64 values at `params`, in this order (wasmGrade.ts paramBlock).
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
const P_TONE_SCALE = 25;
const P_TONE_OFFSET = 26;

let params: usize = 0;

function param(index: i32): f64 {
  return load<f64>(params + ((<usize>index) << 3));
}

/** Luma (0..1) of every pixel of the original, for sharpen's 4-neighbour detail; 4 at a time. */
function lumaPlane(pixels: usize, count: i32, luma: usize): void {
  const r = f32x4.splat(<f32>(LR / 255));
  const g = f32x4.splat(<f32>(LG / 255));
  const b = f32x4.splat(<f32>(LB / 255));
  const byte = i32x4.splat(0xff);
  // The plane is padded: the last group may read and write past `count`.
  for (let p = 0; p < count; p += 4) {
    const words = v128.load(pixels + ((<usize>p) << 2));
    const rv = f32x4.convert_i32x4_s(v128.and(words, byte));
    const gv = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(words, 8), byte));
    const bv = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(words, 16), byte));
    const sum = f32x4.add(f32x4.add(f32x4.mul(rv, r), f32x4.mul(gv, g)), f32x4.mul(bv, b));
    v128.store(luma + ((<usize>p) << 2), sum);
  }
}

/**
 * One row's adjustment vignette factor per pixel (1 − amount · smoothstep(0.3, 1, corner)) into
 * `keep`, 4 at a time; `dx2` holds each column's squared x distance from the centre.
 */
function vignetteRow(dx2: usize, dy2: f32, amount: f32, width: i32, keep: usize): void {
  const dy = f32x4.splat(dy2);
  const diagonal = f32x4.splat(1.41421356);
  const low = f32x4.splat(0.3);
  const span = f32x4.splat(<f32>(1 / 0.7));
  const zero = f32x4.splat(0);
  const one = f32x4.splat(1);
  const three = f32x4.splat(3);
  const vignette = f32x4.splat(amount);
  for (let x = 0; x < width; x += 4) {
    const at = (<usize>x) << 2;
    const corner = f32x4.mul(f32x4.sqrt(f32x4.add(v128.load(dx2 + at), dy)), diagonal);
    let s = f32x4.mul(f32x4.sub(corner, low), span);
    s = f32x4.pmax(zero, f32x4.pmin(s, one));
    const smooth = f32x4.mul(f32x4.mul(s, s), f32x4.sub(three, f32x4.add(s, s)));
    v128.store(keep + at, f32x4.sub(one, f32x4.mul(vignette, smooth)));
  }
}

function detailAt(
  here: usize,
  above: usize,
  below: usize,
  x: i32,
  left: i32,
  right: i32,
  amount: f32,
  detail: usize,
): void {
  const at = (<usize>x) << 2;
  const around =
    load<f32>(here + ((<usize>right) << 2)) +
    load<f32>(here + ((<usize>left) << 2)) +
    load<f32>(below + at) +
    load<f32>(above + at);
  store<f32>(detail + at, amount * (load<f32>(here + at) - around * 0.25));
}

/**
 * One row's sharpen detail per pixel (amount · (luma − the mean of its 4 neighbours), edges
 * repeated like CLAMP_TO_EDGE) into `detail`: 4 at a time inside the row, one at a time at its
 * ends.
 */
function detailRow(
  luma: usize,
  row: i32,
  up: i32,
  down: i32,
  width: i32,
  amount: f32,
  detail: usize,
): void {
  const quarter = f32x4.splat(0.25);
  const sharpen = f32x4.splat(amount);
  const here = luma + ((<usize>row) << 2);
  const above = luma + ((<usize>up) << 2);
  const below = luma + ((<usize>down) << 2);
  let x = 1;
  for (; x + 4 <= width - 1; x += 4) {
    const at = (<usize>x) << 2;
    const sides = f32x4.add(v128.load(here + at + 4), v128.load(here + at - 4));
    const around = f32x4.add(sides, f32x4.add(v128.load(below + at), v128.load(above + at)));
    const centre = v128.load(here + at);
    v128.store(detail + at, f32x4.mul(sharpen, f32x4.sub(centre, f32x4.mul(around, quarter))));
  }
  for (; x < width - 1; x++) detailAt(here, above, below, x, x - 1, x + 1, amount, detail);
  detailAt(here, above, below, 0, 0, width > 1 ? 1 : 0, amount, detail);
  if (width > 1) detailAt(here, above, below, width - 1, width - 2, width - 1, amount, detail);
}

/** Curve tables as f32 (value, next value) pairs, one 8-byte load per lane; filled by grade(). */
let pairR: usize = 0;
let pairG: usize = 0;
let pairB: usize = 0;

function pairTable(from: usize, to: usize): void {
  for (let k = 0; k <= 1024; k++) {
    const at = from + ((<usize>k) << 3);
    store<f32>(to + ((<usize>k) << 3), <f32>load<f64>(at));
    store<f32>(to + ((<usize>k) << 3), <f32>load<f64>(at, 8), 4);
  }
}

function splat(index: i32): v128 {
  return f32x4.splat(<f32>param(index));
}

function clamp4(v: v128): v128 {
  return f32x4.pmax(f32x4.splat(0), f32x4.pmin(v, f32x4.splat(1)));
}

function smooth4(s: v128): v128 {
  return f32x4.mul(f32x4.mul(s, s), f32x4.sub(f32x4.splat(3), f32x4.add(s, s)));
}

function luma4(r: v128, g: v128, b: v128): v128 {
  return f32x4.add(
    f32x4.add(f32x4.mul(r, f32x4.splat(<f32>LR)), f32x4.mul(g, f32x4.splat(<f32>LG))),
    f32x4.mul(b, f32x4.splat(<f32>LB)),
  );
}

/** The curve at t (clamped to 0..1) for four lanes, by linear interpolation in `pairs`. */
function curve4(pairs: usize, t: v128): v128 {
  const x = f32x4.mul(clamp4(t), f32x4.splat(<f32>CURVE_STEPS));
  // floor(x) as a float, and as the byte offset of its pair: adding 2^23 leaves the integer in
  // the low mantissa bits (x ≤ 1024), shifted left by 3 for 8-byte pairs.
  const whole = f32x4.floor(x);
  const frac = f32x4.sub(x, whole);
  const at = i32x4.add(
    i32x4.shl(v128.and(f32x4.add(whole, f32x4.splat(8388608)), i32x4.splat(0x7fffff)), 3),
    i32x4.splat(<i32>pairs),
  );
  let a = v128.load64_zero(<usize>i32x4.extract_lane(at, 0));
  a = v128.load64_lane(<usize>i32x4.extract_lane(at, 1), a, 1);
  let b = v128.load64_zero(<usize>i32x4.extract_lane(at, 2));
  b = v128.load64_lane(<usize>i32x4.extract_lane(at, 3), b, 1);
  const low = i8x16.shuffle(a, b, 0, 1, 2, 3, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27);
  const high = i8x16.shuffle(a, b, 4, 5, 6, 7, 12, 13, 14, 15, 20, 21, 22, 23, 28, 29, 30, 31);
  return f32x4.add(low, f32x4.mul(f32x4.sub(high, low), frac));
}

/**
 * Grades rows `first` to `last` (exclusive) of a `width × height` RGBA image. `input` holds the
 * image's rows from `top` = max(first − 1, 0) to min(last + 1, height) (sharpen reads the rows
 * either side), `output` receives the same rows at the same places (rows `first`..`last` graded);
 * both have 4 pixels of padding past their end (a row's last group of four may run into the next
 * row, which overwrites it). `curves`: the three curve tables (CURVE_LENGTH f64 each); `pairs`:
 * scratch, 3 × 1025 × 8 bytes; `rows`: four f32 rows of `stride` (≥ width rounded up to 4, + 4);
 * `luma`: f32 per input pixel (+ 4), sharpen's plane.
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
  pairTable(curves, pairR);
  pairTable(curves + CURVE_LENGTH * 8, pairG);
  pairTable(curves + 2 * CURVE_LENGTH * 8, pairB);
  const grading = param(P_GRADING) != 0;
  const adjusting = param(P_ADJUSTING) != 0;
  const lookVignette = <f32>(param(P_PER_PIXEL) != 0 ? param(P_LOOK_VIGNETTE) : 0);
  const adjVignette = <f32>param(P_ADJ_VIGNETTE);
  const sharpen = <f32>param(P_SHARPEN);
  const dx2 = rows;
  const keep = rows + ((<usize>stride) << 2);
  const detail = keep + ((<usize>stride) << 2);
  const fadeRow = detail + ((<usize>stride) << 2);
  const top = first > 0 ? first - 1 : 0;
  const bottom = last < height ? last + 1 : height;
  if (sharpen > 0) lumaPlane(input, width * (bottom - top), luma);
  for (let x = 0; x < stride; x++) {
    const d = (<f64>x + 0.5) / <f64>width - 0.5;
    store<f32>(dx2 + ((<usize>x) << 2), <f32>(d * d));
  }
  // Tone: ((v / 255) · exposure − 0.5) · contrast + 0.5 + brightness, affine in the byte v.
  const toneScale = splat(P_TONE_SCALE);
  const toneOffset = splat(P_TONE_OFFSET);
  const inv255 = f32x4.splat(<f32>(1.0 / 255.0));
  const byte = i32x4.splat(0xff);
  const mix = splat(P_MIX);
  const saturation = splat(P_SATURATION);
  const shiftR = splat(P_SHIFT);
  const shiftG = splat(P_SHIFT + 1);
  const shiftB = splat(P_SHIFT + 2);
  const shadowR = splat(P_SHADOW);
  const shadowG = splat(P_SHADOW + 1);
  const shadowB = splat(P_SHADOW + 2);
  const lightR = splat(P_LIGHT);
  const lightG = splat(P_LIGHT + 1);
  const lightB = splat(P_LIGHT + 2);
  const bend = splat(P_BEND);
  const adjContrast = splat(P_ADJ_CONTRAST);
  const adjSaturation = splat(P_ADJ_SATURATION);
  const warmth = splat(P_WARMTH);
  const fadeScale = splat(P_FADE_SCALE);
  const fadeOffset = splat(P_FADE_OFFSET);
  const highlights = splat(P_HIGHLIGHTS);
  const shadows = splat(P_SHADOWS);
  const one = f32x4.splat(1);
  const half = f32x4.splat(0.5);
  const zero = f32x4.splat(0);
  for (let y = first; y < last; y++) {
    const dyf = (<f64>y + 0.5) / <f64>height - 0.5;
    const dy2 = <f32>(dyf * dyf);
    const row = (y - top) * width;
    if (adjVignette != 0) vignetteRow(dx2, dy2, adjVignette, width, keep);
    if (lookVignette != 0) lookVignetteRow(dx2, dy2, lookVignette, width, fadeRow);
    if (sharpen > 0) {
      const up = y > 0 ? row - width : row;
      const down = y < height - 1 ? row + width : row;
      detailRow(luma, row, up, down, width, sharpen, detail);
    }
    for (let x = 0; x < width; x += 4) {
      const offset = (<usize>(row + x)) << 2;
      const words = v128.load(input + offset);
      const r0 = f32x4.convert_i32x4_s(v128.and(words, byte));
      const g0 = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(words, 8), byte));
      const b0 = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(words, 16), byte));
      let r = f32x4.mul(r0, inv255);
      let g = f32x4.mul(g0, inv255);
      let b = f32x4.mul(b0, inv255);
      if (grading) {
        const tr = f32x4.add(f32x4.mul(r0, toneScale), toneOffset);
        const tg = f32x4.add(f32x4.mul(g0, toneScale), toneOffset);
        const tb = f32x4.add(f32x4.mul(b0, toneScale), toneOffset);
        const grey = luma4(tr, tg, tb);
        let cr = curve4(
          pairR,
          f32x4.add(f32x4.add(grey, f32x4.mul(f32x4.sub(tr, grey), saturation)), shiftR),
        );
        let cg = curve4(
          pairG,
          f32x4.add(f32x4.add(grey, f32x4.mul(f32x4.sub(tg, grey), saturation)), shiftG),
        );
        let cb = curve4(
          pairB,
          f32x4.add(f32x4.add(grey, f32x4.mul(f32x4.sub(tb, grey), saturation)), shiftB),
        );
        const l = luma4(cr, cg, cb);
        const shadow = f32x4.sub(one, smooth4(clamp4(f32x4.mul(l, f32x4.splat(<f32>(1 / 0.55))))));
        const highlight = smooth4(
          clamp4(f32x4.mul(f32x4.sub(l, f32x4.splat(0.45)), f32x4.splat(<f32>(1 / 0.55)))),
        );
        cr = f32x4.add(cr, f32x4.add(f32x4.mul(shadowR, shadow), f32x4.mul(lightR, highlight)));
        cg = f32x4.add(cg, f32x4.add(f32x4.mul(shadowG, shadow), f32x4.mul(lightG, highlight)));
        cb = f32x4.add(cb, f32x4.add(f32x4.mul(shadowB, shadow), f32x4.mul(lightB, highlight)));
        if (lookVignette != 0) {
          const fade = v128.load(fadeRow + ((<usize>x) << 2));
          cr = f32x4.mul(cr, fade);
          cg = f32x4.mul(cg, fade);
          cb = f32x4.mul(cb, fade);
        }
        r = f32x4.add(r, f32x4.mul(f32x4.sub(clamp4(cr), r), mix));
        g = f32x4.add(g, f32x4.mul(f32x4.sub(clamp4(cg), g), mix));
        b = f32x4.add(b, f32x4.mul(f32x4.sub(clamp4(cb), b), mix));
      }
      if (adjusting) {
        r = f32x4.add(r, f32x4.mul(f32x4.mul(bend, r), f32x4.sub(one, r)));
        g = f32x4.add(g, f32x4.mul(f32x4.mul(bend, g), f32x4.sub(one, g)));
        b = f32x4.add(b, f32x4.mul(f32x4.mul(bend, b), f32x4.sub(one, b)));
        r = f32x4.add(f32x4.mul(f32x4.sub(r, half), adjContrast), half);
        g = f32x4.add(f32x4.mul(f32x4.sub(g, half), adjContrast), half);
        b = f32x4.add(f32x4.mul(f32x4.sub(b, half), adjContrast), half);
        let grey = luma4(r, g, b);
        r = f32x4.add(f32x4.add(grey, f32x4.mul(f32x4.sub(r, grey), adjSaturation)), warmth);
        g = f32x4.add(grey, f32x4.mul(f32x4.sub(g, grey), adjSaturation));
        b = f32x4.sub(f32x4.add(grey, f32x4.mul(f32x4.sub(b, grey), adjSaturation)), warmth);
        r = f32x4.pmax(zero, f32x4.add(f32x4.mul(clamp4(r), fadeScale), fadeOffset));
        g = f32x4.pmax(zero, f32x4.add(f32x4.mul(clamp4(g), fadeScale), fadeOffset));
        b = f32x4.pmax(zero, f32x4.add(f32x4.mul(clamp4(b), fadeScale), fadeOffset));
        grey = luma4(r, g, b);
        const lifted = f32x4.mul(
          highlights,
          smooth4(clamp4(f32x4.mul(f32x4.sub(grey, half), f32x4.splat(2)))),
        );
        const light = f32x4.add(
          lifted,
          f32x4.mul(shadows, f32x4.sub(one, smooth4(clamp4(f32x4.add(grey, grey))))),
        );
        r = clamp4(f32x4.add(r, light));
        g = clamp4(f32x4.add(g, light));
        b = clamp4(f32x4.add(b, light));
      }
      if (adjVignette != 0) {
        const k = v128.load(keep + ((<usize>x) << 2));
        r = f32x4.mul(r, k);
        g = f32x4.mul(g, k);
        b = f32x4.mul(b, k);
      }
      if (sharpen > 0) {
        const d = v128.load(detail + ((<usize>x) << 2));
        r = f32x4.add(r, d);
        g = f32x4.add(g, d);
        b = f32x4.add(b, d);
      }
      v128.store(output + offset, pack4(r, g, b, words));
    }
  }
}

/** The look's own vignette per pixel of a row: 1 − amount · smoothstep(0.35, 1, corner). */
function lookVignetteRow(dx2: usize, dy2: f32, amount: f32, width: i32, fade: usize): void {
  const dy = f32x4.splat(dy2);
  for (let x = 0; x < width; x += 4) {
    const at = (<usize>x) << 2;
    const corner = f32x4.mul(
      f32x4.sqrt(f32x4.add(v128.load(dx2 + at), dy)),
      f32x4.splat(1.41421356),
    );
    const s = clamp4(f32x4.mul(f32x4.sub(corner, f32x4.splat(0.35)), f32x4.splat(<f32>(1 / 0.65))));
    v128.store(fade + at, f32x4.sub(f32x4.splat(1), f32x4.mul(f32x4.splat(amount), smooth4(s))));
  }
}

/** Four pixels' channels (0..1) to RGBA bytes with their original alpha, rounded half to even. */
function pack4(r: v128, g: v128, b: v128, words: v128): v128 {
  const scale = f32x4.splat(255);
  const magic = f32x4.splat(8388608);
  const byte = i32x4.splat(0xff);
  const top = f32x4.splat(255);
  const zero = f32x4.splat(0);
  const ri = v128.and(
    f32x4.add(f32x4.pmax(zero, f32x4.pmin(f32x4.mul(r, scale), top)), magic),
    byte,
  );
  const gi = v128.and(
    f32x4.add(f32x4.pmax(zero, f32x4.pmin(f32x4.mul(g, scale), top)), magic),
    byte,
  );
  const bi = v128.and(
    f32x4.add(f32x4.pmax(zero, f32x4.pmin(f32x4.mul(b, scale), top)), magic),
    byte,
  );
  const alpha = v128.and(words, i32x4.splat(0xff000000));
  return v128.or(v128.or(ri, i32x4.shl(gi, 8)), v128.or(i32x4.shl(bi, 16), alpha));
}
