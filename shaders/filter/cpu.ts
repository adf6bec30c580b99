/**
 * CPU twin of filter.frag: the same maths, step by step, for browsers without WebGL2. The shader's
 * per-channel steps that depend on one value only are tabulated once per call: the tone step
 * (exposure, contrast, brightness) on the 256 byte values exactly, the curve (white balance
 * shift, gamma, lift/gain) on CURVE_STEPS + 1 points with linear interpolation (within 0.1/255
 * of Math.pow). Outputs round to nearest like the GPU's 8-bit writes.
 * tests/unit/media/filterReference.ts keeps the line-by-line transcription the tests compare to.
 */
import type { FilterParams } from './looks';
import type { Adjustments } from './adjustments';
import { filterUniforms } from './uniforms';
import { lumaDetailAt, pixelAdjuster } from './cpuAdjust';
import { LB, LG, LR, clamp01, smoothstep } from './cpuMath';

export interface RgbaImage {
  data: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
}

const CURVE_STEPS = 1024;

/** clamp(x, 0, 1) → lift + (gain − lift) · x^gamma, sampled for interpolation. */
function curveTable(gamma: number, lift: number, gain: number): Float32Array {
  const table = new Float32Array(CURVE_STEPS + 2);
  for (let k = 0; k <= CURVE_STEPS; k += 1) {
    table[k] = lift + (gain - lift) * Math.pow(k / CURVE_STEPS, gamma);
  }
  table[CURVE_STEPS + 1] = table[CURVE_STEPS];
  return table;
}

function curveAt(table: Float32Array, value: number): number {
  const x = clamp01(value) * CURVE_STEPS;
  const k = x | 0;
  const low = table[k];
  return low + (table[k + 1] - low) * (x - k);
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
  const u = filterUniforms(params, strength, adjustments);
  const mixAmount = u.uFinish[1];
  const vignette = u.uFinish[0];
  const { width, height, data } = image;
  const out = new Uint8ClampedArray(data.length);
  const adjusting = u.uAdjFinish[2] !== 0;
  if (mixAmount === 0 && !adjusting) {
    out.set(data);
    return { data: out, width, height };
  }
  const adjust = pixelAdjuster(u);
  const sharpening = u.uAdjFinish[1] > 0;
  const rgb = new Float32Array(3);
  const [exposure, brightness, contrast, saturation] = u.uTone;
  // Texture reads are byte / 255; exposure, contrast and brightness act on each channel alike.
  const tone = new Float32Array(256);
  for (let b = 0; b < 256; b += 1)
    tone[b] = ((b / 255) * exposure - 0.5) * contrast + 0.5 + brightness;
  const curveR = curveTable(u.uGamma[0], u.uLift[0], u.uGain[0]);
  const curveG = curveTable(u.uGamma[1], u.uLift[1], u.uGain[1]);
  const curveB = curveTable(u.uGamma[2], u.uLift[2], u.uGain[2]);
  const [shiftR, shiftG, shiftB] = u.uShift;
  const [shadowR, shadowG, shadowB] = u.uShadowTint;
  const [lightR, lightG, lightB] = u.uHighlightTint;
  // The vignette's distance from the centre, split into its x and y parts.
  const dx2 = new Float32Array(width);
  for (let x = 0; x < width; x += 1) dx2[x] = ((x + 0.5) / width - 0.5) ** 2;

  for (let y = 0; y < height; y += 1) {
    const dy2 = ((y + 0.5) / height - 0.5) ** 2;
    let i = y * width * 4;
    for (let x = 0; x < width; x += 1, i += 4) {
      const r0 = data[i];
      const g0 = data[i + 1];
      const b0 = data[i + 2];
      const tr = tone[r0];
      const tg = tone[g0];
      const tb = tone[b0];
      const grey = tr * LR + tg * LG + tb * LB;
      let r = curveAt(curveR, grey + (tr - grey) * saturation + shiftR);
      let g = curveAt(curveG, grey + (tg - grey) * saturation + shiftG);
      let b = curveAt(curveB, grey + (tb - grey) * saturation + shiftB);
      const luma = r * LR + g * LG + b * LB;
      const shadow = 1 - smoothstep(0, 0.55, luma);
      const highlight = smoothstep(0.45, 1, luma);
      const fade =
        vignette === 0
          ? 1
          : 1 - vignette * smoothstep(0.35, 1, Math.sqrt(dx2[x] + dy2) * 1.41421356);
      r = clamp01((r + shadowR * shadow + lightR * highlight) * fade);
      g = clamp01((g + shadowG * shadow + lightG * highlight) * fade);
      b = clamp01((b + shadowB * shadow + lightB * highlight) * fade);
      if (!adjusting) {
        // mix(straight, graded, strength) in 0..255; the clamped array rounds to nearest.
        out[i] = r0 + (r * 255 - r0) * mixAmount;
        out[i + 1] = g0 + (g * 255 - g0) * mixAmount;
        out[i + 2] = b0 + (b * 255 - b0) * mixAmount;
        out[i + 3] = data[i + 3];
        continue;
      }
      rgb[0] = (r0 + (r * 255 - r0) * mixAmount) / 255;
      rgb[1] = (g0 + (g * 255 - g0) * mixAmount) / 255;
      rgb[2] = (b0 + (b * 255 - b0) * mixAmount) / 255;
      const detail = sharpening ? lumaDetailAt(data, width, height, x, y) : 0;
      adjust(rgb, detail, Math.sqrt(dx2[x] + dy2) * 1.41421356);
      out[i] = rgb[0] * 255;
      out[i + 1] = rgb[1] * 255;
      out[i + 2] = rgb[2] * 255;
      out[i + 3] = data[i + 3];
    }
  }
  return { data: out, width, height };
}
