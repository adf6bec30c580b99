/**
 * The story-viewer case through the real app on the seeded server (issue 18), on a desktop
 * window (1280×800, 1×) and a phone profile (375×812 at pixel ratio 3, touch). Per round, in a
 * fresh browser context (empty cache) logged in as demo:
 *
 * - tray tap → first frame: the click on the first reel of the tray until the viewer's first
 *   frame showing its item (its placeholder or its picture), and → the picture itself: "cold"
 *   taps as soon as the tray shows (route chunk, Pixi mount, the picture's fetch and decode);
 * - tray tap → picture "prefetched": back on home, the next reel is tapped once the tray has
 *   fetched its start picture (in ms and in frames);
 * - next item → picture while it is in the preload window;
 * - a finger-dragged reel transition (touch on the phone, the mouse on the desktop): frame
 *   intervals from the drag's first move until the new reel's picture is shown, plus 200 ms;
 * - frame intervals while a story plays (3 s).
 *
 * Times come from the viewer's User Timing marks (STORY_FRAME_MARK: the frame that first shows
 * an item's placeholder, then its picture), taken in the page's own clock.
 */
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { measured } from '../lib/entries';
import { shareSession } from '../lib/session';
import { percentile } from '../lib/stats';
import type { BenchEnv, Entry } from '../lib/types';

const STORY_FRAME_MARK = 'glint:story-frame';
const BUDGET_MS = 33.4;

export const STORY_APP_PROFILES: { name: string; options: BrowserContextOptions }[] = [
  { name: 'desktop 1280×800 @1', options: { viewport: { width: 1280, height: 800 } } },
  {
    name: 'phone 375×812 @3',
    options: {
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    },
  },
];

interface RoundResult {
  firstFrameMs: number;
  coldPictureMs: number;
  prefetchedPictureMs: number;
  prefetchedFrames: number;
  nextItemMs: number;
  dragIntervals: number[];
  playIntervals: number[];
}

/**
 * In the page: records rAF times and finds the viewer's marks. A string, not a function: the
 * bench runs under tsx, whose transform adds helpers a serialised function cannot reach.
 */
const PAGE_HELPERS = `(() => {
  const frames = [];
  const loop = (t) => {
    frames.push(t);
    if (frames.length > 4000) frames.splice(0, 2000);
    requestAnimationFrame(loop);
  };
  requestAnimationFrame(loop);
  window.__storyBench = {
    frames,
    mark(name, kind, after) {
      const found = performance
        .getEntriesByName(name)
        .find((e) => e.startTime >= after && (kind === null || e.detail?.kind === kind));
      return found ? found.startTime : null;
    },
  };
})();`;

