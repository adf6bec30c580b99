// Where the story sits while a finger moves it (issue 18): the pose the scene is drawn in, the
// drag in progress, the settle and snap-back animations, and a swipe waiting for its reel.
// The viewer feeds it gestures and frames; it calls back to move to a reel or to close.
import {
  closeDragPose,
  easeOutCubic,
  reelDragOffset,
  settleClose,
  settleReel,
  SETTLE_MS,
  type DragAxis,
} from './drag';
import type { DragRelease } from './gestures';
import type { FrameRect } from './layout';
import type { ScenePose } from './scene';

/** How long a settled swipe waits for the store to move to its reel before sliding back. */
const PENDING_REEL_MS = 4000;

export const REST: ScenePose = { x: 0, y: 0, scale: 1, overlayAlpha: 1, previewAlpha: 1 };

export interface MotionHost {
  frame(): FrameRect;
  /** Whether there is a reel `step` away from the current one. */
  hasReel(step: 1 | -1): boolean;
  /** A swipe settled on the reel `step` away. */
  moveReel(step: 1 | -1): void;
  close(): void;
  /** Something moved: the viewer's loop must run. */
  wake(): void;
}

interface Animation {
  from: ScenePose;
  to: ScenePose;
  start: number;
  done(): void;
}

export class StoryMotion {
  pose: ScenePose = REST;
  private drag: { axis: DragAxis } | null = null;
  private animation: Animation | null = null;
  private pendingReel: { since: number } | null = null;

  constructor(private readonly host: MotionHost) {}

  /** A finger, an animation or a swipe waiting for its reel: the story does not play meanwhile. */
  get busy(): boolean {
    return this.drag !== null || this.animation !== null || this.pendingReel !== null;
  }

  /**
   * The story is away from its place (a finger, a swipe settling or waiting for its reel, a
   * close drag): the viewer draws a lighter buffer meanwhile. A hold's fade does not count.
   */
  get moving(): boolean {
    return (
      this.drag !== null || this.pendingReel !== null || this.pose.x !== 0 || this.pose.y !== 0
    );
  }

  /** Frames are needed without input: an animation runs or a swipe waits. */
  get animating(): boolean {
    return this.animation !== null || this.pendingReel !== null;
  }

  /** Holding fades the header out; releasing brings it back. */
  fadeOverlay(visible: boolean): void {
    this.animateTo({ ...this.pose, overlayAlpha: visible ? 1 : 0 }, () => {});
  }

  /** The store moved to another reel: a swipe waiting for it is over, the story at rest. */
  reelChanged(holding: boolean): void {
    if (!this.pendingReel) return;
    this.pendingReel = null;
    this.animation = null;
    this.pose = { ...REST, overlayAlpha: holding ? 0 : 1 };
  }

  start(axis: DragAxis): void {
    if (this.pendingReel) return;
    this.animation = null;
    this.drag = { axis };
    this.host.wake();
  }

  move(dx: number, dy: number): void {
    if (!this.drag) return;
    const { width, height } = this.host.frame();
    if (this.drag.axis === 'horizontal') {
      const x = reelDragOffset(dx, width, this.host.hasReel(-1), this.host.hasReel(1));
      // The header and bars stay in the frame and fade as the story leaves it (moved with it,
      // they slid out of the frame on a large screen, where the pictures are cut to it).
      const fade = Math.max(0, 1 - Math.abs(x) / (width * 0.3));
      this.pose = { ...REST, x, overlayAlpha: fade, previewAlpha: fade };
    } else {
      const { y, scale } = closeDragPose(dy, height);
      this.pose = { ...REST, y, scale, overlayAlpha: 1 - Math.min(1, y / 120), previewAlpha: 0 };
    }
    this.host.wake();
  }

  end(release: DragRelease): void {
    const drag = this.drag;
    this.drag = null;
    if (!drag) return;
    const { width, height } = this.host.frame();
    if (drag.axis === 'horizontal') {
      const step = release.cancelled
        ? 0
        : settleReel(release.dx, release.vx, width, this.host.hasReel(-1), this.host.hasReel(1));
      if (step === 0) {
        this.animateTo(REST, () => {});
        return;
      }
      // The neighbour slides fully in, then the store moves there (reelChanged ends the swipe).
      this.pendingReel = { since: performance.now() };
      this.animateTo({ ...REST, x: -step * width, overlayAlpha: 0, previewAlpha: 0 }, () =>
        this.host.moveReel(step),
      );
      return;
    }
    if (!release.cancelled && settleClose(release.dy, release.vy, height)) {
      this.animateTo({ ...this.pose, y: height, overlayAlpha: 0 }, () => this.host.close());
    } else {
      this.animateTo(REST, () => {});
    }
  }

  /** Advances the animation to `now` (ms, performance clock). */
  step(now: number): void {
    // A swipe whose reel never came (it emptied meanwhile): the story slides back.
    if (this.pendingReel && !this.animation && now - this.pendingReel.since > PENDING_REEL_MS) {
      this.pendingReel = null;
      this.animateTo(REST, () => {});
    }
    const animation = this.animation;
    if (!animation) return;
    const t = easeOutCubic((now - animation.start) / SETTLE_MS);
    const mix = (a: number, b: number) => a + (b - a) * t;
    const { from, to } = animation;
    this.pose = {
      x: mix(from.x, to.x),
      y: mix(from.y, to.y),
      scale: mix(from.scale, to.scale),
      overlayAlpha: mix(from.overlayAlpha, to.overlayAlpha),
      previewAlpha: mix(from.previewAlpha, to.previewAlpha),
    };
    if (t >= 1) {
      this.animation = null;
      animation.done();
    }
  }

  private animateTo(to: ScenePose, done: () => void): void {
    this.animation = { from: this.pose, to, start: performance.now(), done };
    this.host.wake();
  }
}
