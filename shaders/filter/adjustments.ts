/**
 * The Edit tab's adjustments (issue 19): applied after the filter, in ADJUSTMENT_NAMES order, by
 * filter.frag (GPU) and cpu.ts (fallback) from the same uniform values (uniforms.ts). Values are
 * the slider's integers; 0 leaves the photo exactly as the filter made it.
 */
export const ADJUSTMENT_NAMES = [
  'brightness',
  'contrast',
  'saturation',
  'warmth',
  'fade',
  'highlights',
  'shadows',
  'vignette',
  'sharpen',
] as const;

export type AdjustmentName = (typeof ADJUSTMENT_NAMES)[number];
export type Adjustments = Record<AdjustmentName, number>;

export const ADJUSTMENT_DISPLAY_NAMES: Record<AdjustmentName, string> = {
  brightness: 'Brightness',
  contrast: 'Contrast',
  saturation: 'Saturation',
  warmth: 'Warmth',
  fade: 'Fade',
  highlights: 'Highlights',
  shadows: 'Shadows',
  vignette: 'Vignette',
  sharpen: 'Sharpen',
};

/** Slider range of each adjustment; vignette and sharpen have no negative side. */
export function adjustmentRange(name: AdjustmentName): { min: number; max: number } {
  return name === 'vignette' || name === 'sharpen' ? { min: 0, max: 100 } : { min: -100, max: 100 };
}

/** Straighten's range in degrees (clockwise positive). */
export const STRAIGHTEN_MAX_DEGREES = 45;

export const neutralAdjustments = (): Adjustments => ({
  brightness: 0,
  contrast: 0,
  saturation: 0,
  warmth: 0,
  fade: 0,
  highlights: 0,
  shadows: 0,
  vignette: 0,
  sharpen: 0,
});

const clamp = (value: number, min: number, max: number) =>
  Math.min(max, Math.max(min, Number.isFinite(value) ? value : 0));

/** An adjustment's value clamped to its range and rounded to the slider's step. */
export function clampAdjustment(name: AdjustmentName, value: number): number {
  const { min, max } = adjustmentRange(name);
  return Math.round(clamp(value, min, max)) || 0;
}

/** Straighten in degrees, clamped to ±45 and kept to a tenth of a degree. */
export function clampStraighten(degrees: number): number {
  return Math.round(clamp(degrees, -STRAIGHTEN_MAX_DEGREES, STRAIGHTEN_MAX_DEGREES) * 10) / 10 || 0;
}

/** A full, clamped set from anything (missing or bad values are 0). */
export function normaliseAdjustments(input?: Partial<Adjustments> | null): Adjustments {
  const out = neutralAdjustments();
  if (!input) return out;
  for (const name of ADJUSTMENT_NAMES) out[name] = clampAdjustment(name, Number(input[name] ?? 0));
  return out;
}

export function hasAdjustments(adjustments?: Partial<Adjustments> | null): boolean {
  return !!adjustments && ADJUSTMENT_NAMES.some((name) => (adjustments[name] ?? 0) !== 0);
}
