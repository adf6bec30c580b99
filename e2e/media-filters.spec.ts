/**
 * Filters and edits in real Chromium through the lab page: the Pixi preview, the worker's WebGL2
 * export and the CPU fallback agree; crop/rotation geometry; thumbnails; abort; main-thread fallback.
 */
import { expect, test, type Page } from './fixtures';
import { openMediaLab } from './mediaLab';

test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  page = await openMediaLab(browser);
});

test.afterAll(async () => {
  await page.close();
});

const SOURCE = 'orientation-landscape-1.jpg';
const FULL = { x: 0, y: 0, width: 1800, height: 1200 };

test('every filter: Pixi preview, WebGL2 export and CPU fallback agree within 2/255', async () => {
  const result = await page.evaluate(
    async ({ source, full }) => {
      const lab = window.glintLab;
      const file = await lab.fetchFile(`/__fixtures__/${source}`);
      // 540 px keeps the CPU runs quick; the maths is the same at any size.
      const edits = (filterName: (typeof lab.filterNames)[number], strength = 1) => ({
        crop: full,
        rotationAngle: 0,
        filterName,
        strength,
        size: 540,
      });
      const plain = await lab.renderPixels(file, edits('normal'));
      if ('error' in plain) throw new Error(plain.error.code);
      // The preview gets exactly the export's pre-filter pixels, shown 1:1.
      const bitmap = await lab.pixelsToBitmap(plain.pixels, plain.width, plain.height);
      const crop = { x: 0, y: 0, width: plain.width, height: plain.height };
      const previewNormal = await lab.preview(bitmap, crop, 0, 'normal', 1, 540);
      const out: Record<string, Record<string, number | string>> = {
        normal: { previewVsPlain: lab.meanAbsDiff(previewNormal.pixels, plain.pixels) },
      };
      for (const name of lab.filterNames.filter((n) => n !== 'normal')) {
        const gpu = await lab.renderPixels(file, edits(name), 'webgl');
        const cpu = await lab.renderPixels(file, edits(name), 'cpu');
        const zero = await lab.renderPixels(file, edits(name, 0));
        if ('error' in gpu || 'error' in cpu || 'error' in zero) throw new Error(name);
        const preview = await lab.preview(bitmap, crop, 0, name, 1, 540);
        const previewZero = await lab.preview(bitmap, crop, 0, name, 0, 540);
        out[name] = {
          renderers: `${gpu.renderer}/${cpu.renderer}:${cpu.engine}/${zero.renderer}`,
          previewVsExport: lab.meanAbsDiff(preview.pixels, gpu.pixels),
          cpuVsGpu: lab.meanAbsDiff(cpu.pixels, gpu.pixels),
          cpuVsGpuWorst: lab.channelDiff(cpu.pixels, gpu.pixels).worst,
          zeroVsNormal: lab.meanAbsDiff(zero.pixels, plain.pixels),
          previewZeroVsNormal: lab.meanAbsDiff(previewZero.pixels, previewNormal.pixels),
          vsNormal: lab.meanAbsDiff(gpu.pixels, plain.pixels),
          spread: lab.maxChannelSpread(gpu.pixels),
        };
      }
      bitmap.close();
      return out;
    },
    { source: SOURCE, full: FULL },
  );
  expect(result.normal.previewVsPlain).toBeLessThanOrEqual(0.5);
  for (const [name, r] of Object.entries(result).filter(([n]) => n !== 'normal')) {
    // The CPU path grades in WebAssembly SIMD (wasm/grade.ts) where the browser has it.
    expect(r.renderers, name).toBe('webgl/cpu:wasm/none');
    expect(r.previewVsExport, name).toBeLessThanOrEqual(2);
    expect(r.cpuVsGpu, name).toBeLessThanOrEqual(2);
    // Pixel by pixel too: the CPU twin's every channel within 2/255 of the shader's.
    expect(r.cpuVsGpuWorst, name).toBeLessThanOrEqual(2);
    expect(r.zeroVsNormal, name).toBe(0);
    expect(r.previewZeroVsNormal, name).toBe(0);
    // Each look visibly changes the photo.
    expect(r.vsNormal, name).toBeGreaterThan(4);
  }
  expect(result.moon.spread).toBeLessThanOrEqual(2);
});

