/**
 * Case 1, photo-export: one 1080 px JPEG from the full frame of a photo. Contenders, interleaved
 * in one page: Glint's worker pipeline (Normal and a filter), browser-image-compression 2 in
 * worker mode, a naive main-thread canvas, and the floor (decode alone, encode alone). Beside
 * them, Glint's inspect (type, EXIF and the crop step's preview), compared with a full decode.
 */
import path from 'node:path';
import type { PhotoContender, PhotoSample } from '../../lab/benchPhoto';
import type { FilterPathChoice } from '../../src/media/mediaClient';
import { measured } from '../lib/entries';
import { benchInputs, type PhotoInput } from '../lib/inputs';
import { heicPair } from '../lib/heicInput';
import { interleave } from '../lib/interleave';
import { peakMemory } from '../lib/browser';
import { openBenchPage, type BenchPage } from '../lib/page';
import { psnrAgainstLanczos } from '../lib/psnr';
import { median, ratio } from '../lib/stats';
import type { BenchCase, BenchEnv, Entry, Extra } from '../lib/types';

export const FILTER = 'clarendon';
const CONTENDERS: PhotoContender[] = [
  'glint-normal',
  'glint-filter',
  'glint-filter-webgl',
  'glint-filter-cpu',
  'glint-filter-cpu-js',
  'glint-adjusted',
  'glint-adjusted-webgl',
  'glint-adjusted-cpu',
  'glint-adjusted-cpu-js',
  'glint-inspect',
  'bic-worker',
  'naive-canvas',
  'floor-decode',
  'floor-encode',
];
const LABELS: Record<PhotoContender, string> = {
  'glint-normal': 'Glint export (Normal)',
  'glint-filter': `Glint export (${FILTER}, device's path)`,
  'glint-filter-webgl': `Glint export (${FILTER}, WebGL forced)`,
  'glint-filter-cpu': `Glint export (${FILTER}, CPU forced: WebAssembly SIMD)`,
  'glint-filter-cpu-js': `Glint export (${FILTER}, CPU forced: JavaScript twin)`,
  'glint-adjusted': `Glint export (${FILTER} + every adjustment, device's path)`,
  'glint-adjusted-webgl': `Glint export (${FILTER} + every adjustment, WebGL forced)`,
  'glint-adjusted-cpu': `Glint export (${FILTER} + every adjustment, CPU forced: WebAssembly SIMD)`,
  'glint-adjusted-cpu-js': `Glint export (${FILTER} + every adjustment, CPU forced: JavaScript twin)`,
  'glint-inspect': 'Glint inspect (preview ≤ 2048 px)',
  'heic-decode': 'HEIC full decode (libheif, worker)',
  'bic-worker': 'browser-image-compression (worker)',
  'naive-canvas': 'naive main-thread canvas',
  'floor-decode': 'floor: full decode alone',
  'floor-encode': 'floor: 1080 JPEG encode alone',
};
/**
 * The targets are ratios on the 12 MP inputs, where one round takes about 2 s: they get
 * more counted rounds than the suite's default, so the medians move less from run to run. The
 * 108 MP input (about 11 s a round) keeps the default.
 */
const TARGET_INPUT_RUNS = 15;
const TARGET_INPUT_MAX_PIXELS = 24e6;

/** The forced-path twins only say how the two paths compare: no peak-memory pages for them. */
const FORCED = new Set<PhotoContender>([
  'glint-filter-webgl',
  'glint-filter-cpu',
  'glint-filter-cpu-js',
  'glint-adjusted-webgl',
  'glint-adjusted-cpu',
  'glint-adjusted-cpu-js',
]);
const GRADED = new Set<PhotoContender>([...FORCED, 'glint-filter', 'glint-adjusted']);

/** A filter changes the colours on purpose: PSNR against an unfiltered reference means nothing. */
const HAS_PSNR = new Set<PhotoContender>(['glint-normal', 'bic-worker', 'naive-canvas']);

