/**
 * Story viewer bench, page side: drives the story lab (lab/stories.html, window.glintStoryLab:
 * the real StoryViewer on synthetic reels painted in the page) inside a phone-shaped iframe of
 * the bench page, so this timing code is typed and bundled rather than shipped as strings.
 * "First frame" = the rAF in which the viewer's ticker shows the item and renders it, then a GPU
 * sync (a 1-pixel readback), because WebGL calls return before the pixels exist.
 */
import type { GlintStoryLab } from './stories';
import { REEL_PRELOAD_AHEAD, REEL_PRELOAD_BEHIND } from '../src/lib/tokens';

/** CSS size of the viewer (a 9:16 phone screen at DPR 1: the viewer fills it edge to edge). */
export const STORY_VIEWPORT = { width: 405, height: 720 };

interface Lab {
  lab: GlintStoryLab;
  win: Window;
}

let loaded: Promise<Lab> | null = null;
let opened = { reels: 0, itemsPerReel: 0 };

function storyLab(): Promise<Lab> {
  loaded ??= new Promise<Lab>((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.title = 'story viewer lab';
    frame.style.cssText = `position:fixed;left:0;top:0;border:0;width:${STORY_VIEWPORT.width}px;height:${STORY_VIEWPORT.height}px`;
    frame.addEventListener('error', () => reject(new Error('stories.html did not load')));
    frame.addEventListener('load', () => {
      const win = frame.contentWindow as (Window & { glintStoryLab?: GlintStoryLab }) | null;
      if (!win?.glintStoryLab) reject(new Error('stories.html has no window.glintStoryLab'));
      else resolve({ lab: win.glintStoryLab, win });
    });
    frame.src = new URL('stories.html', location.href).href;
    document.body.append(frame);
  });
  return loaded;
}

function sync(win: Window): void {
  const canvas = win.document.querySelector<HTMLCanvasElement>('#viewer canvas');
  // getContext with the type Pixi already created returns that same context.
  const gl = canvas?.getContext('webgl2') ?? canvas?.getContext('webgl');
  gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
}

const frame = (win: Window) => new Promise<number>((resolve) => win.requestAnimationFrame(resolve));

/** Textures the viewer keeps around reel `index`: every item (avatars are DOM images). */
function expectedTextures(index: number): number {
  const first = Math.max(0, index - REEL_PRELOAD_BEHIND);
  const last = Math.min(opened.reels - 1, index + REEL_PRELOAD_AHEAD);
  return (last - first + 1) * opened.itemsPerReel;
}

/** Resolves once the whole preload window around the current reel is decoded. */
async function windowLoaded({ lab, win }: Lab, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  const want = expectedTextures(lab.position().reelIndex);
  while (lab.stats().liveTextures < want) {
    if (performance.now() > deadline) {
      throw new Error(`preload window not loaded: ${lab.stats().liveTextures}/${want} textures`);
    }
    await frame(win);
  }
}

/** Opens the viewer from closed (a tap on the tray): mount + cold reel to the synced frame. */
export async function storyOpen(reels: number, itemsPerReel: number): Promise<number> {
  const handle = await storyLab();
  handle.lab.close();
  await frame(handle.win);
  opened = { reels, itemsPerReel };
  const start = performance.now();
  await handle.lab.open(reels, itemsPerReel);
  sync(handle.win);
  const ms = performance.now() - start;
  handle.lab.pause(true);
  await windowLoaded(handle);
  return ms;
}

/** Jumps to the first item of reel `index` and returns ms to its synced first frame. */
export async function storyJump(index: number): Promise<number> {
  const handle = await storyLab();
  await windowLoaded(handle);
  const start = performance.now();
  handle.lab.goToReel(index);
  await handle.lab.shown();
  sync(handle.win);
  const ms = performance.now() - start;
  await windowLoaded(handle);
  return ms;
}

export interface FrameSample {
  /** rAF-to-rAF intervals, ms. */
  intervalMs: number[];
  /** Items the viewer advanced by itself while sampling. */
  advances: number;
}

/** Plays from the current item for `ms` and records every frame interval. */
export async function storyAutoAdvance(ms: number): Promise<FrameSample> {
  const handle = await storyLab();
  const { lab, win } = handle;
  await windowLoaded(handle);
  const before = lab.position();
  const intervalMs: number[] = [];
  let last = await frame(win);
  lab.pause(false);
  const end = last + ms;
  while (last < end) {
    const now = await frame(win);
    intervalMs.push(now - last);
    last = now;
  }
  lab.pause(true);
  const after = lab.position();
  const advances =
    after.reelIndex === before.reelIndex
      ? after.itemIndex - before.itemIndex
      : opened.itemsPerReel * (after.reelIndex - before.reelIndex) +
        after.itemIndex -
        before.itemIndex;
  return { intervalMs, advances };
}

/**
 * Moves to the next reel `count` times (a tap at a reel's end) and records the frame intervals
 * from each move until the new preload window is decoded and `settleFrames` more have passed.
 */
export async function storyTransitions(count: number, settleFrames = 10): Promise<FrameSample> {
  const handle = await storyLab();
  const { lab, win } = handle;
  const intervalMs: number[] = [];
  for (let i = 0; i < count; i += 1) {
    await windowLoaded(handle);
    let last = await frame(win);
    lab.goToReel(lab.position().reelIndex + 1);
    let settled = 0;
    while (settled < settleFrames) {
      const now = await frame(win);
      intervalMs.push(now - last);
      last = now;
      const want = expectedTextures(lab.position().reelIndex);
      if (lab.stats().liveTextures >= want) settled += 1;
    }
  }
  return { intervalMs, advances: count };
}

export interface TextureCheckpoint {
  reelsWatched: number;
  liveTextures: number;
  textureBytes: number;
}

/** Watches reels one after another (each shown, its window decoded) and reports the textures. */
export async function storyWatch(checkpoints: number[]): Promise<TextureCheckpoint[]> {
  const handle = await storyLab();
  const { lab } = handle;
  const out: TextureCheckpoint[] = [];
  let watched = 1;
  for (const target of [...checkpoints].sort((a, b) => a - b)) {
    while (watched < target) {
      lab.goToReel(lab.position().reelIndex + 1);
      await lab.shown();
      await windowLoaded(handle);
      watched += 1;
    }
    out.push({ reelsWatched: watched, ...lab.stats() });
  }
  return out;
}

export function storyClose(): void {
  void storyLab().then(({ lab }) => lab.close());
}
