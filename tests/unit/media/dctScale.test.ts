// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dctNumeratorWithin, dctScaleNumerator } from '../../../workers/decode';

describe('dctScaleNumerator', () => {
  it('decodes at full size when the job needs half the pixels or more', () => {
    expect(dctScaleNumerator(1)).toBe(8);
    expect(dctScaleNumerator(0.5)).toBe(8);
    expect(dctScaleNumerator(0.6)).toBe(8);
  });

  it('decodes a 12 MP photo for a 1080 export at half size, about twice the output', () => {
    expect(dctScaleNumerator(1080 / 4032)).toBe(4);
    expect(dctScaleNumerator(1080 / 4048)).toBe(4);
  });

  it('never decodes below the size the job needs', () => {
    for (let scale = 0.01; scale < 0.5; scale += 0.003) {
      const n = dctScaleNumerator(scale);
      expect(n / 8, `scale ${scale}`).toBeGreaterThanOrEqual(scale);
      // About twice the output wherever a whole eighth allows it: the residual resize stays a
      // ≈ 2:1 step (0.44–0.57) instead of an aliasing 0.6–0.9 one.
      if (scale >= 0.25) expect(scale / (n / 8), `scale ${scale}`).toBeGreaterThan(0.44);
      if (scale >= 0.25) expect(scale / (n / 8), `scale ${scale}`).toBeLessThan(0.58);
    }
  });

  it('treats a nonsense scale as a full decode', () => {
    expect(dctScaleNumerator(0)).toBe(8);
    expect(dctScaleNumerator(Number.NaN)).toBe(8);
  });
});

describe('dctNumeratorWithin', () => {
  it('decodes a 12 MP photo straight to a preview under 2048 px: 4/8, 2024 px', () => {
    expect(dctNumeratorWithin(4048, 2048, 1536)).toBe(4);
    expect(dctNumeratorWithin(4032, 2048, 1536)).toBe(4);
  });

  it('takes the largest eighth that fits, counting the decoder rounding up', () => {
    // 3/8 of 4608 is 1728; 4/8 would be 2304.
    expect(dctNumeratorWithin(4608, 2048, 1536)).toBe(3);
    // 4/8 of 4097 rounds up to 2049: one pixel over.
    expect(dctNumeratorWithin(4097, 2048, 1536)).toBe(3);
  });

  it('gives 0 when the eighth that fits is below the minimum (the caller resizes instead)', () => {
    // 24 MP: 2/8 of 6000 is 1500 < 1536.
    expect(dctNumeratorWithin(6000, 2048, 1536)).toBe(0);
    expect(dctNumeratorWithin(20000, 2048, 1536)).toBe(0);
  });

  it('every answer lands inside the range', () => {
    for (let side = 2049; side <= 16384; side += 7) {
      const n = dctNumeratorWithin(side, 2048, 1536);
      if (n === 0) continue;
      const decoded = Math.ceil((side * n) / 8);
      expect(decoded, `side ${side}`).toBeLessThanOrEqual(2048);
      expect(decoded, `side ${side}`).toBeGreaterThanOrEqual(1536);
    }
  });
});
