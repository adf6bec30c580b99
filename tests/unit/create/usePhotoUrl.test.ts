// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isHeifFile } from '../../../src/features/create/usePhotoUrl';

describe('isHeifFile', () => {
  it('knows HEIC by its type or, without one, by its name; no other photo', () => {
    expect(isHeifFile(new File([], 'IMG_0001.HEIC', { type: '' }))).toBe(true);
    expect(isHeifFile(new File([], 'photo', { type: 'image/heif' }))).toBe(true);
    expect(isHeifFile(new File([], 'photo.jpg', { type: 'image/jpeg' }))).toBe(false);
    expect(isHeifFile(new File([], 'photo.avif', { type: 'image/avif' }))).toBe(false);
  });
});
