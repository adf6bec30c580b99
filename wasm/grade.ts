/**
 * The CPU twin's grade (shaders/filter/cpu.ts gradePixelsCpu) in AssemblyScript, built to
 * WebAssembly with SIMD (`npm run build:wasm` → grade.wasm, and grade-relaxed.wasm with relaxed
 * SIMD's fused multiply-add; both committed, a unit test checks they are this file's builds). The
 * caller (shaders/filter/wasmGrade.ts) lays out the memory: the uniforms as f64 values, the three
 * curve tables it computed (the twin's own tables), scratch rows and the RGBA pixels in and out.
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

const LR: f64 = 0.2126;
const LG: f64 = 0.7152;
const LB: f64 = 0.0722;
const CURVE_STEPS: f64 = 1024;
/** Entries per curve table from the caller (CURVE_STEPS + 2). */
const CURVE_LENGTH = 1026;
/** 1.5 · 2^23: adding it rounds an f32 of magnitude < 2^22 to an integer in the low bits. */
const MAGIC: f32 = 12582912;
const MAGIC_BITS = 0x4b400000;

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

function splat(value: f64): v128 {
  return f32x4.splat(<f32>value);
}

/** a · b + c: fused where the module is built with relaxed SIMD (grade-relaxed.wasm). */
function madd(a: v128, b: v128, c: v128): v128 {
  if (ASC_FEATURE_RELAXED_SIMD) return f32x4.relaxed_madd(a, b, c);
  return f32x4.add(f32x4.mul(a, b), c);
}

function clampTo(v: v128, low: v128, high: v128): v128 {
  return f32x4.pmax(low, f32x4.pmin(v, high));
}

/** s² · (3 − 2s) for s already in 0..1. */
function smooth4(s: v128): v128 {
  return f32x4.mul(f32x4.mul(s, s), madd(s, f32x4.splat(-2), f32x4.splat(3)));
}

function luma4(r: v128, g: v128, b: v128): v128 {
  return madd(
    b,
    f32x4.splat(<f32>LB),
    madd(g, f32x4.splat(<f32>LG), f32x4.mul(r, f32x4.splat(<f32>LR))),
  );
}

/** Luma (0..1) of one row of the original, for sharpen's 4-neighbour detail; 4 at a time. */
function lumaRow(pixels: usize, width: i32, luma: usize): void {
  const r = f32x4.splat(<f32>(LR / 255));
  const g = f32x4.splat(<f32>(LG / 255));
  const b = f32x4.splat(<f32>(LB / 255));
  const byte = i32x4.splat(0xff);
  // The row is padded: the last group may read past its end (into the next row or padding).
  for (let x = 0; x < width; x += 4) {
    const words = v128.load(pixels + ((<usize>x) << 2));
    const rv = f32x4.convert_i32x4_s(v128.and(words, byte));
    const gv = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(words, 8), byte));
    const bv = f32x4.convert_i32x4_s(i32x4.shr_u(i32x4.shl(words, 8), 24));
    const sum = f32x4.add(f32x4.add(f32x4.mul(rv, r), f32x4.mul(gv, g)), f32x4.mul(bv, b));
    v128.store(luma + ((<usize>x) << 2), sum);
  }
}

/**
 * One row's adjustment vignette factor per pixel (1 − amount · smoothstep(0.3, 1, corner)),
 * times `scale`, into `keep`, 4 at a time; `dx2` holds each column's squared x distance from the
 * centre.
 */
