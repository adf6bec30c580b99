/**
 * CPU twin of filter.frag: the same maths over the RGBA bytes, for browsers without WebGL2 and
 * for devices where the worker measured it faster than their (software) WebGL
 * (workers/filterPath.ts). Steps that depend on one value only are tabulated once per call: the
 * tone step (exposure, contrast, brightness) on the 256 byte values exactly, the curve (white
 * balance shift, gamma, lift/gain) on CURVE_STEPS + 1 points with linear interpolation (within
 * 0.1/255 of Math.pow). Outputs round to nearest like the GPU's 8-bit writes.
 *
 * Everything but the vignettes and sharpen depends on the pixel's colour alone, and a 1080 px
 * photo has far fewer colours than pixels (the Pixel photo: 153 k of 875 k), so each call keeps
 * the colour part of the colours it met in a direct-mapped cache and computes it again only on
 * a miss: the same arithmetic, so the same result, bit for bit. A look with its own vignette
 * (which acts inside the colour part) computes every pixel.
 * tests/unit/media/filterReference.ts keeps the line-by-line transcription the tests compare to.
 */
import type { FilterParams } from './looks';
import type { Adjustments } from './adjustments';
import { filterUniforms, type FilterUniforms } from './uniforms';
import { LB, LG, LR } from './cpuMath';

export interface RgbaImage {
  data: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
}

/** Curve tables have CURVE_STEPS + 2 entries (wasm/grade.ts assumes 1026). */
export const CURVE_STEPS = 1024;
const CACHE_BITS = 17;

/** clamp(x, 0, 1) → lift + (gain − lift) · x^gamma, sampled for interpolation. */
function curveTable(gamma: number, lift: number, gain: number): Float64Array {
  const table = new Float64Array(CURVE_STEPS + 2);
  for (let k = 0; k <= CURVE_STEPS; k += 1) {
    table[k] = lift + (gain - lift) * Math.pow(k / CURVE_STEPS, gamma);
  }
  table[CURVE_STEPS + 1] = table[CURVE_STEPS];
  return table;
}

/**
 * The colour part of one pixel into target[at..at+2] (0..1): the look at `fade` (its vignette
 * factor, 1 without one), the strength mix and, when adjusting, the adjustments up to the clamp
 * before their vignette and sharpen.
 */
type ColourPart = (
  r0: number,
  g0: number,
  b0: number,
  fade: number,
  target: Float64Array,
  at: number,
) => void;

/**
 * The tables of the colour part: tone (exposure, contrast, brightness) per byte value and the
 * three curves, as the twin and the WebAssembly grade (wasmGrade.ts) use them.
 */
export function colourTables(u: FilterUniforms) {
  const [exposure, brightness, contrast] = u.uTone;
  // Texture reads are byte / 255; exposure, contrast and brightness act on each channel alike.
  const tone = new Float64Array(256);
  for (let v = 0; v < 256; v += 1)
    tone[v] = ((v / 255) * exposure - 0.5) * contrast + 0.5 + brightness;
  return {
    tone,
    curveR: curveTable(u.uGamma[0], u.uLift[0], u.uGain[0]),
    curveG: curveTable(u.uGamma[1], u.uLift[1], u.uGain[1]),
    curveB: curveTable(u.uGamma[2], u.uLift[2], u.uGain[2]),
  };
}

