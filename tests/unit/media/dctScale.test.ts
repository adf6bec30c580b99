import { describe, expect, it } from 'vitest';
import { dctScaleNumerator } from '../../../workers/decode';

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
