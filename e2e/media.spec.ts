/**
 * The photo pipeline in real Chromium, driven through the lab page: every photo fixture goes
 * through inspect + export (facts, upright pixels, no EXIF), and broken files give typed errors.
 */
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
import { FIXTURES, manifest, openMediaLab } from './mediaLab';

const goodJpegs = manifest.filter((f) => f.format === 'jpeg' && !f.jpeg?.truncatedOrCorrupt);

/** JPEG marker segments before the first scan, e.g. ['APP0 JFIF', 'DQT', …]. */
function jpegHeaderSegments(bytes: Buffer): string[] {
  const names: string[] = [];
  let i = 2;
  while (i + 4 <= bytes.length && bytes[i] === 0xff && bytes[i + 1] !== 0xda) {
    const marker = bytes[i + 1];
    const length = bytes.readUInt16BE(i + 2);
    const id = bytes.subarray(i + 4, i + 4 + Math.min(length - 2, 8)).toString('latin1');
    names.push(
      marker >= 0xe0 && marker <= 0xef ? `APP${marker - 0xe0} ${id}` : `0x${marker.toString(16)}`,
    );
    i += 2 + length;
  }
  return names;
}

function fitLongSide(width: number, height: number, longSide = 1080) {
  const scale = longSide / Math.max(width, height);
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await openMediaLab(browser);
});

test.afterAll(async () => {
  await page.close();
});

for (const fixture of goodJpegs) {
  test(`${fixture.name}: inspect reads its facts and export is a 1080 JPEG without EXIF`, async () => {
    const result = await page.evaluate(async (name) => {
      const lab = window.glintLab;
      const file = await lab.fetchFile(`/__fixtures__/${name}`);
      const info = await lab.inspect(file);
      if ('error' in info) return { error: info.error };
      const { preview, ...facts } = info;
      const previewSize = { width: preview.width, height: preview.height };
      preview.close();
      const exported = await lab.exportJpeg(file, {
        crop: { x: 0, y: 0, width: facts.width, height: facts.height },
        rotationAngle: 0,
        filterName: 'clarendon',
        strength: 1,
      });
      if ('error' in exported) return { error: exported.error };
      const { width, height, type } = exported;
      return {
        facts,
        previewSize,
        width,
        height,
        type,
        jpeg: await lab.blobToBase64(exported.blob),
      };
    }, fixture.name);

    if ('error' in result) throw new Error(`${fixture.name}: ${JSON.stringify(result.error)}`);
    const { facts, previewSize } = result;
    expect(facts.type).toBe('image/jpeg');
    expect({ width: facts.width, height: facts.height }).toEqual({
      width: fixture.orientedWidth,
      height: fixture.orientedHeight,
    });
    expect(facts.orientation).toBe(fixture.orientation || 1);
    if (fixture.gps) {
      expect(facts.gps?.latitude).toBeCloseTo(fixture.gps.lat, 4);
      expect(facts.gps?.longitude).toBeCloseTo(fixture.gps.lng, 4);
    } else {
      expect(facts.gps).toBeNull();
    }
    expect(Math.max(previewSize.width, previewSize.height)).toBeLessThanOrEqual(2048);
    expect(result.type).toBe('image/jpeg');
    expect({ width: result.width, height: result.height }).toEqual(
      fitLongSide(facts.width, facts.height),
    );
    const bytes = Buffer.from(result.jpeg, 'base64');
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(jpegHeaderSegments(bytes).filter((s) => s.startsWith('APP1'))).toEqual([]);
    expect(await exifr.gps(bytes).catch(() => undefined)).toBeUndefined();
  });
}

