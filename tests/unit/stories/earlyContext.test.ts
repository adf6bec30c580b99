import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_CONTEXT_MS,
  STORY_CONTEXT_ATTRIBUTES,
  startStoryContext,
  takeStoryContext,
} from '../../../src/canvas/story/earlyContext';
import { storyFrame } from '../../../src/canvas/story/layout';
import { storyResolution } from '../../../src/canvas/story/resolution';

/** A stand-in WebGL2 context: jsdom has none. */
function fakeContext() {
  return {
    lost: false,
    isContextLost() {
      return this.lost;
    },
    loseContext: vi.fn(),
    getExtension: vi.fn(function (this: { loseContext: () => void }, name: string) {
      return name === 'WEBGL_lose_context' ? { loseContext: this.loseContext } : {};
    }),
  };
}

/** A window of `width`×`height` whose root element is `rootWidth` wide (less any scrollbar). */
function windowOf(width: number, height: number, rootWidth: number): void {
  vi.stubGlobal('innerWidth', width);
  vi.stubGlobal('innerHeight', height);
  Object.defineProperty(document.documentElement, 'clientWidth', {
    value: rootWidth,
    configurable: true,
  });
}

describe("the story viewer's early WebGL context", () => {
  let made: {
    canvas: HTMLCanvasElement;
    type: string;
    attributes: unknown;
    gl: ReturnType<typeof fakeContext>;
  }[];

  beforeEach(() => {
    made = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
      type: string,
      attributes?: unknown,
    ) {
      const gl = fakeContext();
      made.push({ canvas: this, type, attributes, gl });
      return gl as never;
    });
    vi.stubGlobal('devicePixelRatio', 3);
    windowOf(375, 812, 375);
    takeStoryContext();
  });

  afterEach(() => {
    takeStoryContext();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it("is a WebGL2 context with Pixi's attributes, at the size and density of the viewer's first frame", () => {
    startStoryContext();
    expect(made).toHaveLength(1);
    expect(made[0].type).toBe('webgl2');
    expect(made[0].attributes).toEqual(STORY_CONTEXT_ATTRIBUTES);
    expect(STORY_CONTEXT_ATTRIBUTES).toMatchObject({
      alpha: false,
      antialias: false,
      stencil: true,
    });
    const frame = storyFrame(375, 812);
    const resolution = storyResolution(3, 375, 812, frame.width, frame.height);
    const early = takeStoryContext();
    expect(early).toMatchObject({ width: 375, height: 812, resolution });
    // The size the viewer's first layout asks Pixi for: the canvas is not reallocated then.
    expect(made[0].canvas.width).toBe(Math.round(375 * resolution));
    expect(made[0].canvas.height).toBe(Math.round(812 * resolution));
    // Pixi's extensions are enabled on it ahead of Pixi.
    expect(made[0].gl.getExtension).toHaveBeenCalledWith('WEBGL_lose_context');
  });

  it("has the viewer's full-window size, not the width left by the home page's scrollbar", () => {
    // Classic scrollbars: the home page's root is 15 px narrower than the window.
    windowOf(1280, 720, 1265);
    startStoryContext();
    expect(takeStoryContext()).toMatchObject({ width: 1280, height: 720 });
  });

  it('is given back to the browser when the viewer never takes it (its code failed to load)', () => {
    vi.useFakeTimers();
    try {
      startStoryContext();
      vi.advanceTimersByTime(EARLY_CONTEXT_MS - 1);
      expect(made[0].gl.loseContext).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(made[0].gl.loseContext).toHaveBeenCalledTimes(1);
      expect(takeStoryContext()).toBeNull();
      // A context the viewer took is the viewer's: the timer leaves it alone.
      startStoryContext();
      const taken = takeStoryContext();
      vi.advanceTimersByTime(EARLY_CONTEXT_MS);
      expect(taken?.gl).toBe(made[1].gl);
      expect(made[1].gl.loseContext).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('is made once and handed out once', () => {
    startStoryContext();
    startStoryContext();
    expect(made).toHaveLength(1);
    expect(takeStoryContext()?.gl).toBe(made[0].gl);
    expect(takeStoryContext()).toBeNull();
    startStoryContext();
    expect(made).toHaveLength(2);
  });

  it('is not handed out once the browser has taken it back, and is made again', () => {
    startStoryContext();
    made[0].gl.lost = true;
    startStoryContext();
    expect(made).toHaveLength(2);
    made[1].gl.lost = true;
    expect(takeStoryContext()).toBeNull();
  });

  it('keeps nothing without WebGL2 (Pixi then makes its own context)', () => {
    vi.mocked(HTMLCanvasElement.prototype.getContext).mockReturnValue(null);
    startStoryContext();
    expect(takeStoryContext()).toBeNull();
  });
});
