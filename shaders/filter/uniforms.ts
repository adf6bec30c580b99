/**
 * Turns a look and a strength into the shader's uniform values. The CPU fallback consumes the
 * same values, so both paths share every derived constant.
 */
import { FILTERS, type FilterName, type FilterParams } from './looks';
import { hasAdjustments, normaliseAdjustments, type Adjustments } from './adjustments';

/** How far warmth/tint ±1 moves a channel. */
const BALANCE_SCALE = 0.08;

export interface FilterUniforms {
  uTone: [number, number, number, number];
  uShift: [number, number, number];
  uGamma: [number, number, number];
  uLift: [number, number, number];
  uGain: [number, number, number];
  uShadowTint: [number, number, number];
  uHighlightTint: [number, number, number];
  uFinish: [number, number];
  /** Adjustments: brightness curve, contrast factor, saturation factor, warmth shift. */
  uAdjTone: [number, number, number, number];
  /** Adjustments: fade scale and offset, highlights, shadows. */
  uAdjLight: [number, number, number, number];
  /** Adjustments: vignette, sharpen, 1 when any adjustment is on (0 skips them exactly). */
  uAdjFinish: [number, number, number];
}

/** How far each adjustment at ±100 moves the photo (see filter.frag's adjust()). */
export const ADJUST_SCALE = {
  /**
   * Brightness ±100 bends each channel by ±0.9·c·(1 − c): black and white stay, mid-grey moves
   * to 0.725 or 0.275. A quadratic, not a power: no transcendental per channel in the shader.
   */
  brightness: 0.9,
  contrastUp: 0.7,
  contrastDown: 0.5,
  warmth: 0.1,
  /** Fade 100 lifts black to 0.25; −100 crushes the darkest quarter to black. */
  fade: 0.25,
  highlights: 0.25,
  shadows: 0.25,
  vignette: 0.65,
  sharpen: 1.2,
} as const;

type AdjustmentUniforms = Pick<FilterUniforms, 'uAdjTone' | 'uAdjLight' | 'uAdjFinish'>;

export function adjustmentUniforms(input?: Partial<Adjustments> | null): AdjustmentUniforms {
  const a = normaliseAdjustments(input);
  const on = hasAdjustments(a) ? 1 : 0;
  const unit = (value: number) => value / 100;
  const contrast = unit(a.contrast);
  const lift = unit(a.fade) * ADJUST_SCALE.fade;
  // Fade up maps 0..1 onto lift..1; fade down maps −lift..1 onto 0..1 (then clamps).
  const fadeScale = lift >= 0 ? 1 - lift : 1 / (1 + lift);
  const fadeOffset = lift >= 0 ? lift : lift / (1 + lift);
  return {
    uAdjTone: [
      unit(a.brightness) * ADJUST_SCALE.brightness,
      1 + contrast * (contrast >= 0 ? ADJUST_SCALE.contrastUp : ADJUST_SCALE.contrastDown),
      1 + unit(a.saturation),
      unit(a.warmth) * ADJUST_SCALE.warmth,
    ],
    uAdjLight: [
      fadeScale,
      fadeOffset,
      unit(a.highlights) * ADJUST_SCALE.highlights,
      unit(a.shadows) * ADJUST_SCALE.shadows,
    ],
    uAdjFinish: [
      unit(a.vignette) * ADJUST_SCALE.vignette,
      unit(a.sharpen) * ADJUST_SCALE.sharpen,
      on,
    ],
  };
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));

export function filterUniforms(
  params: FilterParams,
  strength: number,
  adjustments?: Partial<Adjustments> | null,
): FilterUniforms {
  return {
    ...adjustmentUniforms(adjustments),
    uTone: [2 ** params.exposure, params.brightness, 1 + params.contrast, 1 + params.saturation],
    uShift: [
      params.warmth * BALANCE_SCALE,
      params.tint * BALANCE_SCALE,
      -params.warmth * BALANCE_SCALE,
    ],
    uGamma: [...params.gamma],
    uLift: [...params.lift],
    uGain: [...params.gain],
    uShadowTint: [...params.shadowTint],
    uHighlightTint: [...params.highlightTint],
    uFinish: [params.vignette, clamp01(strength)],
  };
}

/**
 * Uniforms for a named filter and the adjustments after it; Normal always runs at strength 0 so
 * it is the identity.
 */
export function namedFilterUniforms(
  name: FilterName,
  strength: number,
  adjustments?: Partial<Adjustments> | null,
): FilterUniforms {
  return filterUniforms(FILTERS[name], name === 'normal' ? 0 : strength, adjustments);
}

/** True when the uniforms change nothing: no look mixed in and no adjustment on. */
export function isIdentity(uniforms: FilterUniforms): boolean {
  return uniforms.uFinish[1] === 0 && uniforms.uAdjFinish[2] === 0;
}