test('the device measures WebGL against the CPU once, remembers the faster, and exports on it', async () => {
  const result = await page.evaluate(
    async ({ source, full }) => {
      const lab = window.glintLab;
      const file = await lab.fetchFile(`/__fixtures__/${source}`);
      const edits = {
        crop: full,
        rotationAngle: 0,
        filterName: 'clarendon' as const,
        strength: 1,
        size: 540,
      };
      await lab.forgetFilterPaths();
      lab.shutdownWorkers();
      const first = await lab.exportJpeg(file, edits);
      const measured = await lab.filterPathChoices();
      // A new worker (as on a later visit) reads the stored answer instead of measuring.
      lab.shutdownWorkers();
      const again = await lab.exportJpeg(file, edits);
      const stored = await lab.filterPathChoices();
      const plain = await lab.exportJpeg(file, { ...edits, filterName: 'normal' });
      if ('error' in first || 'error' in again || 'error' in plain) throw new Error('export');
      return {
        first: first.renderer,
        again: again.renderer,
        plain: plain.renderer,
        measured,
        stored,
      };
    },
    { source: SOURCE, full: FULL },
  );
  expect(result.measured).toHaveLength(1);
  const [choice] = result.measured;
  expect(choice).toMatchObject({ variant: 'look', source: 'measured', software: true });
  expect(choice.gpu).toMatch(/SwiftShader/);
  expect(choice.webglMs).toBeGreaterThan(0);
  expect(choice.cpuMs).toBeGreaterThan(0);
  // The faster of the two measured paths.
  expect(choice.path).toBe(choice.webglMs! <= choice.cpuMs! ? 'webgl' : 'cpu');
  expect(result.first).toBe(choice.path);
  expect(result.stored).toEqual([{ ...choice, source: 'stored' }]);
  expect(result.again).toBe(choice.path);
  expect(result.plain).toBe('none');
});

test('crop and rotation: export matches a plain canvas crop, preview matches export', async () => {
  const result = await page.evaluate(async (source) => {
    const lab = window.glintLab;
    const file = await lab.fetchFile(`/__fixtures__/${source}`);
    const crop = { x: 300, y: 200, width: 900, height: 600 };
    const exported = await lab.renderPixels(file, {
      crop,
      rotationAngle: 90,
      filterName: 'juno',
      strength: 0.7,
    });
    const plain = await lab.renderPixels(file, {
      crop,
      rotationAngle: -270,
      filterName: 'normal',
      strength: 1,
    });
    if ('error' in exported || 'error' in plain) throw new Error('export failed');
    // Reference: crop and quarter-turn the upright original with a plain 2D canvas.
    const upright = await createImageBitmap(file);
    const canvas = new OffscreenCanvas(crop.height, crop.width);
    const ctx = canvas.getContext('2d')!;
    ctx.translate(crop.height, 0);
    ctx.rotate(Math.PI / 2);
    ctx.drawImage(upright, crop.x, crop.y, crop.width, crop.height, 0, 0, crop.width, crop.height);
    const reference = await lab.imagePixels(await canvas.convertToBlob(), 40, 60);
    const small = await lab.imagePixels(
      await lab.pixelsToBitmap(plain.pixels, plain.width, plain.height),
      40,
      60,
    );
    // Preview from inspect's preview bitmap through Pixi, the way the style step shows it.
    const info = await lab.inspect(file);
    if ('error' in info) throw new Error(info.error.code);
    const preview = await lab.preview(info.preview, crop, 90, 'juno', 0.7);
    info.preview.close();
    return {
      size: [exported.width, exported.height],
      previewSize: [preview.width, preview.height],
      exportVsCanvas: lab.meanAbsDiff(reference, small),
      previewVsExport: lab.meanAbsDiff(preview.pixels, exported.pixels),
      invalid: await lab.exportJpeg(file, {
        crop,
        rotationAngle: 45,
        filterName: 'normal',
        strength: 1,
      }),
    };
  }, SOURCE);
  expect(result.size).toEqual([720, 1080]);
  expect(result.previewSize).toEqual([720, 1080]);
  expect(result.exportVsCanvas).toBeLessThan(3);
  expect(result.previewVsExport).toBeLessThan(4);
  expect(result.invalid).toMatchObject({ error: { code: 'invalid_rotation' } });
});