function runJob(
  page: BenchPage,
  input: PhotoInput,
  contender: PhotoContender,
  withOutput: boolean,
) {
  const job = {
    contender,
    file: path.basename(input.file),
    width: input.width,
    height: input.height,
    filterName: FILTER,
    withOutput,
  } as const;
  return page.page.evaluate((j) => window.glintBench.photo(j), job);
}

async function benchInput(env: BenchEnv, page: BenchPage, input: PhotoInput) {
  env.log(`photo-export: ${input.label} (${(input.bytes / 1e6).toFixed(1)} MB)`);
  await page.page.evaluate(([name, w, h]) => window.glintBench.prepareFloor(name, w, h), [
    path.basename(input.file),
    input.width,
    input.height,
  ] as const);
  const samples = await interleave<PhotoSample>(
    CONTENDERS.map((contender) => ({
      name: contender,
      run: (round) => runJob(page, input, contender, round === 0 && HAS_PSNR.has(contender)),
    })),
    env.warmup,
    env.quick || input.width * input.height > TARGET_INPUT_MAX_PIXELS
      ? env.runs
      : Math.max(env.runs, TARGET_INPUT_RUNS),
  );
  const psnr = new Map<PhotoContender, number>();
  for (const contender of HAS_PSNR) {
    const output = samples.get(contender)?.[0]?.output;
    if (output)
      psnr.set(contender, await psnrAgainstLanczos(input.file, Buffer.from(output, 'base64')));
  }
  return { samples, psnr };
}

async function memoryOf(env: BenchEnv, input: PhotoInput, contender: PhotoContender) {
  const page = await openBenchPage(env, [input.file]);
  try {
    if (contender === 'floor-encode') return null;
    const { peakMb } = await peakMemory(env.browser, () => runJob(page, input, contender, false));
    return peakMb;
  } finally {
    await page.close();
  }
}

function describePaths(choices: FilterPathChoice[]): string {
  return (
    choices
      .map((c) => {
        const times = `WebGL ${c.webglMs?.toFixed(1) ?? '–'} / CPU ${c.cpuMs?.toFixed(1) ?? '–'} ms`;
        return `${c.variant}: ${c.path} (${c.source}; ${times} at 540×405; ${c.gpu})`;
      })
      .join('; ') || 'none reported'
  );
}

/**
 * HEIC beside JPEG: the iPhone fixture (12 MP) and a JPEG of the same picture, interleaved: the
 * full decode of each (libheif in a worker, Chromium's decoder in a worker). Exports are left
 * out: the pipeline keeps a HEIC's decode for the export after the crop step decoded it.
 */
async function benchHeic(env: BenchEnv): Promise<Entry[]> {
  const pair = await heicPair();
  if (!pair) return [];
  const label = `12 MP iPhone HEIC (${pair.width}×${pair.height})`;
  env.log(`photo-export: ${label} against a JPEG of the same picture`);
  const page = await openBenchPage(env, [pair.heic, pair.jpeg]);
  const heic = path.basename(pair.heic);
  const jpeg = path.basename(pair.jpeg);
  const rows: [string, PhotoContender, string][] = [
    ['JPEG full decode (same picture, q92)', 'floor-decode', jpeg],
    ['HEIC full decode (libheif WebAssembly, worker)', 'heic-decode', heic],
  ];
  let samples: Map<string, PhotoSample[]>;
  try {
    samples = await interleave<PhotoSample>(
      rows.map(([name, contender, file]) => ({
        name,
        run: () =>
          page.page.evaluate((j) => window.glintBench.photo(j), {
            contender,
            file,
            width: pair.width,
            height: pair.height,
            filterName: FILTER,
            withOutput: false,
          } as const),
      })),
      env.warmup,
      env.quick ? env.runs : Math.min(env.runs, 5),
    );
  } finally {
    await page.close();
  }
  const ms = (name: string) => (samples.get(name) ?? []).map((s) => s.ms);
  const jpegDecode = median(ms(rows[0][0]));
  return rows.map(([name], i) =>
    measured(
      { case: 'photo-export', input: label, contender: name, metric: 'time', unit: 'ms' },
      ms(name),
      i === 1 ? { vsJpegDecode: ratio(median(ms(name)), jpegDecode) } : undefined,
    ),
  );
}

