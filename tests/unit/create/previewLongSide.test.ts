// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { previewLongSide } from '../../../src/features/create/previewSize';

describe('previewLongSide', () => {
  it('draws what a 1× desktop screen shows, not the 1080 px export', () => {
    expect(previewLongSide(520, 1)).toBe(600);
    expect(previewLongSide(700, 1)).toBe(700);
  });

  it('draws the full export size on dense phone screens, never more', () => {
    expect(previewLongSide(375, 3)).toBe(1080);
    expect(previewLongSide(1400, 2)).toBe(1080);
    expect(previewLongSide(375, 1.5)).toBe(900);
  });

  it('treats a missing or odd devicePixelRatio as 1', () => {
    expect(previewLongSide(600, 0)).toBe(600);
    expect(previewLongSide(600, Number.NaN)).toBe(600);
  });
});