for (const kind of ['landscape', 'portrait'] as const) {
  const names = [0, 1, 2, 3, 4, 5, 6, 7, 8]
    .map((n) => `orientation-${kind}-${n === 0 ? '0-unspecified' : n}.jpg`)
    .filter((name) => kind === 'landscape' || !name.includes('unspecified'));
  test(`${kind} orientations 0–8 all export upright`, async () => {
    const diffs = await page.evaluate(
      async ({ names, kind }) => {
        const lab = window.glintLab;
        const [w, h] = kind === 'landscape' ? [96, 64] : [64, 96];
        const reference = await lab.imagePixels(
          await lab.fetchFile(`/__fixtures__/orientation-${kind}-1.jpg`),
          w,
          h,
        );
        // The reference turned 180°: what a photo rotated wrongly would look like.
        const upsideDown = new Uint8ClampedArray(reference.length);
        for (let i = 0, n = reference.length / 4; i < n; i += 1) {
          upsideDown.set(reference.subarray(i * 4, i * 4 + 4), (n - 1 - i) * 4);
        }
        const size =
          kind === 'landscape' ? { width: 1800, height: 1200 } : { width: 1200, height: 1800 };
        // A filtered export goes through WebGL instead of a 2D canvas: it must be upright too.
        const filteredExport = async (file: Blob) => {
          const exported = await lab.exportJpeg(file, {
            crop: { x: 0, y: 0, ...size },
            rotationAngle: 0,
            filterName: 'clarendon',
            strength: 1,
          });
          if ('error' in exported) throw new Error(`clarendon: ${exported.error.code}`);
          return lab.imagePixels(exported.blob, w, h);
        };
        // The upright reference graded by the CPU twin: a WebGL export drawn upside down or
        // mirrored would be far from it.
        const filteredReference = lab.cpuFilter(reference, w, h, 'clarendon', 1);
        const out: Record<string, number> = {};
        for (const name of names) {
          const file = await lab.fetchFile(`/__fixtures__/${name}`);
          // 1080 decodes at full size; 320 decodes DCT-scaled to 3/8 (ImageDecoder), which
          // must honour the EXIF orientation just the same.
          for (const longSide of [1080, 320]) {
            const exported = await lab.exportJpeg(file, {
              crop: { x: 0, y: 0, ...size },
              rotationAngle: 0,
              filterName: 'normal',
              strength: 1,
              size: longSide,
            });
            if ('error' in exported) throw new Error(`${name}: ${exported.error.code}`);
            out[`${name} @${longSide}`] = lab.meanAbsDiff(
              reference,
              await lab.imagePixels(exported.blob, w, h),
            );
          }
          out[`${name} clarendon`] = lab.meanAbsDiff(filteredReference, await filteredExport(file));
        }
        // Not a check of the pipeline: shows the comparison tells a wrongly turned photo apart.
        out.upsideDown = lab.meanAbsDiff(reference, upsideDown);
        return out;
      },
      { names, kind },
    );
    // Measured: ≈ 2–3 for every upright export (JPEG + resampling), ≈ 58–83 upside down.
    const exports = Object.keys(diffs).filter((key) => key !== 'upsideDown');
    expect(exports).toHaveLength(names.length * 3);
    for (const key of exports) expect(diffs[key], key).toBeLessThan(6);
    expect(diffs.upsideDown).toBeGreaterThan(3 * Math.max(...exports.map((key) => diffs[key])));
  });
}

test('broken and unsupported files give typed errors, never a hang', async () => {
  const codes = await page.evaluate(async () => {
    const lab = window.glintLab;
    const edits = {
      crop: { x: 0, y: 0, width: 10, height: 10 },
      rotationAngle: 0,
      filterName: 'normal' as const,
      strength: 1,
    };
    const files: Record<string, Blob> = { empty: new Blob([]) };
    for (const name of ['truncated-half-iphone4.jpg', 'not-an-image.jpg']) {
      files[name] = await lab.fetchFile(`/__fixtures__/${name}`);
    }
    // A real JPEG whose header claims 20000×20000 must be refused before decoding.
    const small = new Uint8Array(
      await (await lab.fetchFile('/__fixtures__/no-exif.jpg')).arrayBuffer(),
    );
    for (let i = 2; i < small.length - 9; i += 1) {
      if (small[i] === 0xff && small[i + 1] === 0xc0) {
        small.set([0x4e, 0x20, 0x4e, 0x20], i + 5);
        break;
      }
    }
    files.huge = new Blob([small]);
    const out: Record<string, [string, string]> = {};
    for (const [name, file] of Object.entries(files)) {
      const inspected = await lab.inspect(file);
      const exported = await lab.exportJpeg(file, edits);
      out[name] = [
        'error' in inspected ? inspected.error.code : 'ok',
        'error' in exported ? exported.error.code : 'ok',
      ];
    }
    return out;
  });
  expect(codes).toEqual({
    empty: ['empty_file', 'empty_file'],
    'truncated-half-iphone4.jpg': ['decode_failed', 'decode_failed'],
    'not-an-image.jpg': ['unsupported_type', 'unsupported_type'],
    huge: ['too_large', 'too_large'],
  });
});

