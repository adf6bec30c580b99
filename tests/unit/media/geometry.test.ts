// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  assertRightAngle,
  centerCrop,
  clampRect,
  cropFromViewport,
  fitLongSide,
  fitWithin,
  rotateRect,
  rotatedSize,
  scaleRect,
  unrotateRect,
} from '../../../workers/geometry';
import { MediaError } from '../../../workers/mediaErrors';

describe('assertRightAngle', () => {
  it('accepts multiples of 90 and normalises them into 0..270', () => {
    expect(assertRightAngle(0)).toBe(0);
    expect(assertRightAngle(90)).toBe(90);
    expect(assertRightAngle(-90)).toBe(270);
    expect(assertRightAngle(450)).toBe(90);
    expect(assertRightAngle(-360)).toBe(0);
  });

  it.each([45, 1, 89.9, Number.NaN, Number.POSITIVE_INFINITY])('refuses %s', (angle) => {
    expect(() => assertRightAngle(angle)).toThrow(MediaError);
    try {
      assertRightAngle(angle);
    } catch (error) {
      expect((error as MediaError).code).toBe('invalid_rotation');
    }
  });
});

describe('rotations of rectangles', () => {
  const frame = { width: 400, height: 300 };
  const rect = { x: 10, y: 20, width: 100, height: 50 };

  it('swaps the frame size on quarter turns only', () => {
    expect(rotatedSize(frame, 90)).toEqual({ width: 300, height: 400 });
    expect(rotatedSize(frame, 180)).toEqual(frame);
    expect(rotatedSize(frame, 270)).toEqual({ width: 300, height: 400 });
  });

  it('moves a rectangle with the frame when turning clockwise', () => {
    // The top-left corner of a landscape frame ends at the top-right after 90° clockwise.
    expect(rotateRect(rect, frame, 90)).toEqual({ x: 230, y: 10, width: 50, height: 100 });
    expect(rotateRect(rect, frame, 180)).toEqual({ x: 290, y: 230, width: 100, height: 50 });
    expect(rotateRect(rect, frame, 270)).toEqual({ x: 20, y: 290, width: 50, height: 100 });
  });

  it.each([0, 90, 180, 270, -90])('unrotateRect undoes rotateRect at %s°', (angle) => {
    const turned = rotateRect(rect, frame, angle);
    expect(unrotateRect(turned, frame, angle)).toEqual(rect);
  });

  it('four quarter turns return the original', () => {
    let r = rect;
    let f = frame;
    for (let i = 0; i < 4; i += 1) {
      r = rotateRect(r, f, 90);
      f = rotatedSize(f, 90);
    }
    expect(r).toEqual(rect);
  });
});

describe('fitting', () => {
  it('makes the long side 1080 by default, up or down', () => {
    expect(fitLongSide({ width: 4032, height: 3024 })).toEqual({ width: 1080, height: 810 });
    expect(fitLongSide({ width: 1200, height: 1800 })).toEqual({ width: 720, height: 1080 });
    expect(fitLongSide({ width: 1, height: 1 })).toEqual({ width: 1080, height: 1080 });
    expect(fitLongSide({ width: 600, height: 391 })).toEqual({ width: 1080, height: 704 });
  });

  it('never returns a zero side for extreme panoramas', () => {
    expect(fitLongSide({ width: 100000, height: 10 })).toEqual({ width: 1080, height: 1 });
  });

  it('fitWithin only shrinks', () => {
    expect(fitWithin({ width: 500, height: 300 }, 2048)).toEqual({ width: 500, height: 300 });
    expect(fitWithin({ width: 4096, height: 2048 }, 2048)).toEqual({ width: 2048, height: 1024 });
  });

  it('fitWithin reads sizes kept as getters, like an ImageBitmap', () => {
    class BitmapLike {
      get width() {
        return 2024;
      }
      get height() {
        return 1518;
      }
    }
    expect(fitWithin(new BitmapLike(), 2048)).toEqual({ width: 2024, height: 1518 });
  });
});

describe('crop rectangles', () => {
  const source = { width: 1800, height: 1200 };
  const viewport = { width: 600, height: 600 };

  it('clampRect keeps sub-pixel rectangles, moves them inside the frame and cuts only what is larger', () => {
    expect(clampRect({ x: 10.25, y: 20.5, width: 362.6, height: 362.6 }, source)).toEqual({
      x: 10.25,
      y: 20.5,
      width: 362.6,
      height: 362.6,
    });
    expect(clampRect({ x: -5.2, y: 10.6, width: 50, height: 2000 }, source)).toEqual({
      x: 0,
      y: 0,
      width: 50,
      height: 1200,
    });
    expect(clampRect({ x: 5000, y: 5000, width: 10, height: 0 }, source)).toEqual({
      x: 1790,
      y: 1199,
      width: 10,
      height: 1,
    });
  });

  it('at scale 1 with no offset the square viewport shows the left square', () => {
    const state = { offsetLeft: 0, offsetTop: 0, scaleFactor: 1, rotationAngle: 0 };
    expect(cropFromViewport(state, source, viewport)).toEqual({
      x: 0,
      y: 0,
      width: 1200,
      height: 1200,
    });
  });

  it('panning and zooming select the matching source pixels', () => {
    // Cover scale is 0.5 (1200 px → 600 px); zoom 2 makes it 1.0; pan 300 px left, 100 px up.
    const state = { offsetLeft: -300, offsetTop: -100, scaleFactor: 2, rotationAngle: 0 };
    expect(cropFromViewport(state, source, viewport)).toEqual({
      x: 300,
      y: 100,
      width: 600,
      height: 600,
    });
  });

  it('returns the crop in upright source pixels when the viewport shows a rotated photo', () => {
    // Rotated 90°, the photo is 1200×1800; the viewport shows its top square.
    const state = { offsetLeft: 0, offsetTop: 0, scaleFactor: 1, rotationAngle: 90 };
    const crop = cropFromViewport(state, source, viewport);
    // The rotated top square is the source's left square.
    expect(crop).toEqual({ x: 0, y: 0, width: 1200, height: 1200 });
    // Shown 600×900 (cover scale 0.5): panned fully down, the viewport shows its bottom square.
    const bottom = cropFromViewport({ ...state, offsetTop: -300 }, source, viewport);
    expect(bottom).toEqual({ x: 600, y: 0, width: 1200, height: 1200 });
  });

  it('refuses a crop state with a non-right angle', () => {
    const state = { offsetLeft: 0, offsetTop: 0, scaleFactor: 1, rotationAngle: 30 };
    expect(() => cropFromViewport(state, source, viewport)).toThrow(MediaError);
  });

  it('centerCrop and scaleRect', () => {
    expect(centerCrop(source)).toEqual({ x: 300, y: 0, width: 1200, height: 1200 });
    expect(centerCrop({ width: 1200, height: 1800 }, 4 / 5)).toEqual({
      x: 0,
      y: 150,
      width: 1200,
      height: 1500,
    });
    expect(
      scaleRect({ x: 300, y: 0, width: 1200, height: 1200 }, source, { width: 900, height: 600 }),
    ).toEqual({
      x: 150,
      y: 0,
      width: 600,
      height: 600,
    });
  });
});
