/**
 * The story viewer's frame loop (issue 18): it runs only while something moves, and the canvas is
 * redrawn only when what it shows changed (`dirty`). Frames that draw nothing do one piece of idle
 * GPU work (./gpuWork) while the story is not moving.
 */
export interface LoopSteps {
  /** One frame's state; returns whether something still moves (the loop goes on). */
  tick(deltaMS: number, now: number): boolean;
  /** Draws the frame (only when dirty). */
  draw(): void;
  /** Whether a finger or an animation moves the story (no idle work then). */
  busy(): boolean;
  /** One piece of idle GPU work; returns whether a picture was uploaded (it may now be shown). */
  idleWork(): boolean;
  /** Whether idle GPU work is left. */
  workPending(): boolean;
}

export class FrameLoop {
  /** Whether the next frame redraws the canvas. */
  dirty = true;
  private frame = 0;
  private lastFrameTime = 0;
  private stopped = false;
  private canvas: HTMLCanvasElement | null = null;

  constructor(private readonly steps: LoopSteps) {}

  /** Asks for a frame (one at most waits). */
  readonly wake = () => {
    if (this.stopped || this.frame) return;
    this.frame = requestAnimationFrame(this.onFrame);
  };

  /**
   * Redraws `canvas` when the browser gives its WebGL context back (after Pixi, whose listener was
   * added first, has set its systems up again): a paused story stayed black until a resize.
   */
  watchContext(canvas: HTMLCanvasElement): void {
    this.canvas = canvas;
    canvas.addEventListener('webglcontextrestored', this.onContextRestored);
  }

  stop(): void {
    this.stopped = true;
    cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.canvas?.removeEventListener('webglcontextrestored', this.onContextRestored);
  }

  private readonly onContextRestored = () => {
    this.dirty = true;
    this.wake();
  };

  private readonly onFrame = (time: number) => {
    this.frame = 0;
    if (this.stopped) return;
    const { steps } = this;
    // After an idle stretch the clock restarts: time stood still while nothing moved.
    const delta = this.lastFrameTime ? Math.min(100, time - this.lastFrameTime) : 0;
    const moving = steps.tick(delta, time);
    let uploaded = false;
    if (this.dirty) {
      this.dirty = false;
      steps.draw();
    } else if (!steps.busy()) {
      uploaded = steps.idleWork();
    }
    // One more frame after an upload: a preview waiting for it swaps its placeholder for its
    // picture in the next tick, also when that was the last piece of work on a paused story.
    if (moving || uploaded || steps.workPending()) {
      this.lastFrameTime = time;
      this.wake();
    } else {
      this.lastFrameTime = 0;
    }
  };
}
