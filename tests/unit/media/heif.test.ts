// @vitest-environment node
/**
 * HEIC decoding with libheif's WebAssembly build in Node, on the real iPhone 7 fixture: the
 * same decodeHeifPixels the media worker runs (workers/heif.ts only loads the library there).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeHeifPixels, type LibHeif } from '../../../workers/heifDecode';
import { MediaError } from '../../../workers/mediaErrors';
import { readIrotDegrees } from '../../../workers/isobmff';
import { turnedHeic } from '../../../e2e/heicTurned';

const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/photos');
const require = createRequire(import.meta.url);

let lib: LibHeif;

beforeAll(() => {
  const factory = require('libheif-js/libheif-wasm/libheif.js') as (o: object) => LibHeif;
  const wasmBinary = fs.readFileSync(require.resolve('libheif-js/libheif-wasm/libheif.wasm'));
  lib = factory({ wasmBinary });
});

describe('decodeHeifPixels', () => {
  it('decodes the iPhone photo to its full upright size in RGBA', async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(FIXTURES, 'heic-iphone7-gps.heic')));
    const { width, height, data } = await decodeHeifPixels(lib, bytes, 120_000_000);
    // The manifest: 4032×3024 (ispe), no irot.
    expect([width, height]).toEqual([4032, 3024]);
    expect(data.length).toBe(width * height * 4);
    // A photo, not a blank buffer: opaque, and the channels vary.
    let min = 255;
    let max = 0;
    for (let i = 0; i < data.length; i += 4 * 997) {
      expect(data[i + 3]).toBe(255);
      min = Math.min(min, data[i]);
      max = Math.max(max, data[i]);
    }
    expect(max - min).toBeGreaterThan(100);
  }, 60_000);

  it('turns a HEIC stored turned (irot 270°, EXIF 6) upright, once: the irot, never the EXIF', async () => {
    const fixture = path.join(FIXTURES, 'heic-iphone7-gps.heic');
    const stored = await decodeHeifPixels(lib, new Uint8Array(fs.readFileSync(fixture)), 2e8);
    const bytes = turnedHeic(fixture);
    expect(readIrotDegrees(bytes)).toBe(270);
    const upright = await decodeHeifPixels(lib, bytes, 2e8);
    expect([upright.width, upright.height]).toEqual([3024, 4032]);
    // 90° clockwise: the stored (x, y) shows at (H − 1 − y, x) in the upright picture.
    for (const [x, y] of [
      [10, 20],
      [2000, 1500],
      [4000, 3000],
    ]) {
      const from = (y * stored.width + x) * 4;
      const to = (x * upright.width + (stored.height - 1 - y)) * 4;
      expect([...upright.data.subarray(to, to + 3)], `${x},${y}`).toEqual([
        ...stored.data.subarray(from, from + 3),
      ]);
    }
  }, 90_000);

  it('refuses a photo over the pixel limit before making its pixels', async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(FIXTURES, 'heic-iphone7-gps.heic')));
    await expect(decodeHeifPixels(lib, bytes, 1_000_000)).rejects.toMatchObject({
      code: 'too_large',
    });
  });

  it('refuses bytes that are no HEIF with decode_failed', async () => {
    const bytes = new Uint8Array(fs.readFileSync(path.join(FIXTURES, 'not-an-image.jpg')));
    const error = await decodeHeifPixels(lib, bytes, 120_000_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe('decode_failed');
  });
});
