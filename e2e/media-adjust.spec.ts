/**
 * The Edit tab's adjustments and straighten in real Chromium through the lab page (issue 19):
 * the Pixi preview, the worker's WebGL2 export and the CPU fallback agree within 2/255 for each
 * adjustment at both ends of its range and for straighten; 0 leaves the photo unchanged; a
 * straightened photo keeps its frame filled.
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

test('each adjustment: Pixi preview, WebGL2 export and CPU fallback agree within 2/255; 0 changes nothing', async () => {
  const result = await page.evaluate(
    async ({ source, full }) => {
      const lab = window.glintLab;
      const file = await lab.fetchFile(`/__fixtures__/${source}`);
      // 540 px keeps the CPU runs quick; the maths is the same at any size.
      const base = { crop: full, rotationAngle: 0, size: 540 };
      const plain = await lab.renderPixels(file, { ...base, filterName: 'normal', strength: 1 });
      if ('error' in plain) throw new Error(plain.error.code);
      // The preview gets exactly the export's pre-filter pixels, shown 1:1.
      const bitmap = await lab.pixelsToBitmap(plain.pixels, plain.width, plain.height);
      const crop = { x: 0, y: 0, width: plain.width, height: plain.height };
      const out: Record<string, Record<string, number | string>> = {};
      const cases: [string, (typeof lab.filterNames)[number], Record<string, number>][] = [];
      for (const name of lab.adjustmentNames) {
        const min = name === 'vignette' || name === 'sharpen' ? 0 : -100;
        cases.push([`${name} 100`, 'normal', { [name]: 100 }]);
        if (min < 0) cases.push([`${name} -100`, 'normal', { [name]: -100 }]);
        cases.push([`${name} 0`, 'normal', { [name]: 0 }]);
      }
      // After a look, several at once, in the fixed order.
      cases.push([
        'juno + several',
        'juno',
        { brightness: 20, contrast: -30, warmth: 40, fade: 25, shadows: 30, sharpen: 50 },
      ]);
      for (const [label, filterName, adjustments] of cases) {
        const edits = { ...base, filterName, strength: 1, adjustments };
        const gpu = await lab.renderPixels(file, edits, 'webgl');
        const cpu = await lab.renderPixels(file, edits, 'cpu');
        if ('error' in gpu || 'error' in cpu) throw new Error(label);
        const preview = await lab.preview(bitmap, crop, 0, filterName, 1, 540, { adjustments });
        out[label] = {
          renderers: `${gpu.renderer}/${cpu.renderer}${cpu.engine ? `:${cpu.engine}` : ''}`,
          previewVsExport: lab.meanAbsDiff(preview.pixels, gpu.pixels),
          cpuVsGpu: lab.meanAbsDiff(cpu.pixels, gpu.pixels),
          cpuVsGpuWorst: lab.channelDiff(cpu.pixels, gpu.pixels).worst,
          vsPlain: lab.meanAbsDiff(gpu.pixels, plain.pixels),
          previewVsPlain: lab.meanAbsDiff(preview.pixels, plain.pixels),
        };
      }
      bitmap.close();
      return out;
    },
    { source: SOURCE, full: FULL },
  );
  for (const [label, r] of Object.entries(result)) {
    if (label.endsWith(' 0')) {
      // 0 equals no change: no shader runs, and the preview shows the photo as it is.
      expect(r.renderers, label).toBe('none/none');
      expect(r.vsPlain, label).toBe(0);
      expect(r.previewVsPlain, label).toBe(0);
      continue;
    }
    // The CPU path grades in WebAssembly SIMD (wasm/grade.ts) where the browser has it.
    expect(r.renderers, label).toBe('webgl/cpu:wasm');
    expect(r.previewVsExport, label).toBeLessThanOrEqual(2);
    expect(r.cpuVsGpu, label).toBeLessThanOrEqual(2);
    // Pixel by pixel too: the CPU twin's every channel within 2/255 of the shader's.
    expect(r.cpuVsGpuWorst, label).toBeLessThanOrEqual(2);
    // Each adjustment visibly changes the photo.
    expect(r.vsPlain, label).toBeGreaterThan(1);
  }
});

test('straighten: preview and export agree within 2/255, 0 changes nothing, the frame stays filled', async () => {
  const result = await page.evaluate(
    async ({ source, full }) => {
      const lab = window.glintLab;
      const file = await lab.fetchFile(`/__fixtures__/${source}`);
      const info = await lab.inspect(file);
      if ('error' in info) throw new Error(info.error.code);
      const previewCrop = lab.geometry.scaleRect(full, full, info.preview);
      const base = { crop: full, rotationAngle: 0, filterName: 'normal' as const, strength: 1 };
      const plain = await lab.renderPixels(file, base);
      const zero = await lab.renderPixels(file, { ...base, straighten: 0 });
      if ('error' in plain || 'error' in zero) throw new Error('export failed');
      const previewPlain = await lab.preview(info.preview, previewCrop, 0, 'normal', 1);
      const previewZero = await lab.preview(info.preview, previewCrop, 0, 'normal', 1, 1080, {
        straighten: 0,
      });
      const out: Record<string, Record<string, number | number[]>> = {
        zero: {
          exportVsPlain: lab.meanAbsDiff(zero.pixels, plain.pixels),
          previewVsPlain: lab.meanAbsDiff(previewZero.pixels, previewPlain.pixels),
        },
      };
      for (const degrees of [-45, -12.5, 8, 30]) {
        for (const rotationAngle of [0, 90]) {
          const edits = { ...base, rotationAngle, straighten: degrees };
          const exported = await lab.renderPixels(file, edits);
          if ('error' in exported) throw new Error(String(degrees));
          const preview = await lab.preview(
            info.preview,
            previewCrop,
            rotationAngle,
            'normal',
            1,
            1080,
            {
              straighten: degrees,
            },
          );
          out[`${degrees}° after ${rotationAngle}°`] = {
            size: [exported.width, exported.height],
            previewSize: [preview.width, preview.height],
            previewVsExport: lab.meanAbsDiff(preview.pixels, exported.pixels),
            vsUnturned:
              rotationAngle === 0 ? lab.meanAbsDiff(exported.pixels, plain.pixels) : Infinity,
          };
        }
      }
      info.preview.close();
      // A flat orange photo turned 45°: every pixel of the export is still the photo, none the
      // white the frame is cleared to.
      const canvas = new OffscreenCanvas(900, 600);
      const ctx = canvas.getContext('2d')!;
      ctx.fillStyle = '#e07020';
      ctx.fillRect(0, 0, 900, 600);
      const flat = await canvas.convertToBlob({ type: 'image/png' });
      let whiteish = 0;
      for (const straighten of [45, -45, 17]) {
        const turned = await lab.renderPixels(flat, {
          crop: { x: 0, y: 0, width: 900, height: 600 },
          rotationAngle: 0,
          filterName: 'normal',
          strength: 1,
          straighten,
        });
        if ('error' in turned) throw new Error('flat export failed');
        for (let i = 0; i < turned.pixels.length; i += 4) {
          if (turned.pixels[i + 2] > 80) whiteish += 1;
        }
      }
      out.corners = { whiteish };
      return out;
    },
    { source: SOURCE, full: FULL },
  );
  expect(result.zero.exportVsPlain).toBe(0);
  expect(result.zero.previewVsPlain).toBe(0);
  for (const [label, r] of Object.entries(result)) {
    if (label === 'zero' || label === 'corners') continue;
    // The frame keeps its size: straighten zooms, it never shrinks or grows the photo.
    expect(r.size, label).toEqual(label.endsWith('after 90°') ? [720, 1080] : [1080, 720]);
    expect(r.previewSize, label).toEqual(r.size);
    expect(r.previewVsExport, label).toBeLessThanOrEqual(2);
    if (label.endsWith('after 0°')) expect(r.vsUnturned, label).toBeGreaterThan(4);
  }
  expect(result.corners.whiteish).toBe(0);
});

test("a CPU export graded in halves with the pool's idle worker is the same JPEG as one graded by one thread", async () => {
  const result = await page.evaluate(
    async ({ source, full }) => {
      const lab = window.glintLab;
      const file = await lab.fetchFile(`/__fixtures__/${source}`);
      const adjustments = {
        brightness: 30,
        contrast: 20,
        saturation: -25,
        warmth: 15,
        fade: 20,
        highlights: -40,
        shadows: 35,
        vignette: 60,
        sharpen: 70,
      };
      const edits = {
        crop: full,
        rotationAngle: 0,
        filterName: 'clarendon' as const,
        strength: 1,
        adjustments,
        renderer: 'cpu' as const,
        cpuEngine: 'wasm' as const,
      };
      const exportOnce = async () => {
        const exported = await lab.exportJpeg(file, edits);
        if ('error' in exported) throw new Error(exported.error.code);
        return { helped: exported.helped ?? false, jpeg: await lab.blobToBase64(exported.blob) };
      };
      // The first export starts the pool's second worker; the next ones find it idle. Split or
      // alone is then chosen by measurement (the second export splits, the third measures alone,
      // every fifth of a look measures the other way again): six exports split at least twice.
      const pooled: Awaited<ReturnType<typeof exportOnce>>[] = [];
      for (let i = 0; i < 6; i += 1) pooled.push(await exportOnce());
      lab.forceMainThread(true);
      const alone = await exportOnce().finally(() => lab.forceMainThread(false));
      return {
        helped: pooled.map((p) => p.helped),
        same: pooled.map((p) => p.jpeg === alone.jpeg),
        aloneHelped: alone.helped,
      };
    },
    { source: SOURCE, full: FULL },
  );
  // No helper for the first export; the worker it started helps a later one (a helper that
  // answers late on a loaded machine is not waited for: that export grades alone, same bytes).
  expect(result.helped[0]).toBe(false);
  expect(result.helped).toContain(true);
  expect(result.aloneHelped).toBe(false);
  expect(result.same).toEqual(Array.from({ length: 6 }, () => true));
});

test('exports graded on WebGL never start a second media worker; one graded on the CPU starts it for the next', async () => {
  const result = await page.evaluate(
    async ({ source, full }) => {
      const lab = window.glintLab;
      lab.shutdownWorkers();
      const file = await lab.fetchFile(`/__fixtures__/${source}`);
      const edits = (renderer: 'webgl' | 'cpu') => ({
        crop: full,
        rotationAngle: 0,
        filterName: 'clarendon' as const,
        strength: 1,
        adjustments: { fade: 20 },
        renderer,
      });
      const counts: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const exported = await lab.exportJpeg(file, edits('webgl'));
        if ('error' in exported) throw new Error(exported.error.code);
        // Long enough for a started worker to be counted (it joins the pool once it is ready).
        await new Promise((resolve) => setTimeout(resolve, 300));
        counts.push(lab.workerStatus().workers);
      }
      const exported = await lab.exportJpeg(file, edits('cpu'));
      if ('error' in exported) throw new Error(exported.error.code);
      const start = performance.now();
      while (lab.workerStatus().workers < 2 && performance.now() - start < 10_000) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return { counts, afterCpu: lab.workerStatus().workers };
    },
    { source: SOURCE, full: FULL },
  );
  expect(result.counts).toEqual([1, 1, 1]);
  expect(result.afterCpu).toBe(2);
});
