/**
 * filter.frag transcribed line by line, per pixel, with Math.pow and no tables: the reference the
 * tabulated CPU twin (shaders/filter/cpu.ts) is checked against. 8-bit texture reads
 * (byte / 255) and round-to-nearest output writes, like the GPU.
 */
import type { RgbaImage } from '../../../shaders/filter/cpu';
import type { FilterParams } from '../../../shaders/filter/looks';
import type { Adjustments } from '../../../shaders/filter/adjustments';
import { filterUniforms, type FilterUniforms } from '../../../shaders/filter/uniforms';
import { lumaDetailAt, pixelAdjuster } from './adjustReference';

const LR = 0.2126;
const LG = 0.7152;
const LB = 0.0722;

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
}

function gradePixel(rgb: number[], u: FilterUniforms, uvx: number, uvy: number): void {
  const [exposure, brightness, contrast, saturation] = u.uTone;
  for (let c = 0; c < 3; c += 1) rgb[c] = (rgb[c] * exposure - 0.5) * contrast + 0.5 + brightness;
  const grey = rgb[0] * LR + rgb[1] * LG + rgb[2] * LB;
  for (let c = 0; c < 3; c += 1) {
    const saturated = grey + (rgb[c] - grey) * saturation;
    const curved = Math.pow(clamp01(saturated + u.uShift[c]), u.uGamma[c]);
    rgb[c] = u.uLift[c] + (u.uGain[c] - u.uLift[c]) * curved;
  }
  const luma = rgb[0] * LR + rgb[1] * LG + rgb[2] * LB;
  const shadow = 1 - smoothstep(0, 0.55, luma);
  const highlight = smoothstep(0.45, 1, luma);
  const corner = Math.hypot(uvx - 0.5, uvy - 0.5) * 1.41421356;
  const vignette = 1 - u.uFinish[0] * smoothstep(0.35, 1, corner);
  for (let c = 0; c < 3; c += 1) {
    rgb[c] = clamp01(
      (rgb[c] + u.uShadowTint[c] * shadow + u.uHighlightTint[c] * highlight) * vignette,
    );
  }
}

/**
 * Applies `params` at `strength` (0..1), then `adjustments`, to straight-alpha RGBA; returns a
 * new image.
 */
export function applyFilterReference(
  image: RgbaImage,
  params: FilterParams,
  strength: number,
  adjustments?: Partial<Adjustments> | null,
): RgbaImage {
  const uniforms = filterUniforms(params, strength, adjustments);
  const adjusting = uniforms.uAdjFinish[2] !== 0;
  const adjust = pixelAdjuster(uniforms);
  const mixed = new Float32Array(3);
  const mixAmount = uniforms.uFinish[1];
  const { width, height, data } = image;
  const out = new Uint8ClampedArray(data.length);
  const straight = [0, 0, 0];
  const graded = [0, 0, 0];
  for (let y = 0; y < height; y += 1) {
    const uvy = (y + 0.5) / height;
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c += 1) straight[c] = graded[c] = data[i + c] / 255;
      if (mixAmount > 0) gradePixel(graded, uniforms, (x + 0.5) / width, uvy);
      for (let c = 0; c < 3; c += 1) mixed[c] = straight[c] + (graded[c] - straight[c]) * mixAmount;
      if (adjusting) {
        const corner = Math.hypot((x + 0.5) / width - 0.5, uvy - 0.5) * 1.41421356;
        adjust(mixed, lumaDetailAt(data, width, height, x, y), corner);
      }
      for (let c = 0; c < 3; c += 1) out[i + c] = Math.round(mixed[c] * 255);
      out[i + 3] = data[i + 3];
    }
  }
  return { data: out, width, height };
}

/** Every byte value in every channel, a frame big enough for the vignettes, dots to sharpen. */
export function sweepFrame() {
  const width = 64;
  const height = 48;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = (i / 4) % 256;
    data[i + 1] = ((i / 4) * 37) % 256;
    data[i + 2] = ((i / 4) * 101 + 13) % 256;
    data[i + 3] = 255;
  }
  return { data, width, height };
}
