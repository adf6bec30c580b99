/**
 * The photo filters as data: each look is a parametric grade run by filter.frag (GPU) and
 * cpu.ts (fallback). Values are small on purpose: looks should flatter a photo, not repaint it.
 */
export type Rgb = readonly [number, number, number];

export interface FilterParams {
  /** Exposure in stops (multiplies linear-ish values by 2^exposure). */
  exposure: number;
  /** Added after contrast, −1..1. */
  brightness: number;
  /** Around mid grey: 0 = unchanged, −1 = flat, 1 = double. */
  contrast: number;
  /** 0 = unchanged, −1 = black and white, 1 = double. */
  saturation: number;
  /** Warm (+) / cool (−) white balance. */
  warmth: number;
  /** Green (+) / magenta (−) tint. */
  tint: number;
  /** Per-channel tone curve exponent; < 1 lifts the channel's mid-tones. */
  gamma: Rgb;
  /** Per-channel output black point: lifted blacks give the "faded" look. */
  lift: Rgb;
  /** Per-channel output white point. */
  gain: Rgb;
  shadowTint: Rgb;
  highlightTint: Rgb;
  /** Corner darkening, 0..1. */
  vignette: number;
}

export const FILTER_NAMES = [
  'normal',
  'clarendon',
  'gingham',
  'moon',
  'lark',
  'reyes',
  'juno',
  'slumber',
  'crema',
  'ludwig',
  'aden',
  'perpetua',
] as const;

export type FilterName = (typeof FILTER_NAMES)[number];

export const FILTER_DISPLAY_NAMES: Record<FilterName, string> = {
  normal: 'Normal',
  clarendon: 'Clarendon',
  gingham: 'Gingham',
  moon: 'Moon',
  lark: 'Lark',
  reyes: 'Reyes',
  juno: 'Juno',
  slumber: 'Slumber',
  crema: 'Crema',
  ludwig: 'Ludwig',
  aden: 'Aden',
  perpetua: 'Perpetua',
};

const NEUTRAL: FilterParams = {
  exposure: 0,
  brightness: 0,
  contrast: 0,
  saturation: 0,
  warmth: 0,
  tint: 0,
  gamma: [1, 1, 1],
  lift: [0, 0, 0],
  gain: [1, 1, 1],
  shadowTint: [0, 0, 0],
  highlightTint: [0, 0, 0],
  vignette: 0,
};

const look = (params: Partial<FilterParams>): FilterParams => ({ ...NEUTRAL, ...params });

export const FILTERS: Record<FilterName, FilterParams> = {
  normal: NEUTRAL,
  // Punchy: brighter, more contrast and colour, cool shadows against warm highlights.
  clarendon: look({
    exposure: 0.06,
    contrast: 0.2,
    saturation: 0.25,
    shadowTint: [-0.03, 0.01, 0.05],
    highlightTint: [0.03, 0.015, -0.015],
  }),
  // Washed out and slightly yellow, like an old print.
  gingham: look({
    contrast: -0.12,
    saturation: -0.12,
    warmth: 0.15,
    lift: [0.09, 0.09, 0.07],
    gain: [0.98, 0.97, 0.93],
  }),
  // Black and white with deep contrast and soft lifted blacks.
  moon: look({
    exposure: 0.1,
    contrast: 0.18,
    saturation: -1,
    gamma: [1.05, 1.05, 1.05],
    lift: [0.05, 0.05, 0.05],
    gain: [0.97, 0.97, 0.97],
  }),
  // Bright and airy, cool greens and blues, slightly muted.
  lark: look({
    exposure: 0.12,
    brightness: 0.02,
    contrast: -0.06,
    saturation: -0.06,
    warmth: -0.14,
    gamma: [1.02, 0.96, 0.96],
    shadowTint: [-0.02, 0.02, 0.03],
  }),
  // Dusty vintage: faded, warm, desaturated.
  reyes: look({
    exposure: 0.08,
    contrast: -0.2,
    saturation: -0.35,
    warmth: 0.18,
    lift: [0.13, 0.11, 0.1],
    gain: [1, 0.97, 0.92],
  }),
  // Warm and vivid with glowing highlights.
  juno: look({
    contrast: 0.12,
    saturation: 0.3,
    warmth: 0.22,
    gamma: [0.95, 1, 1.06],
    highlightTint: [0.04, 0.03, -0.02],
  }),
  // Hazy and dreamy: muted colour, purple shadows, soft vignette.
  slumber: look({
    contrast: -0.1,
    saturation: -0.3,
    warmth: 0.08,
    lift: [0.09, 0.06, 0.1],
    gain: [0.97, 0.94, 0.9],
    shadowTint: [0.04, 0, 0.05],
    vignette: 0.12,
  }),
  // Creamy, soft and gently warm.
  crema: look({
    contrast: -0.08,
    saturation: -0.2,
    warmth: 0.12,
    tint: -0.03,
    lift: [0.07, 0.06, 0.05],
    gain: [0.98, 0.96, 0.92],
  }),
  // Crisp light, quieter colour and a dark frame.
  ludwig: look({
    exposure: 0.05,
    contrast: 0.15,
    saturation: -0.15,
    warmth: 0.08,
    gamma: [0.97, 0.98, 1],
    vignette: 0.25,
  }),
  // Pastel: lifted blue-green blacks, low saturation, peachy highlights.
  aden: look({
    brightness: 0.03,
    contrast: -0.1,
    saturation: -0.25,
    warmth: -0.04,
    tint: 0.04,
    lift: [0.06, 0.08, 0.1],
    highlightTint: [0.04, 0.01, -0.02],
  }),
  // Soft pastel with teal shadows and golden-green highlights.
  perpetua: look({
    contrast: -0.05,
    saturation: -0.05,
    lift: [0.03, 0.05, 0.05],
    shadowTint: [-0.01, 0.04, 0.05],
    highlightTint: [0.03, 0.04, -0.03],
  }),
};

export function isFilterName(value: unknown): value is FilterName {
  return typeof value === 'string' && (FILTER_NAMES as readonly string[]).includes(value);
}