test('thumbnails: one per filter, rendered by the preview', async () => {
  const thumbs = await page.evaluate(async (source) => {
    const lab = window.glintLab;
    const bitmap = await createImageBitmap(await lab.fetchFile(`/__fixtures__/${source}`), {
      resizeWidth: 180,
      resizeHeight: 120,
      resizeQuality: 'high',
    });
    return lab.thumbnails(bitmap, 96);
  }, SOURCE);
  expect(thumbs.map((t) => t.name)).toEqual([
    'normal',
    'clarendon',
    'gingham',
    'moon',
    'lark',
    'reyes',
    'juno',
    'slumber',
    'crema',
    'ludwig',
    'aden',
    'perpetua',
  ]);
  for (const t of thumbs) expect([t.width, t.height]).toEqual([96, 96]);
});

test('an aborted export rejects silently and the pool keeps working', async () => {
  const result = await page.evaluate(async () => {
    const lab = window.glintLab;
    const file = await lab.fetchFile('/__fixtures__/large-nikon-d3100-14mp.jpg');
    const controller = new AbortController();
    const crop = { x: 0, y: 0, width: 4608, height: 3072 };
    const job = lab.exportJpeg(
      file,
      { crop, rotationAngle: 0, filterName: 'moon', strength: 1 },
      controller.signal,
    );
    controller.abort();
    const aborted = await job;
    const next = await lab.exportJpeg(file, {
      crop,
      rotationAngle: 180,
      filterName: 'moon',
      strength: 1,
    });
    const status = lab.workerStatus();
    return {
      aborted: 'error' in aborted ? aborted.error : null,
      next: 'error' in next ? next.error.code : [next.width, next.height],
      status,
    };
  });
  expect(result.aborted).toMatchObject({ name: 'AbortError', code: 'aborted' });
  expect(result.next).toEqual([1080, 720]);
  expect(result.status.workers).toBeGreaterThanOrEqual(1);
  expect(result.status.workers).toBeLessThanOrEqual(2);
  expect(result.status.mainThreadFallback).toBe(false);
});

test('the main-thread fallback runs the same jobs with the same results', async () => {
  const result = await page.evaluate(async (source) => {
    const lab = window.glintLab;
    const file = await lab.fetchFile(`/__fixtures__/${source}`);
    const edits = {
      crop: { x: 0, y: 0, width: 1800, height: 1200 },
      rotationAngle: 0,
      filterName: 'lark' as const,
      strength: 0.8,
    };
    const inWorker = await lab.renderPixels(file, edits);
    lab.forceMainThread(true);
    try {
      const onMain = await lab.renderPixels(file, edits);
      const inspected = await lab.inspect(await lab.fetchFile('/__fixtures__/gps-sony-hx5v.jpg'));
      if ('error' in inWorker || 'error' in onMain || 'error' in inspected)
        throw new Error('failed');
      return { diff: lab.meanAbsDiff(inWorker.pixels, onMain.pixels), gps: inspected.gps };
    } finally {
      lab.forceMainThread(false);
    }
  }, SOURCE);
  expect(result.diff).toBeLessThanOrEqual(1);
  expect(result.gps?.latitude).toBeCloseTo(51.778615, 4);
});

test('a worker keeps its frame canvas between jobs and nothing of one job shows in the next', async () => {
  const result = await page.evaluate(async () => {
    const lab = window.glintLab;
    const png = await lab.fetchFile('/__fixtures__/png-transparent-blackbug.png');
    const photo = await lab.fetchFile('/__fixtures__/gps-google-pixel-12mp.jpg');
    const pngEdits = {
      crop: { x: 0, y: 0, width: 1000, height: 750 },
      rotationAngle: 0,
      filterName: 'normal' as const,
      strength: 1,
    };
    lab.shutdownWorkers();
    const fresh = await lab.renderPixels(png, pngEdits);
    lab.shutdownWorkers();
    // Same 1080×810 frame, turned half way and graded: a transform or pixels left behind
    // would move the PNG or show through its transparent areas.
    const before = await lab.renderPixels(photo, {
      crop: { x: 0, y: 0, width: 4048, height: 3036 },
      rotationAngle: 180,
      filterName: 'moon',
      strength: 1,
    });
    const after = await lab.renderPixels(png, pngEdits);
    const workers = lab.workerStatus().workers;
    if ('error' in fresh || 'error' in before || 'error' in after) throw new Error('failed');
    return {
      sizes: [fresh, before, after].map((r) => [r.width, r.height]),
      workers,
      diff: lab.meanAbsDiff(fresh.pixels, after.pixels),
    };
  });
  expect(result.sizes).toEqual([
    [1080, 810],
    [1080, 810],
    [1080, 810],
  ]);
  expect(result.workers).toBe(1);
  expect(result.diff).toBe(0);
});
