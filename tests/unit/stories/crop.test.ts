import { describe, expect, it } from 'vitest';
import { cropOf } from '../../../src/canvas/story/crop';

// The story viewer cuts each picture to its slot by texture coordinates instead of a stencil
// mask (issue 18): the part of the picture drawn must be exactly the part the mask let through.
const frame = { x: 0, y: 0, width: 360, height: 640 };

describe('cropOf', () => {
  it('a 9:16 picture at rest is drawn whole, scaled to the frame', () => {
    expect(cropOf(frame, frame, 1080, 1920)).toEqual({
      scale: 1 / 3,
      screen: frame,
      source: { x: 0, y: 0, width: 1080, height: 1920 },
    });
  });

  it('dragged 100 px left, only what is still inside the frame is drawn', () => {
    const cover = { ...frame, x: -100 };
    const clip = { ...frame, width: 260 };
    const part = cropOf(cover, clip, 1080, 1920)!;
    expect(part.screen).toEqual({ x: 0, y: 0, width: 260, height: 640 });
    expect(part.source.x).toBeCloseTo(300);
    expect(part.source.width).toBeCloseTo(780);
  });

  it('a landscape picture covers the frame cropped at its sides, centred', () => {
    const part = cropOf(frame, frame, 1920, 1080)!;
    expect(part.scale).toBeCloseTo(640 / 1080);
    expect(part.screen).toEqual(frame);
    expect(part.source.width).toBeCloseTo(607.5);
    expect(part.source.x).toBeCloseTo((1920 - 607.5) / 2);
    expect(part.source.height).toBeCloseTo(1080);
  });

  it('nothing inside the clip draws nothing', () => {
    expect(cropOf({ ...frame, x: 360 }, { ...frame, width: 0 }, 1080, 1920)).toBeNull();
  });
});
