// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isSupportedType,
  jpegIsComplete,
  listJpegAppSegments,
  readHeaderSize,
  sniffType,
} from '../../../workers/sniff';

// The photo fixtures (tests/fixtures/photos: manifest.json says what each tests, LICENSES.md whose they are).
const FIXTURES = path.resolve(process.cwd(), 'tests/fixtures/photos');
const read = (name: string) => new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)));

describe('sniffType', () => {
  it.each([
    ['orientation-landscape-6.jpg', 'image/jpeg'],
    ['cmyk-derived-landscape-1.jpg', 'image/jpeg'],
    ['png-transparent-blackbug.png', 'image/png'],
    ['webp-nikon-d1x-exif.webp', 'image/webp'],
    ['gif-animated-rotating-squares.gif', 'image/gif'],
    ['heic-iphone7-gps.heic', 'image/heic'],
    ['avif-orientation-landscape-1.avif', 'image/avif'],
    ['avif-orientation-landscape-6.avif', 'image/avif'],
    ['not-an-image.jpg', 'unknown'],
  ])('%s is %s by its bytes', (name, type) => {
    expect(sniffType(read(name))).toBe(type);
  });

  it('calls an empty file unknown', () => {
    expect(sniffType(new Uint8Array())).toBe('unknown');
  });

  it('supports JPEG, PNG, WebP, GIF, AVIF and HEIC, nothing unknown', () => {
    const types = [
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
      'image/avif',
      'image/heic',
    ];
    expect(types.every((t) => isSupportedType(t as never))).toBe(true);
    expect(isSupportedType('unknown')).toBe(false);
  });

  /** An ftyp box with these brands, then nothing. */
  const ftyp = (major: string, ...compatible: string[]) => {
    const brands = [major, '\0\0\0\0', ...compatible].join('');
    const size = 8 + brands.length;
    return new Uint8Array([0, 0, 0, size, ...Array.from(`ftyp${brands}`, (c) => c.charCodeAt(0))]);
  };

  it('tells AVIF from HEIC by the ftyp brands, generic HEIF brands included', () => {
    expect(sniffType(ftyp('avif', 'mif1', 'miaf'))).toBe('image/avif');
    expect(sniffType(ftyp('avis', 'msf1'))).toBe('image/avif');
    expect(sniffType(ftyp('mif1', 'miaf', 'avif'))).toBe('image/avif');
    expect(sniffType(ftyp('heic', 'mif1'))).toBe('image/heic');
    expect(sniffType(ftyp('mif1', 'heic'))).toBe('image/heic');
    // An MP4 video is ISOBMFF too, and no photo.
    expect(sniffType(ftyp('isom', 'iso2', 'mp41'))).toBe('unknown');
  });
});

describe('readHeaderSize', () => {
  it.each([
    ['orientation-landscape-6.jpg', 'image/jpeg', 1200, 1800],
    ['progressive-panasonic-lc70.jpg', 'image/jpeg', 1280, 960],
    ['tiny-1x1-cropped-with-exif.jpg', 'image/jpeg', 1, 1],
    ['png-transparent-blackbug.png', 'image/png', 2048, 1536],
    ['webp-nikon-d1x-exif.webp', 'image/webp', 600, 391],
    ['gif-animated-rotating-squares.gif', 'image/gif', 80, 80],
    // HEIF: the ispe (before irot). The iPhone's is a grid of 512 px tiles: the grid's own ispe.
    ['heic-iphone7-gps.heic', 'image/heic', 4032, 3024],
    ['avif-orientation-landscape-1.avif', 'image/avif', 450, 300],
    ['avif-orientation-landscape-6.avif', 'image/avif', 300, 450],
  ] as const)('%s stores %s pixels of %i×%i', (name, type, width, height) => {
    expect(readHeaderSize(read(name), type)).toEqual({ width, height });
  });

  it('reads the SOF size, not the size the EXIF claims', () => {
    // The EXIF of this file still says 4048×3036.
    expect(readHeaderSize(read('tiny-1x1-cropped-with-exif.jpg'), 'image/jpeg')).toEqual({
      width: 1,
      height: 1,
    });
  });

  it('returns null for a header cut short', () => {
    expect(readHeaderSize(read('no-exif.jpg').subarray(0, 30), 'image/jpeg')).toBeNull();
    expect(
      readHeaderSize(read('png-transparent-blackbug.png').subarray(0, 16), 'image/png'),
    ).toBeNull();
  });
});

describe('jpegIsComplete', () => {
  it('accepts whole files, including trailing vendor data', () => {
    expect(jpegIsComplete(read('camera-samsung-j3-orientation6.jpg'))).toBe(true);
    expect(jpegIsComplete(read('progressive-panasonic-lc70.jpg'))).toBe(true);
    const withTrailer = new Uint8Array([...read('no-exif.jpg'), 1, 2, 3, 4]);
    expect(jpegIsComplete(withTrailer)).toBe(true);
  });

  it('refuses a truncated file even though its EXIF thumbnail has an end marker', () => {
    expect(jpegIsComplete(read('truncated-half-iphone4.jpg'))).toBe(false);
  });
});

describe('listJpegAppSegments', () => {
  it('lists the EXIF segment of a camera photo', () => {
    expect(listJpegAppSegments(read('gps-sony-hx5v.jpg'))).toContainEqual({
      marker: 0xe1,
      id: 'Exif',
    });
  });

  it('finds none in a JFIF-only file', () => {
    expect(listJpegAppSegments(read('no-exif.jpg')).map((s) => s.id)).not.toContain('Exif');
  });
});