function colourPart(u: FilterUniforms): ColourPart {
  const mixAmount = u.uFinish[1];
  const grading = mixAmount !== 0;
  const adjusting = u.uAdjFinish[2] !== 0;
  const saturation = u.uTone[3];
  const { tone, curveR, curveG, curveB } = colourTables(u);
  const [shiftR, shiftG, shiftB] = u.uShift;
  const [shadowR, shadowG, shadowB] = u.uShadowTint;
  const [lightR, lightG, lightB] = u.uHighlightTint;
  const [bend, adjContrast, adjSaturation, warmth] = u.uAdjTone;
  const [fadeScale, fadeOffset, highlights, shadows] = u.uAdjLight;
  const inv255 = 1 / 255;

  return (r0, g0, b0, fade, target, at) => {
    let r = r0 * inv255;
    let g = g0 * inv255;
    let b = b0 * inv255;
    if (grading) {
      const tr = tone[r0];
      const tg = tone[g0];
      const tb = tone[b0];
      const grey = tr * LR + tg * LG + tb * LB;
      // clamp(c + shift) → curve, by interpolation in the tables.
      let t = grey + (tr - grey) * saturation + shiftR;
      t = (t < 0 ? 0 : t > 1 ? 1 : t) * CURVE_STEPS;
      let k = t | 0;
      let cr = curveR[k] + (curveR[k + 1] - curveR[k]) * (t - k);
      t = grey + (tg - grey) * saturation + shiftG;
      t = (t < 0 ? 0 : t > 1 ? 1 : t) * CURVE_STEPS;
      k = t | 0;
      let cg = curveG[k] + (curveG[k + 1] - curveG[k]) * (t - k);
      t = grey + (tb - grey) * saturation + shiftB;
      t = (t < 0 ? 0 : t > 1 ? 1 : t) * CURVE_STEPS;
      k = t | 0;
      let cb = curveB[k] + (curveB[k + 1] - curveB[k]) * (t - k);
      const l = cr * LR + cg * LG + cb * LB;
      // 1 − smoothstep(0, 0.55, l) and smoothstep(0.45, 1, l).
      let s = l / 0.55;
      s = s < 0 ? 0 : s > 1 ? 1 : s;
      const shadow = 1 - s * s * (3 - 2 * s);
      s = (l - 0.45) / 0.55;
      s = s < 0 ? 0 : s > 1 ? 1 : s;
      const highlight = s * s * (3 - 2 * s);
      cr = (cr + shadowR * shadow + lightR * highlight) * fade;
      cg = (cg + shadowG * shadow + lightG * highlight) * fade;
      cb = (cb + shadowB * shadow + lightB * highlight) * fade;
      // mix(straight, clamp(graded), strength).
      r += ((cr < 0 ? 0 : cr > 1 ? 1 : cr) - r) * mixAmount;
      g += ((cg < 0 ? 0 : cg > 1 ? 1 : cg) - g) * mixAmount;
      b += ((cb < 0 ? 0 : cb > 1 ? 1 : cb) - b) * mixAmount;
    }
    if (adjusting) {
      r += bend * r * (1 - r);
      g += bend * g * (1 - g);
      b += bend * b * (1 - b);
      r = (r - 0.5) * adjContrast + 0.5;
      g = (g - 0.5) * adjContrast + 0.5;
      b = (b - 0.5) * adjContrast + 0.5;
      let grey = r * LR + g * LG + b * LB;
      r = grey + (r - grey) * adjSaturation + warmth;
      g = grey + (g - grey) * adjSaturation;
      b = grey + (b - grey) * adjSaturation - warmth;
      r = (r < 0 ? 0 : r > 1 ? 1 : r) * fadeScale + fadeOffset;
      g = (g < 0 ? 0 : g > 1 ? 1 : g) * fadeScale + fadeOffset;
      b = (b < 0 ? 0 : b > 1 ? 1 : b) * fadeScale + fadeOffset;
      if (r < 0) r = 0;
      if (g < 0) g = 0;
      if (b < 0) b = 0;
      grey = r * LR + g * LG + b * LB;
      // highlights · smoothstep(0.5, 1, grey) + shadows · (1 − smoothstep(0, 0.5, grey)).
      let s = (grey - 0.5) * 2;
      s = s < 0 ? 0 : s > 1 ? 1 : s;
      let light = highlights * s * s * (3 - 2 * s);
      s = grey * 2;
      s = s < 0 ? 0 : s > 1 ? 1 : s;
      light += shadows * (1 - s * s * (3 - 2 * s));
      r += light;
      g += light;
      b += light;
      r = r < 0 ? 0 : r > 1 ? 1 : r;
      g = g < 0 ? 0 : g > 1 ? 1 : g;
      b = b < 0 ? 0 : b > 1 ? 1 : b;
    }
    target[at] = r;
    target[at + 1] = g;
    target[at + 2] = b;
  };
}

/** Buffers kept between calls: the colour cache and sharpen's luma plane. */
let cacheKeys = new Int32Array(0);
let cacheValues = new Float64Array(0);
let lumaScratch = new Float64Array(0);

function colourCache(): { keys: Int32Array; values: Float64Array } {
  if (cacheKeys.length === 0) {
    cacheKeys = new Int32Array(1 << CACHE_BITS);
    cacheValues = new Float64Array(3 << CACHE_BITS);
  }
  // No colour key is negative: every slot starts empty for this call's uniforms.
  cacheKeys.fill(-1);
  return { keys: cacheKeys, values: cacheValues };
}

