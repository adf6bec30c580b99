// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { applyFilterCpu } from '../../../shaders/filter/cpu';
import { FILTERS } from '../../../shaders/filter/looks';
import {
  ADJUSTMENT_NAMES,
  adjustmentRange,
  clampAdjustment,
  clampStraighten,
  normaliseAdjustments,
  type AdjustmentName,
} from '../../../shaders/filter/adjustments';
import {
  adjustmentUniforms,
  namedFilterUniforms,
  isIdentity,
} from '../../../shaders/filter/uniforms';
import { straightenZoom } from '../../../workers/straighten';
import { filterVariant, fragmentVariant } from '../../../shaders/filter/variants';
import { applyFilterReference, sweepFrame } from './filterReference';

/** A 24×16 card: a grey ramp across, colour down, a bright dot every few pixels for sharpen. */
function card(width = 24, height = 16) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const v = 30 + (190 * x) / width;
      data[i] = v + (y % 3) * 10;
      data[i + 1] = v;
      data[i + 2] = v - (y % 2) * 20 + ((x + y) % 5 === 0 ? 25 : 0);
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

const mean = (data: Uint8ClampedArray, channel: number) => {
  let sum = 0;
  for (let i = channel; i < data.length; i += 4) sum += data[i];
  return sum / (data.length / 4);
};
const meanAbsDiff = (a: Uint8ClampedArray, b: Uint8ClampedArray) =>
  a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0) / a.length;
const adjusted = (name: AdjustmentName, value: number, filter: keyof typeof FILTERS = 'normal') =>
  applyFilterCpu(card(), FILTERS[filter], filter === 'normal' ? 0 : 1, { [name]: value }).data;

describe('adjustments', () => {
  it('all at 0 leave the photo exactly as the filter made it', () => {
    const plain = card();
    expect(applyFilterCpu(plain, FILTERS.normal, 0, normaliseAdjustments()).data).toEqual(
      plain.data,
    );
    expect(applyFilterCpu(plain, FILTERS.juno, 1, {}).data).toEqual(
      applyFilterCpu(plain, FILTERS.juno, 1).data,
    );
    expect(isIdentity(namedFilterUniforms('normal', 1, normaliseAdjustments()))).toBe(true);
    expect(isIdentity(namedFilterUniforms('normal', 1, { fade: 10 }))).toBe(false);
  });

  it.each(ADJUSTMENT_NAMES)('%s changes the photo at both ends of its range', (name) => {
    const plain = card().data;
    const { min, max } = adjustmentRange(name);
    expect(meanAbsDiff(adjusted(name, max), plain)).toBeGreaterThan(1);
    if (min < 0) expect(meanAbsDiff(adjusted(name, min), plain)).toBeGreaterThan(1);
  });

  it('each moves the photo the way its name says', () => {
    const plain = card().data;
    const luma = (d: Uint8ClampedArray) =>
      0.2126 * mean(d, 0) + 0.7152 * mean(d, 1) + 0.0722 * mean(d, 2);
    expect(luma(adjusted('brightness', 60))).toBeGreaterThan(luma(plain) + 5);
    expect(luma(adjusted('brightness', -60))).toBeLessThan(luma(plain) - 5);
    const warm = adjusted('warmth', 80);
    expect(mean(warm, 0) - mean(warm, 2)).toBeGreaterThan(mean(plain, 0) - mean(plain, 2) + 10);
    // Saturation −100 is black and white.
    const grey = adjusted('saturation', -100);
    for (let i = 0; i < grey.length; i += 4) {
      expect(
        Math.max(grey[i], grey[i + 1], grey[i + 2]) - Math.min(grey[i], grey[i + 1], grey[i + 2]),
      ).toBeLessThanOrEqual(1);
    }
    // Fade lifts the darkest pixel; vignette darkens a corner, not the centre.
    const darkest = (d: Uint8ClampedArray) => Math.min(...d.filter((_, i) => i % 4 === 1));
    expect(darkest(adjusted('fade', 100))).toBeGreaterThan(darkest(plain) + 20);
    const vignette = adjusted('vignette', 100);
    expect(vignette[1]).toBeLessThan(plain[1] - 5);
    const centre = (8 * 24 + 12) * 4 + 1;
    expect(vignette[centre]).toBe(plain[centre]);
  });

  it('run after the filter: Moon (black and white) stays grey under contrast and sharpen', () => {
    const moon = applyFilterCpu(card(), FILTERS.moon, 1, { sharpen: 100, contrast: 30 }).data;
    for (let i = 0; i < moon.length; i += 4) {
      expect(
        Math.max(moon[i], moon[i + 1], moon[i + 2]) - Math.min(moon[i], moon[i + 1], moon[i + 2]),
      ).toBeLessThanOrEqual(1);
    }
  });

  it('values are clamped to their ranges and rounded to the slider step', () => {
    expect(clampAdjustment('brightness', 140)).toBe(100);
    expect(clampAdjustment('vignette', -20)).toBe(0);
    expect(clampAdjustment('sharpen', 33.6)).toBe(34);
    expect(clampAdjustment('fade', Number.NaN)).toBe(0);
    expect(normaliseAdjustments({ contrast: -300 }).contrast).toBe(-100);
    expect(clampStraighten(60)).toBe(45);
    expect(clampStraighten(-12.34)).toBe(-12.3);
    expect(adjustmentUniforms({}).uAdjFinish[2]).toBe(0);
  });
});