export const photoExport: BenchCase = {
  name: 'photo-export',
  title: 'Photo export to a 1080 px JPEG',
  async run(env) {
    const { all, large } = await benchInputs(env.quick);
    const entries: Entry[] = [];
    const page = await openBenchPage(
      env,
      all.map((i) => i.file),
    );
    const results = new Map<PhotoInput, Awaited<ReturnType<typeof benchInput>>>();
    let paths = '';
    try {
      // As on a device's first visit: the first graded export of each program variant measures
      // WebGL against the CPU (in the uncounted warm-up round) and keeps the faster.
      await page.page.evaluate(() => window.glintBench.forgetPaths());
      for (const input of all) results.set(input, await benchInput(env, page, input));
      paths = describePaths(await page.page.evaluate(() => window.glintBench.filterPaths()));
      env.log(`photo-export: grading paths chosen: ${paths}`);
    } finally {
      await page.close();
    }
    entries.push(...(await benchHeic(env)));
    // Peak memory in a fresh page per contender, so one job's garbage cannot count for another.
    // Quick runs take the code path once (Glint only) instead of once per contender.
    const memory = new Map<PhotoContender, Record<string, number> | null>();
    for (const contender of env.quick ? CONTENDERS.slice(0, 1) : CONTENDERS) {
      if (FORCED.has(contender)) continue;
      memory.set(contender, await memoryOf(env, large, contender));
    }

    for (const input of all) {
      const { samples, psnr } = results.get(input)!;
      const med = (c: PhotoContender) => median((samples.get(c) ?? []).map((s) => s.ms));
      const floorMs = med('floor-decode') + med('floor-encode');
      for (const contender of CONTENDERS) {
        const runs = samples.get(contender) ?? [];
        const ms = runs.map((s) => s.ms);
        const last = runs[runs.length - 1];
        const extra: Extra = { longTaskMs: median(runs.map((s) => s.longTaskMs)) };
        // Inspect makes a preview bitmap, not a file.
        if (contender !== 'glint-inspect') extra.outputBytes = median(runs.map((s) => s.bytes));
        if (last && last.width) extra.outputSize = `${last.width}×${last.height}`;
        if (psnr.has(contender)) extra.psnrDb = psnr.get(contender)!;
        if (contender === 'bic-worker') extra.inWorker = runs.every((s) => s.inWorker === true);
        if (GRADED.has(contender)) {
          extra.renderer = [...new Set(runs.map((s) => s.renderer))].join('/');
          extra.overNormalMs = median(ms) - med('glint-normal');
          // The same, paired by round (interleaved: each round's Normal ran beside it), so that
          // load that drifts between rounds cancels instead of landing on one median or the other.
          const normal = (samples.get('glint-normal') ?? []).map((s) => s.ms);
          if (normal.length === ms.length && ms.length) {
            extra.pairedOverNormalMs = median(ms.map((m, i) => m - normal[i]));
          }
          if (contender === 'glint-filter' || contender === 'glint-adjusted') extra.chosen = paths;
        }
        const mem = input === large ? memory.get(contender) : null;
        if (mem) {
          extra.peakRendererMb = mem.renderer ?? null;
          extra.peakGpuMb = mem.gpu ?? null;
        }
        const isFloor = contender.startsWith('floor');
        const ratios: Record<string, number | null> =
          contender === 'glint-inspect'
            ? { vsDecode: ratio(median(ms), med('floor-decode')) }
            : {
                vsBic: ratio(median(ms), med('bic-worker')),
                vsFloor: ratio(median(ms), floorMs),
              };
        entries.push(
          measured(
            {
              case: 'photo-export',
              input: input.label,
              contender: LABELS[contender],
              metric: 'time',
              unit: 'ms',
              ...(extra.inWorker === false
                ? { note: 'fell back to the main thread: its worker did not run' }
                : {}),
            },
            ms,
            isFloor ? undefined : ratios,
            extra,
          ),
        );
      }
    }
    return entries;
  },
};