/** The original's luma (0..1) per pixel, for sharpen's 4-neighbour detail. */
function lumaPlane(data: Uint8ClampedArray, pixels: number): Float64Array {
  if (lumaScratch.length < pixels) lumaScratch = new Float64Array(pixels);
  const plane = lumaScratch;
  const r = LR / 255;
  const g = LG / 255;
  const b = LB / 255;
  for (let p = 0, i = 0; p < pixels; p += 1, i += 4) {
    plane[p] = data[i] * r + data[i + 1] * g + data[i + 2] * b;
  }
  return plane;
}

/**
 * Grades straight-alpha RGBA `data` with the shader's uniforms into `out` (which may be `data`
 * itself: every read of a neighbour goes through the luma plane taken first).
 */
export function gradePixelsCpu(
  data: Uint8ClampedArray,
  width: number,
  height: number,
  u: FilterUniforms,
  out: Uint8ClampedArray = data,
): void {
  const lookVignette = u.uFinish[0];
  const adjusting = u.uAdjFinish[2] !== 0;
  if (u.uFinish[1] === 0 && !adjusting) {
    if (out !== data) out.set(data);
    return;
  }
  const colour = colourPart(u);
  // The look's vignette only matters when the look is mixed in.
  const perPixel = lookVignette !== 0 && u.uFinish[1] !== 0;
  const { keys, values } = perPixel
    ? { keys: cacheKeys, values: new Float64Array(3) }
    : colourCache();
  const adjVignette = adjusting ? u.uAdjFinish[0] : 0;
  const sharpen = adjusting ? u.uAdjFinish[1] : 0;
  const luma = sharpen > 0 ? lumaPlane(data, width * height) : null;
  // The vignette's distance from the centre, split into its x and y parts.
  const dx2 = new Float64Array(width);
  for (let x = 0; x < width; x += 1) dx2[x] = ((x + 0.5) / width - 0.5) ** 2;
  const shift = 32 - CACHE_BITS;

  for (let y = 0; y < height; y += 1) {
    const dy2 = ((y + 0.5) / height - 0.5) ** 2;
    const row = y * width;
    const up = y > 0 ? row - width : row;
    const down = y < height - 1 ? row + width : row;
    let i = row * 4;
    for (let x = 0; x < width; x += 1, i += 4) {
      const r0 = data[i];
      const g0 = data[i + 1];
      const b0 = data[i + 2];
      const corner = perPixel || adjVignette !== 0 ? Math.sqrt(dx2[x] + dy2) * 1.41421356 : 0;
      let at = 0;
      if (perPixel) {
        // 1 − vignette · smoothstep(0.35, 1, corner), inside the look.
        let s = (corner - 0.35) / 0.65;
        s = s < 0 ? 0 : s > 1 ? 1 : s;
        colour(r0, g0, b0, 1 - lookVignette * s * s * (3 - 2 * s), values, 0);
      } else {
        const key = (r0 << 16) | (g0 << 8) | b0;
        const slot = Math.imul(key, 0x9e3779b1) >>> shift;
        at = slot * 3;
        if (keys[slot] !== key) {
          keys[slot] = key;
          colour(r0, g0, b0, 1, values, at);
        }
      }
      let r = values[at];
      let g = values[at + 1];
      let b = values[at + 2];
      if (adjVignette !== 0) {
        let s = (corner - 0.3) / 0.7;
        s = s < 0 ? 0 : s > 1 ? 1 : s;
        const keep = 1 - adjVignette * s * s * (3 - 2 * s);
        r *= keep;
        g *= keep;
        b *= keep;
      }
      if (luma) {
        // Unsharp mask on the original's luma, edges repeated like CLAMP_TO_EDGE.
        const p = row + x;
        const around =
          luma[x < width - 1 ? p + 1 : p] + luma[x > 0 ? p - 1 : p] + luma[down + x] + luma[up + x];
        const detail = sharpen * (luma[p] - around * 0.25);
        r += detail;
        g += detail;
        b += detail;
      }
      // The clamped array clamps and rounds to nearest, like the GPU's 8-bit write.
      out[i] = r * 255;
      out[i + 1] = g * 255;
      out[i + 2] = b * 255;
      out[i + 3] = data[i + 3];
    }
  }
}

/**
 * Applies `params` at `strength` (0..1), then `adjustments`, to straight-alpha RGBA; returns a
 * new image.
 */
export function applyFilterCpu(
  image: RgbaImage,
  params: FilterParams,
  strength: number,
  adjustments?: Partial<Adjustments> | null,
): RgbaImage {
  const { width, height, data } = image;
  const out = new Uint8ClampedArray(data.length);
  gradePixelsCpu(data, width, height, filterUniforms(params, strength, adjustments), out);
  return { data: out, width, height };
}
