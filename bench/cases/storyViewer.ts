/**
 * Case 4, story-viewer: the Pixi StoryViewer through the story lab (lab/stories.html) in a
 * 405×720 iframe of the bench page (lab/benchStory.ts). The lab feeds synthetic 1080×1920 reels
 * painted in the page (OffscreenCanvas → ImageBitmap), so "cold" covers paint + upload + draw but
 * not a network fetch or a JPEG decode. Per round (interleaved, after a warm-up):
 *
 * - tap → first frame: the next reel while it is in the preload window (preloaded), a reel far
 *   outside it (cold), and opening the viewer from closed (Pixi mount + cold reel);
 * - frame intervals (rAF) while an item plays and auto-advances, and across reel transitions
 *   (from the move until the new preload window is decoded, plus 10 frames);
 * - live textures and estimated texture bytes (Σ width × height × 4, the viewer's own estimate,
 *   mipmaps not counted) after watching 5 and 100 reels — once per case: the counts do not vary.
 */
import { measured } from '../lib/entries';
import { openBenchPage } from '../lib/page';
import { median, percentile, ratio } from '../lib/stats';
import type { BenchCase, Entry } from '../lib/types';
import { storyAppEntries } from './storyApp';

const ITEMS_PER_REEL = 3;
/** Enough reels to watch 100 with the full preload window ahead. */
const REELS = 105;
/** Items play 5 s: sampling 5.6 s from an item's start covers one advance. */
const AUTO_ADVANCE_MS = 5600;
/** Frames above two 60 Hz intervals are dropped frames. */
const BUDGET_MS = 33.4;

function frameExtra(intervals: number[], counts: Record<string, number>) {
  return {
    p95Ms: percentile(intervals, 95),
    p99Ms: percentile(intervals, 99),
    framesOverBudget: intervals.filter((i) => i > BUDGET_MS).length,
    ...counts,
  };
}

export const storyViewer: BenchCase = {
  name: 'story-viewer',
  title: 'Story viewer (Pixi)',
  async run(env) {
    const page = await openBenchPage(env);
    const bench = page.page;
    const opens: number[] = [];
    const preloaded: number[] = [];
    const cold: number[] = [];
    const auto: number[] = [];
    const transitions: number[] = [];
    let advances = 0;
    let transitionCount = 0;
    let checkpoints: { reelsWatched: number; liveTextures: number; textureBytes: number }[] = [];
    const watchTo = env.quick ? [5, 20] : [5, 100];
    try {
      for (let round = 0; round < env.warmup + env.runs; round += 1) {
        const counted = round >= env.warmup;
        const openMs = await bench.evaluate(([n, items]) => window.glintBench.storyOpen(n, items), [
          REELS,
          ITEMS_PER_REEL,
        ] as const);
        // Reel 0's window holds reels 0–2: reel 1 is preloaded, reel 40 is far outside.
        const preloadedMs = await bench.evaluate(() => window.glintBench.storyJump(1));
        const coldMs = await bench.evaluate(() => window.glintBench.storyJump(40));
        const play = await bench.evaluate(
          (ms) => window.glintBench.storyAutoAdvance(ms),
          env.quick ? 1500 : AUTO_ADVANCE_MS,
        );
        const moves = await bench.evaluate((n) => window.glintBench.storyTransitions(n), 3);
        if (!counted) continue;
        opens.push(openMs);
        preloaded.push(preloadedMs);
        cold.push(coldMs);
        auto.push(...play.intervalMs);
        advances += play.advances;
        transitions.push(...moves.intervalMs);
        transitionCount += moves.advances;
      }
      await bench.evaluate((n) => window.glintBench.storyOpen(n, 3), REELS);
      checkpoints = await bench.evaluate((at) => window.glintBench.storyWatch(at), watchTo);
      await bench.evaluate(() => window.glintBench.storyClose());
    } finally {
      await page.close();
    }
    const input = `${REELS} synthetic reels × ${ITEMS_PER_REEL}, 405×720 viewer`;
    const base = { case: 'story-viewer', input };
    const entries: Entry[] = [
      measured(
        { ...base, contender: 'tap → first frame (preloaded reel)', metric: 'time', unit: 'ms' },
        preloaded,
      ),
      measured(
        { ...base, contender: 'tap → first frame (cold reel)', metric: 'time', unit: 'ms' },
        cold,
        { vsPreloaded: ratio(median(cold), median(preloaded)) },
      ),
      measured(
        {
          ...base,
          contender: 'tap → first frame (viewer closed: mount + cold reel)',
          metric: 'time',
          unit: 'ms',
        },
        opens,
        { vsPreloaded: ratio(median(opens), median(preloaded)) },
      ),
      measured(
        { ...base, contender: 'auto-advance frame time p50/p95', metric: 'frame time', unit: 'ms' },
        auto,
        undefined,
        frameExtra(auto, { rounds: opens.length, advances }),
      ),
      measured(
        {
          ...base,
          contender: 'reel transition frame time p50/p95',
          metric: 'frame time',
          unit: 'ms',
        },
        transitions,
        undefined,
        frameExtra(transitions, { rounds: opens.length, transitions: transitionCount }),
      ),
    ];
    const [first, last] = checkpoints;
    const memoryInput = `${input}; after ${first.reelsWatched} / ${last.reelsWatched} reels`;
    const flat = `after ${first.reelsWatched} reels`;
    entries.push(
      measured(
        {
          ...base,
          input: memoryInput,
          contender: `live textures after ${first.reelsWatched} / ${last.reelsWatched} reels`,
          metric: 'textures',
          unit: 'count',
        },
        [last.liveTextures],
        { [flat]: ratio(last.liveTextures, first.liveTextures) },
        { after5: first.liveTextures, [`after${last.reelsWatched}`]: last.liveTextures },
      ),
      measured(
        {
          ...base,
          input: memoryInput,
          contender: `texture bytes after ${first.reelsWatched} / ${last.reelsWatched} reels`,
          metric: 'texture memory',
          unit: 'bytes',
        },
        [last.textureBytes],
        { [flat]: ratio(last.textureBytes, first.textureBytes) },
        {
          after5Bytes: first.textureBytes,
          [`after${last.reelsWatched}Bytes`]: last.textureBytes,
        },
      ),
    );
    // The same viewer through the real app on the seeded server (issue 18): ./storyApp.
    entries.push(...(await storyAppEntries(env)));
    return entries;
  },
};
