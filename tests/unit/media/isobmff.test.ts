// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readIrotDegrees, readIspeSize } from '../../../workers/isobmff';

const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/photos');
const read = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

describe('HEIF boxes', () => {
  it.each([
    // sharp wrote EXIF orientation N as irot (counter-clockwise quarter turns) and imir.
    [1, 0],
    [3, 180],
    [6, 270],
    [8, 90],
  ])('the AVIF made from EXIF orientation %i has irot %i°', (n, degrees) => {
    expect(readIrotDegrees(read(`avif-orientation-landscape-${n}.avif`))).toBe(degrees);
  });

  it('reads no rotation and the grid size of the iPhone HEIC', () => {
    const bytes = read('heic-iphone7-gps.heic');
    expect(readIrotDegrees(bytes)).toBe(0);
    expect(readIspeSize(bytes)).toEqual({ width: 4032, height: 3024 });
  });

  it('gives up on damaged or cut boxes instead of reading past them', () => {
    const bytes = read('avif-orientation-landscape-6.avif');
    expect(readIspeSize(bytes.subarray(0, 40))).toBeNull();
    const broken = bytes.slice();
    // The meta box claims to be longer than the file.
    const meta = broken.findIndex(
      (_, i) => String.fromCharCode(...broken.subarray(i, i + 4)) === 'meta',
    );
    broken.set([0x7f, 0xff, 0xff, 0xff], meta - 4);
    expect(readIspeSize(broken)).toBeNull();
    expect(readIrotDegrees(broken)).toBe(0);
    expect(readIspeSize(new Uint8Array())).toBeNull();
  });
});
