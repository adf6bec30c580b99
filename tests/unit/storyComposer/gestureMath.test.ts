// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  fitFrame,
  hitsText,
  pinchStep,
  toCanvasPoint,
  wheelScale,
} from '../../../src/canvas/composer/gestureMath';
import { storyCoverLayout } from '../../../workers/story';

const text = (over: Partial<Parameters<typeof hitsText>[1]> = {}) => ({
  position: { x: 540, y: 960 },
  rotation: 0,
  scale: 1,
  ...over,
});
const size = { width: 400, height: 100 };

describe('hitsText', () => {
  it('hits inside the box and misses outside it', () => {
    expect(hitsText({ x: 540, y: 960 }, text(), size)).toBe(true);
    expect(hitsText({ x: 735, y: 1005 }, text(), size)).toBe(true);
    expect(hitsText({ x: 745, y: 960 }, text(), size)).toBe(false);
    expect(hitsText({ x: 745, y: 960 }, text(), size, 10)).toBe(true);
  });

  it('follows the scale and rotation of the text', () => {
    expect(hitsText({ x: 900, y: 960 }, text({ scale: 2 }), size)).toBe(true);
    // A quarter turn makes the wide box tall.
    const turned = text({ rotation: Math.PI / 2 });
    expect(hitsText({ x: 540, y: 1140 }, turned, size)).toBe(true);
    expect(hitsText({ x: 700, y: 960 }, turned, size)).toBe(false);
  });
});

describe('pinchStep', () => {
  it('turns spreading fingers into a scale and a turn into a rotation', () => {
    const step = pinchStep(
      [
        { x: 100, y: 100 },
        { x: 200, y: 100 },
      ],
      [
        { x: 150, y: 50 },
        { x: 150, y: 250 },
      ],
    );
    expect(step.scaleBy).toBeCloseTo(2);
    expect(step.rotateBy).toBeCloseTo(Math.PI / 2);
    expect(step.dx).toBeCloseTo(0);
    expect(step.dy).toBeCloseTo(50);
  });

  it('takes the short way round when the angle crosses ±π', () => {
    const step = pinchStep(
      [
        { x: 0, y: 0 },
        { x: -100, y: 1 },
      ],
      [
        { x: 0, y: 0 },
        { x: -100, y: -1 },
      ],
    );
    expect(Math.abs(step.rotateBy)).toBeLessThan(0.1);
  });
});

describe('input helpers', () => {
  it('wheel up enlarges, wheel down shrinks, huge deltas are tamed', () => {
    expect(wheelScale(-100)).toBeGreaterThan(1);
    expect(wheelScale(100)).toBeLessThan(1);
    expect(wheelScale(1e6)).toBe(wheelScale(200));
    expect(wheelScale(3, 1)).toBeCloseTo(wheelScale(48));
  });

  it('maps client points to story canvas pixels', () => {
    const rect = { left: 100, top: 50, width: 270, height: 480 };
    expect(toCanvasPoint(235, 290, rect, { width: 1080, height: 1920 })).toEqual({
      x: 540,
      y: 960,
    });
  });

  it('fits a 9:16 frame in any box', () => {
    expect(fitFrame({ width: 375, height: 812 }, 9 / 16)).toEqual({ width: 375, height: 666 });
    expect(fitFrame({ width: 1280, height: 800 }, 9 / 16)).toEqual({ width: 450, height: 800 });
  });
});

describe('storyCoverLayout (the worker fit)', () => {
  it('covers the 1080×1920 canvas and centres the crop', () => {
    // A 4:3 landscape photo: height decides, the sides are cropped.
    expect(storyCoverLayout({ width: 4000, height: 3000 })).toEqual({
      resized: { width: 2560, height: 1920 },
      crop: { x: 740, y: 0 },
    });
    // A tall 9:19.5 screenshot: width decides, top and bottom are cropped.
    expect(storyCoverLayout({ width: 1170, height: 2532 })).toEqual({
      resized: { width: 1080, height: 2337 },
      crop: { x: 0, y: 208 },
    });
    // A small photo is enlarged to cover.
    expect(storyCoverLayout({ width: 540, height: 960 })).toEqual({
      resized: { width: 1080, height: 1920 },
      crop: { x: 0, y: 0 },
    });
  });
});
