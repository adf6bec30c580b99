/**
 * Case 4, story-viewer: NOT BUILT YET (its issue is open), so every figure is reported as
 * skipped — never estimated. The rows below are the contract the viewer's bench must fill:
 *
 * - tap to first frame, preloaded reel and cold reel (ms; interleaved, ≥ 7 runs): from the tap
 *   on a tray avatar to the first composited frame of the reel (rAF after the texture upload);
 * - frame time p50/p95 during auto-advance and during reel transitions (rAF intervals);
 * - live texture count and estimated texture bytes (Σ width × height × 4 of live Pixi textures)
 *   after watching 5 and 100 reels: flat memory means the counts stay equal.
 *
 * To fill it in: add lab/benchStory.ts (mount the viewer on seeded reels, expose the hooks on
 * window.glintBench), then replace `STORY_VIEWER_PENDING` below with the measurements.
 */
import { skipped } from '../lib/entries';
import type { BenchCase } from '../lib/types';

export const STORY_VIEWER_PENDING = 'story viewer not built yet';

const ROWS = [
  { contender: 'tap → first frame (preloaded reel)', metric: 'time', unit: 'ms' },
  { contender: 'tap → first frame (cold reel)', metric: 'time', unit: 'ms' },
  { contender: 'auto-advance frame time p50/p95', metric: 'frame time', unit: 'ms' },
  { contender: 'reel transition frame time p50/p95', metric: 'frame time', unit: 'ms' },
  { contender: 'live textures after 5 / 100 reels', metric: 'textures', unit: 'count' },
  { contender: 'texture bytes after 5 / 100 reels', metric: 'texture memory', unit: 'bytes' },
];

export const storyViewer: BenchCase = {
  name: 'story-viewer',
  title: 'Story viewer (Pixi)',
  async run() {
    return ROWS.map((row) =>
      skipped({ case: 'story-viewer', input: 'seeded reels', ...row }, STORY_VIEWER_PENDING),
    );
  },
};
