import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FrameLoop, type LoopSteps } from '../../../src/canvas/story/loop';

/** Frames run by hand: requestAnimationFrame only queues them. */
let queued: FrameRequestCallback[] = [];
let now = 0;
function runFrame(): boolean {
  const callbacks = queued;
  queued = [];
  now += 16;
  for (const callback of callbacks) callback(now);
  return callbacks.length > 0;
}

function steps(overrides: Partial<LoopSteps> = {}) {
  return {
    tick: vi.fn(() => false),
    draw: vi.fn(),
    busy: vi.fn(() => false),
    idleWork: vi.fn(() => false),
    workPending: vi.fn(() => false),
    ...overrides,
  };
}

describe("the story viewer's frame loop", () => {
  beforeEach(() => {
    queued = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      queued.push(callback);
      return queued.length;
    });
    vi.stubGlobal('cancelAnimationFrame', () => {
      queued = [];
    });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('draws only when dirty and stops when nothing moves and no work is left', () => {
    const s = steps();
    const loop = new FrameLoop(s);
    loop.wake();
    loop.wake();
    expect(queued).toHaveLength(1);
    runFrame();
    expect(s.draw).toHaveBeenCalledTimes(1);
    // Nothing moves, nothing pending: no frame asked for.
    expect(runFrame()).toBe(false);
    loop.wake();
    runFrame();
    // Not dirty: nothing drawn, one piece of idle work done instead.
    expect(s.draw).toHaveBeenCalledTimes(1);
    expect(s.idleWork).toHaveBeenCalledTimes(1);
  });

  it('goes on while something moves, and no frame runs after stop()', () => {
    const s = steps({ tick: vi.fn(() => true) });
    const loop = new FrameLoop(s);
    loop.wake();
    runFrame();
    expect(runFrame()).toBe(true);
    loop.stop();
    expect(runFrame()).toBe(false);
    loop.wake();
    expect(queued).toHaveLength(0);
  });

  it('takes one more frame after the last upload, so a paused story shows the uploaded preview', () => {
    // A paused story: nothing moves. The last upload leaves no work pending.
    let uploads = 1;
    let previewReady = false;
    const s = steps({
      tick: vi.fn(() => {
        // The tick after the upload sees the preview's picture: the frame must be redrawn.
        if (previewReady) loop.dirty = true;
        return false;
      }),
      idleWork: vi.fn(() => {
        if (!uploads) return false;
        uploads--;
        previewReady = true;
        return true;
      }),
    });
    const loop = new FrameLoop(s);
    loop.wake();
    runFrame(); // draws the placeholders
    loop.wake();
    runFrame(); // the idle upload
    expect(s.idleWork).toHaveBeenCalledTimes(1);
    expect(runFrame()).toBe(true); // the frame that swaps the picture in
    expect(s.draw).toHaveBeenCalledTimes(2);
  });

  it('redraws a paused story when the WebGL context comes back, until stopped', () => {
    const s = steps();
    const loop = new FrameLoop(s);
    const canvas = document.createElement('canvas');
    loop.watchContext(canvas);
    loop.wake();
    runFrame();
    expect(s.draw).toHaveBeenCalledTimes(1);
    canvas.dispatchEvent(new Event('webglcontextrestored'));
    expect(runFrame()).toBe(true);
    expect(s.draw).toHaveBeenCalledTimes(2);
    loop.stop();
    canvas.dispatchEvent(new Event('webglcontextrestored'));
    expect(runFrame()).toBe(false);
    expect(s.draw).toHaveBeenCalledTimes(2);
  });
});
