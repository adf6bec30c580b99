/**
 * Case 1, photo-export: one 1080 px JPEG from the full frame of a photo. Contenders, interleaved
 * in one page: Glint's worker pipeline (Normal and a filter), browser-image-compression 2 in
 * worker mode, a naive main-thread canvas, and the floor (decode alone, encode alone). Beside
 * them, Glint's inspect (type, EXIF and the crop step's preview), compared with a full decode.
 */
import path from 'node:path';
import type { PhotoContender, PhotoSample } from '../../lab/benchPhoto';
import { measured } from '../lib/entries';
import { benchInputs, type PhotoInput } from '../lib/inputs';
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
  'glint-adjusted',
  'glint-inspect',
  'bic-worker',
  'naive-canvas',
  'floor-decode',
  'floor-encode',
];
const LABELS: Record<PhotoContender, string> = {
  'glint-normal': 'Glint export (Normal)',
  'glint-filter': `Glint export (${FILTER})`,
  'glint-adjusted': `Glint export (${FILTER} + every adjustment)`,
  'glint-inspect': 'Glint inspect (preview ≤ 2048 px)',
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
    try {
      for (const input of all) results.set(input, await benchInput(env, page, input));
    } finally {
      await page.close();
    }
    // Peak memory in a fresh page per contender, so one job's garbage cannot count for another.
    // Quick runs take the code path once (Glint only) instead of once per contender.
    const memory = new Map<PhotoContender, Record<string, number> | null>();
    for (const contender of env.quick ? CONTENDERS.slice(0, 1) : CONTENDERS) {
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