test('a sub-pixel square crop of a 730×547 photo, turned, exports at exactly 1080×1080', async () => {
  const sizes = await page.evaluate(async () => {
    const lab = window.glintLab;
    const canvas = new OffscreenCanvas(730, 547);
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#3a6';
    ctx.fillRect(0, 0, 730, 547);
    const file = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 });
    const out: string[] = [];
    // What the crop step hands over after zoom + pan + rotate (issue 19: came out 1078×1080).
    for (const rotationAngle of [0, 90, 270]) {
      const exported = await lab.exportJpeg(file, {
        crop: { x: 100.3, y: 50.7, width: 362.6, height: 362.6 },
        rotationAngle,
        filterName: 'normal',
        strength: 1,
      });
      if ('error' in exported) throw new Error(exported.error.code);
      out.push(`${exported.width}x${exported.height}`);
    }
    return out;
  });
  expect(sizes).toEqual(['1080x1080', '1080x1080', '1080x1080']);
});

test('AVIF orientations 1–8 (irot/imir) all export upright', async () => {
  const names = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => `avif-orientation-landscape-${n}.avif`);
  const result = await page.evaluate(async (names) => {
    const lab = window.glintLab;
    const [w, h] = [96, 64];
    const reference = await lab.imagePixels(
      await lab.fetchFile('/__fixtures__/orientation-landscape-1.jpg'),
      w,
      h,
    );
    const upsideDown = new Uint8ClampedArray(reference.length);
    for (let i = 0, n = reference.length / 4; i < n; i += 1) {
      upsideDown.set(reference.subarray(i * 4, i * 4 + 4), (n - 1 - i) * 4);
    }
    const out: Record<string, number | string> = {};
    for (const name of names) {
      const file = await lab.fetchFile(`/__fixtures__/${name}`);
      const info = await lab.inspect(file);
      if ('error' in info) throw new Error(`${name}: ${info.error.code}`);
      out[`${name} type`] = info.type;
      out[`${name} size`] = `${info.width}x${info.height}`;
      info.preview.close();
      const exported = await lab.exportJpeg(file, {
        crop: { x: 0, y: 0, width: info.width, height: info.height },
        rotationAngle: 0,
        filterName: 'normal',
        strength: 1,
      });
      if ('error' in exported) throw new Error(`${name}: ${exported.error.code}`);
      out[`${name} export`] = `${exported.width}x${exported.height}`;
      out[name] = lab.meanAbsDiff(reference, await lab.imagePixels(exported.blob, w, h));
    }
    out.upsideDown = lab.meanAbsDiff(reference, upsideDown);
    return out;
  }, names);
  for (const name of names) {
    expect(result[`${name} type`]).toBe('image/avif');
    expect(result[`${name} size`], name).toBe('450x300');
    expect(result[`${name} export`], name).toBe('1080x720');
    // AVIF at quality 70 and 450 px: a little further from the JPEG than the JPEGs are.
    expect(result[name], name).toBeLessThan(8);
  }
  expect(result.upsideDown).toBeGreaterThan(30);
});

test('the iPhone HEIC decodes through libheif (loaded on demand); a GIF gives its first frame', async () => {
  const result = await page.evaluate(async () => {
    const lab = window.glintLab;
    const wasmBefore = performance
      .getEntriesByType('resource')
      .some((entry) => entry.name.endsWith('.wasm'));
    const out: Record<string, unknown> = { wasmBefore };
    for (const name of ['heic-iphone7-gps.heic', 'gif-animated-rotating-squares.gif']) {
      const file = await lab.fetchFile(`/__fixtures__/${name}`);
      const info = await lab.inspect(file);
      if ('error' in info) throw new Error(`${name}: ${info.error.code}`);
      const exported = await lab.exportJpeg(file, {
        crop: { x: 0, y: 0, width: info.width, height: info.height },
        rotationAngle: 0,
        filterName: 'normal',
        strength: 1,
      });
      if ('error' in exported) throw new Error(`${name}: ${exported.error.code}`);
      const previewPixels = await lab.imagePixels(info.preview, 32, 24);
      const exportPixels = await lab.imagePixels(exported.blob, 32, 24);
      out[name] = {
        type: info.type,
        size: `${info.width}x${info.height}`,
        gps: info.gps !== null,
        export: `${exported.width}x${exported.height}`,
        previewVsExport: lab.meanAbsDiff(previewPixels, exportPixels),
      };
      info.preview.close();
    }
    return out;
  });
  expect(result.wasmBefore).toBe(false);
  expect(result['heic-iphone7-gps.heic']).toMatchObject({
    type: 'image/heic',
    size: '4032x3024',
    gps: true,
    export: '1080x810',
  });
  expect(result['gif-animated-rotating-squares.gif']).toMatchObject({
    type: 'image/gif',
    size: '80x80',
    export: '1080x1080',
  });
  for (const name of ['heic-iphone7-gps.heic', 'gif-animated-rotating-squares.gif']) {
    const { previewVsExport } = result[name] as { previewVsExport: number };
    expect(previewVsExport, name).toBeLessThan(6);
  }
});

