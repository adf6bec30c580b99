// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DISPLAY_PROPERTY_POLL_MS,
  createDisplayProperties,
  readDisplayProperties,
} from '../../../src/lib/displayProperties';

function fakeWindow(width: number, height: number, ratio: number) {
  return {
    innerWidth: width,
    innerHeight: height,
    devicePixelRatio: ratio,
    setInterval: (fn: () => void, ms: number) => setInterval(fn, ms) as unknown as number,
    clearInterval: (id: number | undefined) => clearInterval(id),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('display properties', () => {
  it('reads size, pixel ratio and orientation', () => {
    expect(readDisplayProperties(fakeWindow(412, 915, 2.625))).toEqual({
      viewportWidth: 412,
      viewportHeight: 915,
      pixelRatio: 2.625,
      orientation: 'portrait',
    });
    expect(readDisplayProperties(fakeWindow(1280, 800, 0)).pixelRatio).toBe(1);
  });

  it('polls once a second while someone listens and reports only changes', () => {
    vi.useFakeTimers();
    const win = fakeWindow(1280, 800, 1);
    const store = createDisplayProperties(win);
    const seen: number[] = [];
    const stop = store.subscribe((next) => seen.push(next.pixelRatio));

    vi.advanceTimersByTime(DISPLAY_PROPERTY_POLL_MS * 3);
    expect(seen).toEqual([]);

    // A zoom changes the pixel ratio without a resize event: the next poll sees it.
    win.devicePixelRatio = 2;
    vi.advanceTimersByTime(DISPLAY_PROPERTY_POLL_MS - 1);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([2]);
    expect(store.get()).toMatchObject({ pixelRatio: 2, viewportWidth: 1280 });

    win.innerWidth = 700;
    win.innerHeight = 1000;
    vi.advanceTimersByTime(DISPLAY_PROPERTY_POLL_MS);
    expect(store.get()).toMatchObject({ viewportWidth: 700, orientation: 'portrait' });
    expect(seen).toEqual([2, 2]);

    // The last listener gone, polling stops.
    stop();
    expect(vi.getTimerCount()).toBe(0);
    win.devicePixelRatio = 3;
    vi.advanceTimersByTime(DISPLAY_PROPERTY_POLL_MS * 2);
    expect(seen).toEqual([2, 2]);
  });

  it('shares one poller between listeners', () => {
    vi.useFakeTimers();
    const win = fakeWindow(800, 600, 1);
    const store = createDisplayProperties(win);
    const a = store.subscribe(() => {});
    const b = store.subscribe(() => {});
    expect(vi.getTimerCount()).toBe(1);
    a();
    expect(vi.getTimerCount()).toBe(1);
    b();
    expect(vi.getTimerCount()).toBe(0);
  });
});
