/**
 * Case 3, filter-preview: the style step's Pixi preview at the two buffer sizes the app uses:
 * 1080² (dense phone screens) and 600² (a 1× desktop screen, previewLongSide). Frame work
 * while the strength slider moves (change → render → GPU sync), the frame interval the user
 * sees meanwhile, and the time to switch filters. Filters are interleaved round by round.
 */
import path from 'node:path';
import { measured } from '../lib/entries';
import { benchInputs } from '../lib/inputs';
import { openBenchPage } from '../lib/page';
import { percentile } from '../lib/stats';
import type { BenchCase, BenchEnv, Entry } from '../lib/types';
import type { PhotoInput } from '../lib/inputs';
import { previewLongSide } from '../../src/features/create/previewSize';

/** Filters share one shader (uniforms differ), so three looks stand for all twelve. */
const FILTERS = ['clarendon', 'moon', 'juno'] as const;

/** Buffer sizes: a phone at 3× and a 1× desktop screen, as the style step picks them. */
const SIZES = [previewLongSide(375, 3), previewLongSide(0, 1)];

async function measureAt(env: BenchEnv, input: PhotoInput, longSide: number): Promise<Entry[]> {
  const page = await openBenchPage(env, [input.file]);
  // SwiftShader draws a 1080² frame in tens to hundreds of ms: keep the frame count bounded.
  const frames = env.quick ? 3 : 15;
  const work: number[] = [];
  const intervals: number[] = [];
  const switches: number[] = [];
  let size = { width: 0, height: 0 };
  try {
    size = await page.page.evaluate(([n, l]) => window.glintBench.setupPreview(n, l), [
      path.basename(input.file),
      longSide,
    ] as const);
    for (let round = 0; round < env.warmup + env.runs; round += 1) {
      const counted = round >= env.warmup;
      const name = FILTERS[round % FILTERS.length];
      const s = await page.page.evaluate(([f, n]) => window.glintBench.slide(f, n), [
        name,
        frames,
      ] as const);
      if (counted) {
        work.push(...s.workMs);
        intervals.push(...s.intervalMs);
      }
      for (const target of env.quick ? FILTERS.slice(0, 1) : FILTERS) {
        const ms = await page.page.evaluate((f) => window.glintBench.switchFilter(f), target);
        if (counted) switches.push(ms);
      }
    }
  } finally {
    await page.close();
  }
  const base = {
    case: 'filter-preview',
    input: `${size.width}×${size.height} from ${input.label}`,
  };
  return [
    measured(
      {
        ...base,
        contender: 'slider move: change → render → GPU sync',
        metric: 'frame work',
        unit: 'ms',
      },
      work,
      undefined,
      { p99Ms: percentile(work, 99), frames: work.length },
    ),
    measured(
      { ...base, contender: 'slider move: rAF interval', metric: 'frame interval', unit: 'ms' },
      intervals,
      undefined,
      {
        p99Ms: percentile(intervals, 99),
        framesOverBudget: intervals.filter((i) => i > 33.4).length,
      },
    ),
    measured(
      { ...base, contender: 'filter switch → synced frame', metric: 'switch', unit: 'ms' },
      switches,
    ),
  ];
}

export const filterPreview: BenchCase = {
  name: 'filter-preview',
  title: 'Filter preview (Pixi, 1080² and 600²)',
  async run(env) {
    const { all } = await benchInputs(env.quick);
    const entries: Entry[] = [];
    for (const longSide of SIZES) entries.push(...(await measureAt(env, all[0], longSide)));
    return entries;
  },
};
