// @vitest-environment node
/**
 * Every crop exports at exactly the frame's shape at 1080 px (issue 19: a square crop after zoom,
 * pan and rotate of a 730×547 photo came out 1078×1080). Crops are made the way the crop step
 * makes them (cover, zoom, pan, quarter turns, each aspect), drawn from a seeded generator so a
 * failure can be replayed, and sized the way the export sizes them (workers/photoPipeline.ts:
 * the crop clamped to whole pixels, rotated, long side 1080).
 */
import { describe, expect, it } from 'vitest';
import {
  clampCrop,
  centredCrop,
  cropViewport,
  type CropAspect,
  type CropState,
} from '../../../src/state/create';
import {
  clampRect,
  cropFromViewport,
  exportLongSide,
  exportSize,
  rotatedSize,
  type Size,
} from '../../../workers/geometry';

/** mulberry32: a small seeded generator, so every run draws the same crops. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const EXPECTED: Record<Exclude<CropAspect, 'original'>, Size> = {
  square: { width: 1080, height: 1080 },
  portrait: { width: 864, height: 1080 },
};

function exported(state: CropState, source: Size, aspect: CropAspect) {
  const viewport = cropViewport(aspect, source, state.rotationAngle);
  const crop = cropFromViewport(state, source, viewport);
  return { crop, viewport, size: exportSize(clampRect(crop, source), state.rotationAngle) };
}

describe('exact export sizes', () => {
  it('the reported case: 730×547, square, zoomed, panned and turned, is 1080×1080', () => {
    const source = { width: 730, height: 547 };
    const viewport = cropViewport('square', source, 90);
    let state = centredCrop(source, viewport, 90, 1.37);
    state = clampCrop({ ...state, offsetLeft: state.offsetLeft - 123.4 }, source, viewport);
    expect(exported(state, source, 'square').size).toEqual(EXPECTED.square);
  });

  it('holds for 20 000 seeded crops of every aspect, zoom, pan and turn', () => {
    const random = seeded(19);
    const aspects: CropAspect[] = ['square', 'portrait', 'original'];
    for (let i = 0; i < 20000; i += 1) {
      // Sizes from a tiny GIF to a 64 MP photo, any shape.
      const source = {
        width: Math.round(16 + random() ** 2 * 8000),
        height: Math.round(16 + random() ** 2 * 8000),
      };
      const aspect = aspects[Math.floor(random() * aspects.length)];
      const rotationAngle = [0, 90, 180, 270][Math.floor(random() * 4)];
      const viewport = cropViewport(aspect, source, rotationAngle);
      const zoom = 1 + random() * 3;
      const centred = centredCrop(source, viewport, rotationAngle, zoom);
      const state = clampCrop(
        {
          ...centred,
          offsetLeft: centred.offsetLeft + (random() - 0.5) * 4000,
          offsetTop: centred.offsetTop + (random() - 0.5) * 4000,
        },
        source,
        viewport,
      );
      const { crop, size } = exported(state, source, aspect);
      const label = JSON.stringify({ i, source, aspect, state });
      const expected =
        aspect === 'original'
          ? exportSize(viewport, 0) // the frame's own shape at 1080 px
          : EXPECTED[aspect];
      expect(size, label).toEqual(expected);
      // The crop lies inside the photo and is exactly what the viewport shows.
      expect(crop.x, label).toBeGreaterThanOrEqual(0);
      expect(crop.y, label).toBeGreaterThanOrEqual(0);
      expect(crop.x + crop.width, label).toBeLessThanOrEqual(source.width + 1e-6);
      expect(crop.y + crop.height, label).toBeLessThanOrEqual(source.height + 1e-6);
      const shown = rotatedSize(source, rotationAngle);
      const scale = Math.max(viewport.width / shown.width, viewport.height / shown.height) * zoom;
      const visibleLong = Math.max(viewport.width, viewport.height) / scale;
      expect(Math.max(crop.width, crop.height), label).toBeCloseTo(visibleLong, 6);
    }
  });
});

describe('the asked-for export size', () => {
  it('is 1080 unless asked, whole pixels, and never beyond 1..4096', () => {
    expect(exportLongSide(undefined)).toBe(1080);
    expect(exportLongSide(Number.NaN)).toBe(1080);
    expect(exportLongSide(Number.POSITIVE_INFINITY)).toBe(1080);
    expect(exportLongSide(640.4)).toBe(640);
    expect(exportLongSide(0)).toBe(1);
    expect(exportLongSide(-50)).toBe(1);
    expect(exportLongSide(100_000)).toBe(4096);
  });
});