function vignetteRow(dx2: usize, dy2: f32, amount: f32, scale: f32, width: i32, keep: usize): void {
  const dy = f32x4.splat(dy2);
  const diagonal = f32x4.splat(1.41421356);
  const low = f32x4.splat(0.3);
  const span = f32x4.splat(<f32>(1 / 0.7));
  const zero = f32x4.splat(0);
  const one = f32x4.splat(1);
  const three = f32x4.splat(3);
  const vignette = f32x4.splat(amount);
  const times = f32x4.splat(scale);
  for (let x = 0; x < width; x += 4) {
    const at = (<usize>x) << 2;
    const corner = f32x4.mul(f32x4.sqrt(f32x4.add(v128.load(dx2 + at), dy)), diagonal);
    let s = f32x4.mul(f32x4.sub(corner, low), span);
    s = f32x4.pmax(zero, f32x4.pmin(s, one));
    const smooth = f32x4.mul(f32x4.mul(s, s), f32x4.sub(three, f32x4.add(s, s)));
    v128.store(keep + at, f32x4.mul(f32x4.sub(one, f32x4.mul(vignette, smooth)), times));
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
 * ends. `amount` carries the 255 scale; the results are scaled after (exact: the shader's detail
 * is amount · (…), here (amount · 255) · (…)).
 */
function detailRow(
  here: usize,
  above: usize,
  below: usize,
  width: i32,
  amount: f32,
  detail: usize,
): void {
  const quarter = f32x4.splat(0.25);
  const sharpen = f32x4.splat(amount);
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

/** The look's own vignette per pixel of a row: 1 − amount · smoothstep(0.35, 1, corner). */
function lookVignetteRow(dx2: usize, dy2: f32, amount: f32, width: i32, fade: usize): void {
  const dy = f32x4.splat(dy2);
  const zero = f32x4.splat(0);
  const one = f32x4.splat(1);
  for (let x = 0; x < width; x += 4) {
    const at = (<usize>x) << 2;
    const corner = f32x4.mul(
      f32x4.sqrt(f32x4.add(v128.load(dx2 + at), dy)),
      f32x4.splat(1.41421356),
    );
    const s = clampTo(
      f32x4.mul(f32x4.sub(corner, f32x4.splat(0.35)), f32x4.splat(<f32>(1 / 0.65))),
      zero,
      one,
    );
    v128.store(fade + at, f32x4.sub(one, f32x4.mul(f32x4.splat(amount), smooth4(s))));
  }
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

/**
 * Fills a (midpoint, slope) table from the curve at `from`; returns the curve's slope per index
 * step when the curve is a straight line (gamma 1: lift + (gain − lift) · x), else NaN.
 */
function pairTable(from: usize, to: usize): f64 {
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
function curve4(base: v128, x: v128): v128 {
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
function pack4(r: v128, g: v128, b: v128, words: v128): v128 {
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

function setConstants(): void {
  grading = param(P_GRADING) != 0;
  adjusting = param(P_ADJUSTING) != 0;
  // The look, from the bytes c0 and their luma L0 (0..255): tone t = c0 · toneScale +
  // toneOffset, its grey = L0 · toneScale + toneOffset · (LR + LG + LB), then the curve's input
  // grey + (t − grey) · saturation + shift, clamped to 0..1 and scaled to the table's index:
  // index − 0.5 = c0 · inA + L0 · inB + inR (inG, inBlue), clamped to −0.5..CURVE_STEPS − 0.5.
  const toneScale = param(P_TONE_SCALE);
  const toneOffset = param(P_TONE_OFFSET);
  const sat = param(P_SATURATION);
  inA = sat * toneScale * CURVE_STEPS;
  inB = (1 - sat) * toneScale * CURVE_STEPS;
  const greyOffset = (1 - sat) * toneOffset * (LR + LG + LB) + sat * toneOffset;
  inR = (greyOffset + param(P_SHIFT)) * CURVE_STEPS - 0.5;
  inG = (greyOffset + param(P_SHIFT + 1)) * CURVE_STEPS - 0.5;
  inBlue = (greyOffset + param(P_SHIFT + 2)) * CURVE_STEPS - 0.5;
  mixValue = param(P_MIX);
  mixed = mixValue != 1;
  tinted = false;
  for (let i = P_SHADOW; i < P_LIGHT + 3; i++) if (param(i) != 0) tinted = true;
  // Adjustments. Brightness's bend then contrast: (c + bend · c(1 − c) − 0.5) · k + 0.5
  // = c · (k(1 + bend) − k · bend · c) + 0.5(1 − k).
  const bend = param(P_BEND);
  const contrast = param(P_ADJ_CONTRAST);
  bent = bend != 0 || contrast != 1;
  bendA = contrast * (1 + bend);
  bendB = -contrast * bend;
  bendC = 0.5 * (1 - contrast);
  // Saturation and warmth, then clamp(·) · fadeScale + fadeOffset, then max(·, 0): with
  // fadeScale > 0 that is clamp(c · fadeScale + fadeOffset, max(fadeOffset, 0), fadeScale +
  // fadeOffset), and c = grey + (c' − grey) · s ± warmth folds in: c' · (s · fadeScale) +
  // grey · ((1 − s) · fadeScale) + (fadeOffset ± warmth · fadeScale).
  const adjSat = param(P_ADJ_SATURATION);
  const fadeScale = param(P_FADE_SCALE);
  const fadeOffset = param(P_FADE_OFFSET);
  const warmth = param(P_WARMTH);
  fadeC = adjSat * fadeScale;
  fadeGrey = (1 - adjSat) * fadeScale;
  fadeR = fadeOffset + warmth * fadeScale;
  fadeG = fadeOffset;
  fadeB = fadeOffset - warmth * fadeScale;
  fadeLow = fadeOffset > 0 ? fadeOffset : 0;
  fadeHigh = fadeScale + fadeOffset;
  lit = param(P_HIGHLIGHTS) != 0 || param(P_SHADOWS) != 0;
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
  const shadowR = splat(param(P_SHADOW));
  const shadowG = splat(param(P_SHADOW + 1));
  const shadowB = splat(param(P_SHADOW + 2));
  const lightR = splat(param(P_LIGHT));
  const lightG = splat(param(P_LIGHT + 1));
  const lightB = splat(param(P_LIGHT + 2));
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
  const highlights = splat(param(P_HIGHLIGHTS));
  const shadows = splat(param(P_SHADOWS));
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
    const r0 = f32x4.convert_i32x4_s(v128.and(w, byte));
    const g0 = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w, 8), byte));
    const b0 = f32x4.convert_i32x4_s(v128.and(i32x4.shr_u(w, 16), byte));
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
  const lookVignette = <f32>(param(P_PER_PIXEL) != 0 ? param(P_LOOK_VIGNETTE) : 0);
  const adjVignette = <f32>param(P_ADJ_VIGNETTE);
  const sharpen = <f32>param(P_SHARPEN);
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
