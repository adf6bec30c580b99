/**
 * filter.frag's adjust() transcribed line by line: the Edit tab's adjustments on one graded
 * pixel, in the shader's order and with its constants (the uniform values from uniforms.ts).
 * The reference (filterReference.ts) the one-pass CPU twin (shaders/filter/cpu.ts) is checked
 * against.
 */
import type { FilterUniforms } from '../../../shaders/filter/uniforms';
import { LB, LG, LR, clamp01, smoothstep } from '../../../shaders/filter/cpuMath';

export type AdjustUniforms = Pick<FilterUniforms, 'uAdjTone' | 'uAdjLight' | 'uAdjFinish'>;

/** One pixel's adjust() in place on `rgb` (0..1 each). */
export type PixelAdjuster = (
  rgb: Float32Array,
  /** The original's 4-neighbour mean luma minus its own, 0..1 units (for sharpen). */
  lumaDetail: number,
  /** Distance from the centre, already × √2 (the vignette's `corner`). */
  corner: number,
) => void;

export function pixelAdjuster(u: AdjustUniforms): PixelAdjuster {
  const [bend, contrast, saturation, warmth] = u.uAdjTone;
  const [fadeScale, fadeOffset, highlights, shadows] = u.uAdjLight;
  const [vignette, sharpen] = u.uAdjFinish;
  return (rgb, lumaDetail, corner) => {
    let r = rgb[0];
    let g = rgb[1];
    let b = rgb[2];
    r += bend * r * (1 - r);
    g += bend * g * (1 - g);
    b += bend * b * (1 - b);
    r = (r - 0.5) * contrast + 0.5;
    g = (g - 0.5) * contrast + 0.5;
    b = (b - 0.5) * contrast + 0.5;
    let grey = r * LR + g * LG + b * LB;
    r = grey + (r - grey) * saturation;
    g = grey + (g - grey) * saturation;
    b = grey + (b - grey) * saturation;
    r = clamp01(r + warmth);
    g = clamp01(g);
    b = clamp01(b - warmth);
    r = Math.max(r * fadeScale + fadeOffset, 0);
    g = Math.max(g * fadeScale + fadeOffset, 0);
    b = Math.max(b * fadeScale + fadeOffset, 0);
    grey = r * LR + g * LG + b * LB;
    const light = highlights * smoothstep(0.5, 1, grey) + shadows * (1 - smoothstep(0, 0.5, grey));
    r = clamp01(r + light);
    g = clamp01(g + light);
    b = clamp01(b + light);
    if (vignette !== 0) {
      const keep = 1 - vignette * smoothstep(0.3, 1, corner);
      r *= keep;
      g *= keep;
      b *= keep;
    }
    if (sharpen > 0) {
      const detail = sharpen * lumaDetail;
      r += detail;
      g += detail;
      b += detail;
    }
    rgb[0] = clamp01(r);
    rgb[1] = clamp01(g);
    rgb[2] = clamp01(b);
  };
}

/** Luma of the byte pixel at (x, y), the edges repeated like CLAMP_TO_EDGE sampling. */
function lumaAt(data: Uint8ClampedArray, width: number, height: number, x: number, y: number) {
  const cx = x < 0 ? 0 : x >= width ? width - 1 : x;
  const cy = y < 0 ? 0 : y >= height ? height - 1 : y;
  const i = (cy * width + cx) * 4;
  return (data[i] * LR + data[i + 1] * LG + data[i + 2] * LB) / 255;
}

/** The original's luma minus its 4-neighbour mean, as the shader's sharpen reads it. */
export function lumaDetailAt(
  data: Uint8ClampedArray,
  width: number,
  height: number,
  x: number,
  y: number,
): number {
  const around =
    lumaAt(data, width, height, x + 1, y) +
    lumaAt(data, width, height, x - 1, y) +
    lumaAt(data, width, height, x, y + 1) +
    lumaAt(data, width, height, x, y - 1);
  return lumaAt(data, width, height, x, y) - around * 0.25;
}
