// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  coverFit,
  preloadWindow,
  progressSegments,
  storyFrame,
  tapZone,
} from '../../../src/canvas/story/layout';
import { classifyRelease } from '../../../src/canvas/story/gestures';
import { TextureCache, type CachedTexture } from '../../../src/canvas/story/textureCache';

class FakeTexture implements CachedTexture {
  destroyed = false;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {}
  destroy() {
    this.destroyed = true;
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Items of reel r: r-0, r-1, r-2. */
const itemsOf = (r: number) => [0, 1, 2].map((i) => ({ key: `${r}-${i}`, url: `u/${r}/${i}` }));

describe('story viewer textures', () => {
  it('keeps 1 reel behind and 2 ahead of the current one', () => {
    expect(preloadWindow(0, 10)).toEqual([0, 1, 2]);
    expect(preloadWindow(5, 10)).toEqual([5, 6, 7, 4]);
    expect(preloadWindow(9, 10)).toEqual([9, 8]);
    expect(preloadWindow(-1, 10)).toEqual([]);
  });

  it('destroys textures outside the window, so memory stays flat over many reels', async () => {
    const created: FakeTexture[] = [];
    const cache = new TextureCache<FakeTexture>(async () => {
      const t = new FakeTexture(1080, 1920);
      created.push(t);
      return t;
    });
    const peaks: number[] = [];
    for (let reel = 0; reel < 30; reel++) {
      cache.retain(preloadWindow(reel, 30).flatMap(itemsOf));
      // Loads run 3 at a time: let them all finish.
      for (let i = 0; i < 6; i++) await flush();
      peaks.push(cache.stats().liveTextures);
    }
    expect(Math.max(...peaks)).toBe(12); // 4 reels × 3 items
    expect(cache.stats()).toEqual({ liveTextures: 6, textureBytes: 6 * 1080 * 1920 * 4 });
    const live = created.filter((t) => !t.destroyed);
    expect(live).toHaveLength(6);
    cache.destroy();
    expect(created.every((t) => t.destroyed)).toBe(true);
  });

  it('aborts loads that leave the window and destroys what arrives late', async () => {
    const pending: { signal: AbortSignal; resolve: (t: FakeTexture) => void }[] = [];
    const cache = new TextureCache<FakeTexture>(
      (_url, signal) => new Promise((resolve) => pending.push({ signal, resolve })),
    );
    cache.retain(itemsOf(0));
    expect(pending).toHaveLength(3);
    cache.retain(itemsOf(5));
    expect(pending.slice(0, 3).every((p) => p.signal.aborted)).toBe(true);
    const late = new FakeTexture(10, 10);
    pending[0].resolve(late);
    await flush();
    expect(late.destroyed).toBe(true);
    expect(cache.get('0-0')).toBeNull();
  });
});

describe('story viewer layout and gestures', () => {
  it("centres a 9:16 frame, across a phone's whole width: the whole story shows", () => {
    expect(storyFrame(375, 812)).toEqual({ x: 0, y: 73, width: 375, height: 667 });
    expect(storyFrame(375, 667)).toEqual({ x: 0, y: 0, width: 375, height: 667 });
    expect(storyFrame(500, 500)).toEqual({ x: 109, y: 0, width: 281, height: 500 });
    const desktop = storyFrame(1280, 800);
    expect(desktop.height).toBe(768);
    expect(desktop.width).toBe(432);
    expect(desktop.x).toBe(424);
  });

  it('covers the frame with the image', () => {
    const fit = coverFit({ x: 0, y: 0, width: 432, height: 768 }, 1080, 1920);
    expect(fit.scale).toBeCloseTo(0.4);
  });

  it('splits the top into one progress bar per item', () => {
    const bars = progressSegments(400, 3, 1, 0.5);
    expect(bars.map((b) => b.fill)).toEqual([1, 0.5, 0]);
    expect(bars[2].x + bars[2].width).toBeCloseTo(392);
  });

  it('maps taps, holds and swipes', () => {
    expect(tapZone(100, 900)).toBe('previous');
    expect(tapZone(400, 900)).toBe('next');
    const at = (x: number, y: number) => ({ x, y });
    expect(classifyRelease(at(50, 100), at(52, 101), false, 900)).toEqual({
      kind: 'tap',
      zone: 'previous',
    });
    expect(classifyRelease(at(700, 100), at(700, 100), true, 900)).toBeNull();
    // A press that moved is a drag (handled as one), never a tap.
    expect(classifyRelease(at(400, 100), at(410, 300), false, 900)).toBeNull();
  });
});
