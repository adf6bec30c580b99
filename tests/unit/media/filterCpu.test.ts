// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { applyFilterCpu } from '../../../shaders/filter/cpu';
import {
  FILTERS,
  FILTER_NAMES,
  FILTER_DISPLAY_NAMES,
  isFilterName,
} from '../../../shaders/filter/looks';
import { namedFilterUniforms } from '../../../shaders/filter/uniforms';
import { applyFilterReference, sweepFrame } from './filterReference';

/** A 16×8 test card: hue sweep across, brightness down, opaque. */
function testCard(width = 16, height = 8) {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 4;
      const v = 255 * (1 - y / height);
      data[i] = v * (x / width);
      data[i + 1] = v * (1 - x / width);
      data[i + 2] = (v + 255 * (x % 3 === 0 ? 1 : 0)) / 2;
      data[i + 3] = 255;
    }
  }
  return { data, width, height };
}

const meanAbsDiff = (a: Uint8ClampedArray, b: Uint8ClampedArray) =>
  a.reduce((sum, v, i) => sum + Math.abs(v - b[i]), 0) / a.length;

describe('the filter family', () => {
  it('has Normal plus at least eleven looks, each with a display name', () => {
    expect(FILTER_NAMES[0]).toBe('normal');
    expect(FILTER_NAMES.length).toBeGreaterThanOrEqual(12);
    for (const name of FILTER_NAMES) {
      expect(FILTER_DISPLAY_NAMES[name]).toMatch(/^[A-Z]/);
      expect(isFilterName(name)).toBe(true);
    }
    expect(isFilterName('sepia-deluxe')).toBe(false);
  });

  it('Normal leaves every pixel unchanged', () => {
    const card = testCard();
    expect(applyFilterCpu(card, FILTERS.normal, 1).data).toEqual(card.data);
  });

  it.each(FILTER_NAMES.filter((n) => n !== 'normal'))(
    '%s at strength 0 equals the original',
    (name) => {
      const card = testCard();
      expect(applyFilterCpu(card, FILTERS[name], 0).data).toEqual(card.data);
    },
  );

  it.each(FILTER_NAMES.filter((n) => n !== 'normal'))('%s visibly changes the photo', (name) => {
    const card = testCard();
    expect(meanAbsDiff(applyFilterCpu(card, FILTERS[name], 1).data, card.data)).toBeGreaterThan(3);
  });

  it('half strength lands between the original and the full look', () => {
    const card = testCard();
    const full = applyFilterCpu(card, FILTERS.reyes, 1).data;
    const half = applyFilterCpu(card, FILTERS.reyes, 0.5).data;
    for (let i = 0; i < half.length; i += 1) {
      const low = Math.min(card.data[i], full[i]);
      const high = Math.max(card.data[i], full[i]);
      expect(half[i]).toBeGreaterThanOrEqual(low - 1);
      expect(half[i]).toBeLessThanOrEqual(high + 1);
    }
  });

  it('Moon is black and white', () => {
    const out = applyFilterCpu(testCard(), FILTERS.moon, 1).data;
    for (let i = 0; i < out.length; i += 4) {
      expect(
        Math.max(out[i], out[i + 1], out[i + 2]) - Math.min(out[i], out[i + 1], out[i + 2]),
      ).toBeLessThanOrEqual(1);
    }
  });

  it('keeps alpha and does not modify its input', () => {
    const card = testCard();
    const copy = new Uint8ClampedArray(card.data);
    const out = applyFilterCpu(card, FILTERS.slumber, 1).data;
    expect(card.data).toEqual(copy);
    for (let i = 3; i < out.length; i += 4) expect(out[i]).toBe(255);
  });

  it('looks differ from each other', () => {
    const card = testCard();
    const looks = FILTER_NAMES.map((n) => applyFilterCpu(card, FILTERS[n], 1).data);
    for (let a = 0; a < looks.length; a += 1) {
      for (let b = a + 1; b < looks.length; b += 1) {
        expect(
          meanAbsDiff(looks[a], looks[b]),
          `${FILTER_NAMES[a]} vs ${FILTER_NAMES[b]}`,
        ).toBeGreaterThan(1);
      }
    }
  });

  it('Normal always runs the shader at strength 0; strength is clamped to 0..1', () => {
    expect(namedFilterUniforms('normal', 1).uFinish[1]).toBe(0);
    expect(namedFilterUniforms('juno', 3).uFinish[1]).toBe(1);
    expect(namedFilterUniforms('juno', -1).uFinish[1]).toBe(0);
    expect(namedFilterUniforms('juno', Number.NaN).uFinish[1]).toBe(0);
  });

  it.each(FILTER_NAMES)('%s: the tabulated twin matches the per-pixel shader maths', (name) => {
    // Every byte value in every channel, plus a vignette-sized frame.
    const image = sweepFrame();
    for (const strength of [1, 0.35]) {
      const fast = applyFilterCpu(image, FILTERS[name], strength).data;
      const exact = applyFilterReference(image, FILTERS[name], strength).data;
      let worst = 0;
      for (let i = 0; i < fast.length; i += 1)
        worst = Math.max(worst, Math.abs(fast[i] - exact[i]));
      expect(worst, `${name} at ${strength}`).toBeLessThanOrEqual(1);
    }
  });
});