describe('the one-pass CPU twin', () => {
  const worst = (a: Uint8ClampedArray, b: Uint8ClampedArray) =>
    a.reduce((most, v, i) => Math.max(most, Math.abs(v - b[i])), 0);
  const every = {
    brightness: 40,
    contrast: -30,
    saturation: 50,
    warmth: -40,
    fade: 35,
    highlights: -60,
    shadows: 45,
    vignette: 70,
    sharpen: 80,
  };

  it.each(ADJUSTMENT_NAMES)('%s at both ends matches the per-pixel shader maths', (name) => {
    const image = sweepFrame();
    const { min, max } = adjustmentRange(name);
    for (const filter of ['normal', 'clarendon', 'slumber'] as const) {
      for (const value of [min, max]) {
        const strength = filter === 'normal' ? 0 : 0.8;
        const fast = applyFilterCpu(image, FILTERS[filter], strength, { [name]: value }).data;
        const exact = applyFilterReference(image, FILTERS[filter], strength, { [name]: value });
        expect(worst(fast, exact.data), `${filter} ${name} ${value}`).toBeLessThanOrEqual(1);
      }
    }
  });

  it('every adjustment at once, after every filter, matches it too', () => {
    const image = sweepFrame();
    for (const filter of Object.keys(FILTERS) as (keyof typeof FILTERS)[]) {
      const fast = applyFilterCpu(image, FILTERS[filter], 1, every).data;
      const exact = applyFilterReference(image, FILTERS[filter], 1, every).data;
      expect(worst(fast, exact), filter).toBeLessThanOrEqual(1);
    }
  });
});

describe('straighten zoom', () => {
  it('is 1 at 0° and covers the frame when turned', () => {
    expect(straightenZoom({ width: 1080, height: 1080 }, 0)).toBe(1);
    for (const frame of [
      { width: 1080, height: 1080 },
      { width: 1080, height: 720 },
      { width: 864, height: 1080 },
    ]) {
      for (const degrees of [-45, -10, 3, 20, 45]) {
        const zoom = straightenZoom(frame, degrees);
        // Every corner of the frame, turned back into the picture's axes, lies inside the zoomed picture.
        const t = (degrees * Math.PI) / 180;
        for (const [x, y] of [
          [frame.width / 2, frame.height / 2],
          [-frame.width / 2, frame.height / 2],
        ]) {
          const u = Math.abs(x * Math.cos(t) + y * Math.sin(t));
          const v = Math.abs(-x * Math.sin(t) + y * Math.cos(t));
          expect(u).toBeLessThanOrEqual((zoom * frame.width) / 2);
          expect(v).toBeLessThanOrEqual((zoom * frame.height) / 2);
        }
        // …and not much more than needed.
        expect(zoom).toBeLessThan(
          (Math.cos(Math.abs(t)) +
            (Math.max(frame.width, frame.height) / Math.min(frame.width, frame.height)) *
              Math.sin(Math.abs(t))) *
            1.01,
        );
      }
    }
  });
});

describe('program variants', () => {
  it('a photo without adjustments runs the look alone; sharpen gets its own program', () => {
    expect(filterVariant(namedFilterUniforms('juno', 1))).toBe('look');
    expect(filterVariant(namedFilterUniforms('juno', 1, { warmth: 10 }))).toBe('adjust');
    expect(filterVariant(namedFilterUniforms('normal', 1, { sharpen: 5 }))).toBe('sharpen');
    const source = '#version 300 es\nvoid main() {}\n';
    expect(fragmentVariant(source, 'look')).toBe(source);
    expect(fragmentVariant(source, 'sharpen')).toBe(
      '#version 300 es\n#define GLINT_ADJUST\n#define GLINT_SHARPEN\nvoid main() {}\n',
    );
  });
});
