import { describe, expect, it } from 'vitest';
import { needsMipmaps, wantsIdleMipmaps } from '../../../src/canvas/story/pictures';

describe('story picture mip levels', () => {
  const picture = { height: 960 }; // the 540 px copy

  it('mipmaps at upload only what is drawn at less than half its size', () => {
    expect(needsMipmaps(picture, 479)).toBe(true);
    expect(needsMipmaps(picture, 768)).toBe(false);
    expect(needsMipmaps({ height: 150 }, 150)).toBe(true); // avatars always
  });

  it('adds them when idle only where a swipe halves the picture and rest stays at full level', () => {
    // 1280×800 desktop: 768 px tall at rest, 384 while moving.
    expect(wantsIdleMipmaps(picture, 768, 384)).toBe(true);
    // A 1366×768 laptop: 625 px at rest (below 1/√2 of 960) would sample the half-size level.
    expect(wantsIdleMipmaps(picture, 625, 312)).toBe(false);
    // Not halved while moving: nothing to add.
    expect(wantsIdleMipmaps(picture, 960, 600)).toBe(false);
  });
});
