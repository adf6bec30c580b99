/**
 * Turns a look and a strength into the shader's uniform values. The CPU fallback consumes the
 * same values, so both paths share every derived constant.
 */
import { FILTERS, type FilterName, type FilterParams } from './looks';

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
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, Number.isFinite(value) ? value : 0));

export function filterUniforms(params: FilterParams, strength: number): FilterUniforms {
  return {
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

/** Uniforms for a named filter; Normal always runs at strength 0 so it is the identity. */
export function namedFilterUniforms(name: FilterName, strength: number): FilterUniforms {
  return filterUniforms(FILTERS[name], name === 'normal' ? 0 : strength);
}