async function waitMark(page: Page, kind: string | null, after: number): Promise<number> {
  const handle = await page.waitForFunction(
    ([name, k, a]) =>
      (
        window as unknown as {
          __storyBench: { mark(n: string, k: string | null, a: number): number | null };
        }
      ).__storyBench.mark(name, k, a),
    [STORY_FRAME_MARK, kind, after] as const,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

/** Clicks `selector`'s nth match from inside the page; returns the page's clock at the click. */
function clickAt(page: Page, name: RegExp, nth = 0): Promise<number> {
  return page.evaluate(
    ([source, flags, index]) => {
      const pattern = new RegExp(source, flags);
      const buttons = [...document.querySelectorAll('button')].filter((b) =>
        pattern.test(b.getAttribute('aria-label') ?? ''),
      );
      const t = performance.now();
      buttons[index]?.click();
      return t;
    },
    [name.source, name.flags, nth] as const,
  );
}

const framesBetween = (page: Page, from: number, to: number) =>
  page.evaluate(
    ([a, b]) =>
      (window as unknown as { __storyBench: { frames: number[] } }).__storyBench.frames.filter(
        (t) => t > a && t <= b,
      ).length,
    [from, to] as const,
  );

const intervalsSince = (page: Page, from: number) =>
  page.evaluate((a) => {
    const f = (window as unknown as { __storyBench: { frames: number[] } }).__storyBench.frames;
    const after = f.filter((t) => t >= a);
    return after.slice(1).map((t, i) => t - after[i]);
  }, from);

const now = (page: Page) => page.evaluate(() => performance.now());

async function drag(page: Page, touch: boolean, from: [number, number], to: [number, number]) {
  const steps = 12;
  if (!touch) {
    await page.mouse.move(...from);
    await page.mouse.down();
    for (let i = 1; i <= steps; i++) {
      await page.mouse.move(
        from[0] + ((to[0] - from[0]) * i) / steps,
        from[1] + ((to[1] - from[1]) * i) / steps,
      );
    }
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number, y: number) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(...from) });
  for (let i = 1; i <= steps; i++) {
    const x = from[0] + ((to[0] - from[0]) * i) / steps;
    const y = from[1] + ((to[1] - from[1]) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

async function round(
  env: BenchEnv,
  browser: Browser,
  profile: BrowserContextOptions,
): Promise<RoundResult> {
  const context = await browser.newContext(profile);
  try {
    await shareSession(context, env.session);
    await context.addInitScript({ content: PAGE_HELPERS });
    const page = await context.newPage();
    const tray = /^Story by /;
    await page.goto(`${env.server.baseUrl}/`);
    await page.waitForSelector('button[aria-label^="Story by "]', { timeout: 60_000 });

    // Cold: tapped as soon as the tray shows.
    const tap = await clickAt(page, tray);
    const firstFrame = await waitMark(page, null, tap);
    const coldPicture = await waitMark(page, 'picture', tap);

    // Preloaded next item (paused, so the story does not move on by itself meanwhile).
    await page.keyboard.press('Space');
    await page.waitForTimeout(1500);
    const next = await clickAt(page, /^Next$/);
    const nextPicture = await waitMark(page, 'picture', next);

    // Frames while a story plays.
    await page.keyboard.press('Space');
    const playFrom = await now(page);
    await page.waitForTimeout(3000);
    const playIntervals = await intervalsSince(page, playFrom);

    // A finger-dragged transition to the next reel.
    const { width, height } = profile.viewport ?? { width: 1280, height: 800 };
    await page.keyboard.press('Space');
    await page.waitForTimeout(1500);
    const dragFrom = await now(page);
    const url = page.url();
    await drag(
      page,
      profile.hasTouch === true,
      [width * 0.62, height / 2],
      [width * 0.2, height / 2],
    );
    await page.waitForURL((u) => u.href !== url, { timeout: 30_000 });
    await waitMark(page, 'picture', dragFrom);
    await page.waitForTimeout(200);
    const dragIntervals = await intervalsSince(page, dragFrom);

    // Prefetched: home again, the tray fetches its visible reels' start pictures; then a tap.
    await page.keyboard.press('Escape');
    await page.waitForSelector('button[aria-label^="Story by "]', { timeout: 60_000 });
    await page.waitForFunction(
      () =>
        performance.getEntriesByType('resource').filter((e) => /\/media\/s\//.test(e.name))
          .length >= 2,
      null,
      { timeout: 30_000 },
    );
    await page.waitForTimeout(1000);
    const tap2 = await clickAt(page, tray, 1);
    const prefetched = await waitMark(page, 'picture', tap2);
    const prefetchedFrames = await framesBetween(page, tap2, prefetched);
    return {
      firstFrameMs: firstFrame - tap,
      coldPictureMs: coldPicture - tap,
      prefetchedPictureMs: prefetched - tap2,
      prefetchedFrames,
      nextItemMs: nextPicture - next,
      dragIntervals,
      playIntervals,
    };
  } finally {
    await context.close();
  }
}

const frameExtra = (intervals: number[]) => ({
  p95Ms: percentile(intervals, 95),
  framesOverBudget: intervals.filter((i) => i > BUDGET_MS).length,
  frames: intervals.length,
});

/** The real-app rows of the story-viewer case, both profiles interleaved round by round. */
export async function storyAppEntries(env: BenchEnv): Promise<Entry[]> {
  const results = STORY_APP_PROFILES.map(() => [] as RoundResult[]);
  const rounds = env.quick ? 1 : env.warmup + env.runs;
  for (let r = 0; r < rounds; r++) {
    for (const [i, profile] of STORY_APP_PROFILES.entries()) {
      const result = await round(env, env.browser, profile.options);
      if (env.quick || r >= env.warmup) results[i].push(result);
    }
  }
  return STORY_APP_PROFILES.flatMap((profile, i) => {
    const rs = results[i];
    const base = { case: 'story-viewer', input: `real app, seeded server, ${profile.name}` };
    const time = (contender: string, samples: number[], extra?: Record<string, number>) =>
      measured({ ...base, contender, metric: 'time', unit: 'ms' }, samples, undefined, extra);
    const drag = rs.flatMap((x) => x.dragIntervals);
    const play = rs.flatMap((x) => x.playIntervals);
    return [
      time(
        'tray tap → first frame (placeholder or picture)',
        rs.map((x) => x.firstFrameMs),
      ),
      time(
        'tray tap → picture (cold: chunk, mount, fetch, decode)',
        rs.map((x) => x.coldPictureMs),
      ),
      time(
        'tray tap → picture (prefetched by the tray)',
        rs.map((x) => x.prefetchedPictureMs),
        {
          medianFrames: percentile(
            rs.map((x) => x.prefetchedFrames),
            50,
          ),
        },
      ),
      time(
        'next item → picture (preloaded)',
        rs.map((x) => x.nextItemMs),
      ),
      measured(
        {
          ...base,
          contender: 'finger-dragged reel transition frame time',
          metric: 'frame time',
          unit: 'ms',
        },
        drag,
        undefined,
        frameExtra(drag),
      ),
      measured(
        { ...base, contender: 'playing frame time', metric: 'frame time', unit: 'ms' },
        play,
        undefined,
        frameExtra(play),
      ),
    ];
  });
}