test('PNG and WebP are accepted; transparency is flattened onto white', async () => {
  const result = await page.evaluate(async () => {
    const lab = window.glintLab;
    const out: Record<string, unknown> = {};
    for (const name of [
      'png-transparent-blackbug.png',
      'webp-nikon-d1x-exif.webp',
      'png-1x1-with-exif-gps.png',
    ]) {
      const file = await lab.fetchFile(`/__fixtures__/${name}`);
      const info = await lab.inspect(file);
      if ('error' in info) throw new Error(`${name}: ${info.error.code}`);
      const exported = await lab.exportJpeg(file, {
        crop: { x: 0, y: 0, width: info.width, height: info.height },
        rotationAngle: 0,
        filterName: 'normal',
        strength: 1,
      });
      if ('error' in exported) throw new Error(`${name}: ${exported.error.code}`);
      const corner = await lab.imagePixels(exported.blob, 8, 8);
      const previewCorner = await lab.imagePixels(info.preview, 8, 8);
      out[name] = {
        type: info.type,
        gps: info.gps,
        size: [exported.width, exported.height],
        cornerMin: Math.min(corner[0], corner[1], corner[2]),
        previewCornerMin: Math.min(previewCorner[0], previewCorner[1], previewCorner[2]),
        appSegments: exported.appSegments.map((s) => s.id),
      };
    }
    return out;
  });
  expect(result['png-transparent-blackbug.png']).toMatchObject({
    type: 'image/png',
    size: [1080, 810],
  });
  const png = result['png-transparent-blackbug.png'] as {
    cornerMin: number;
    previewCornerMin: number;
  };
  expect(png.cornerMin).toBeGreaterThan(240);
  expect(png.previewCornerMin).toBeGreaterThan(240);
  expect(result['webp-nikon-d1x-exif.webp']).toMatchObject({
    type: 'image/webp',
    size: [1080, 704],
  });
  expect(result['png-1x1-with-exif-gps.png']).toMatchObject({
    size: [1080, 1080],
    gps: { latitude: expect.closeTo(50.2996028, 4), longitude: expect.closeTo(14.8202944, 4) },
  });
  for (const entry of Object.values(result)) {
    expect((entry as { appSegments: string[] }).appSegments).not.toContain('Exif');
  }
});

test('a CMYK JPEG exports with the right colours (compared with libvips)', async () => {
  const [width, height] = [50, 33];
  const name = 'cmyk-derived-landscape-1.jpg';
  const reference = await sharp(path.join(FIXTURES, name))
    .resize(width, height, { fit: 'fill' })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer();
  const exported = await page.evaluate(
    async ({ name, width, height }) => {
      const lab = window.glintLab;
      const file = await lab.fetchFile(`/__fixtures__/${name}`);
      const result = await lab.exportJpeg(file, {
        crop: { x: 0, y: 0, width: 500, height: 333 },
        rotationAngle: 0,
        filterName: 'normal',
        strength: 1,
      });
      if ('error' in result) throw new Error(result.error.code);
      return Array.from(await lab.imagePixels(result.blob, width, height));
    },
    { name, width, height },
  );
  let diff = 0;
  let invertedDiff = 0;
  for (let i = 0; i < exported.length; i += 4) {
    for (let c = 0; c < 3; c += 1) {
      diff += Math.abs(exported[i + c] - reference[i + c]);
      invertedDiff += Math.abs(exported[i + c] - (255 - reference[i + c]));
    }
  }
  // Measured ≈ 12: Chromium's CMYK→sRGB is uniformly ≈ 7.5 brighter than libvips' (rendering
  // intent), while inverted colours would be ≈ 59 away.
  expect(diff / ((exported.length / 4) * 3)).toBeLessThan(16);
  expect(invertedDiff).toBeGreaterThan(3 * diff);
});
