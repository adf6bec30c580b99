// Pure maths of the viewer's finger gestures (issue 18): which way a drag goes, where the picture
// sits while the finger moves, and where it settles on release. Shared by the viewer and the tests.

/** Movement (px) before a press becomes a drag rather than a tap or a hold. */
export const DRAG_SLOP = 10;
/** A horizontal drag past this part of the frame's width moves to the neighbouring reel. */
export const REEL_SWIPE_FRACTION = 0.25;
/** A downward drag past this part of the frame's height closes the viewer. */
export const CLOSE_SWIPE_FRACTION = 0.2;
/** A flick faster than this (px/ms) settles in its direction however short it was. */
export const FLICK_VELOCITY = 0.45;
/** A flick must still travel this far (px), so a jittery tap is not a swipe. */
export const FLICK_MIN_DISTANCE = 24;
/** How far a drag with no reel that way may pull the picture, as a part of the frame's width. */
export const RUBBER_BAND_LIMIT = 0.12;
/** Settle and snap-back animations (ms). */
export const SETTLE_MS = 220;

export type DragAxis = 'horizontal' | 'down';

export interface PointerSample {
  x: number;
  y: number;
  /** ms */
  t: number;
}

/** The axis a press that moved (dx, dy) drags along, or null: still a tap, or an upward drag. */
export function dragAxis(dx: number, dy: number): DragAxis | null {
  if (Math.hypot(dx, dy) < DRAG_SLOP) return null;
  if (Math.abs(dx) > Math.abs(dy)) return 'horizontal';
  return dy > 0 ? 'down' : null;
}

/**
 * Where the current reel sits while the finger is `dx` px from where it started: with it, or held
 * back by a rubber band when there is no reel on the side it would reveal.
 */
export function reelDragOffset(
  dx: number,
  width: number,
  canPrevious: boolean,
  canNext: boolean,
): number {
  const revealsNext = dx < 0;
  if (revealsNext ? canNext : canPrevious) return Math.max(-width, Math.min(width, dx));
  const limit = width * RUBBER_BAND_LIMIT;
  // Resistance that grows with the pull and never passes the limit.
  return Math.sign(dx) * limit * (1 - Math.exp(-Math.abs(dx) / (limit * 2)));
}

/** On release: 1 to move to the next reel, -1 to the previous one, 0 to snap back. */
export function settleReel(
  dx: number,
  velocityX: number,
  width: number,
  canPrevious: boolean,
  canNext: boolean,
): -1 | 0 | 1 {
  const far = Math.abs(dx) > width * REEL_SWIPE_FRACTION;
  const flick =
    Math.abs(velocityX) > FLICK_VELOCITY &&
    Math.abs(dx) > FLICK_MIN_DISTANCE &&
    Math.sign(velocityX) === Math.sign(dx);
  if (!far && !flick) return 0;
  if (dx < 0) return canNext ? 1 : 0;
  return canPrevious ? -1 : 0;
}

/** On release of a downward drag: whether it closes the viewer. */
export function settleClose(dy: number, velocityY: number, height: number): boolean {
  if (dy > height * CLOSE_SWIPE_FRACTION) return true;
  return velocityY > FLICK_VELOCITY && dy > FLICK_MIN_DISTANCE;
}

/** The picture following a downward drag: it moves with the finger and shrinks a little. */
export function closeDragPose(dy: number, height: number): { y: number; scale: number } {
  const y = Math.max(0, dy);
  const progress = Math.min(1, y / Math.max(1, height));
  return { y, scale: 1 - 0.25 * progress };
}

/** px/ms over the last ~100 ms of samples (0 when there is not enough to tell). */
export function releaseVelocity(samples: readonly PointerSample[]): { x: number; y: number } {
  const last = samples[samples.length - 1];
  if (!last) return { x: 0, y: 0 };
  const first = samples.find((s) => last.t - s.t <= 100) ?? last;
  const dt = last.t - first.t;
  if (dt <= 0) return { x: 0, y: 0 };
  return { x: (last.x - first.x) / dt, y: (last.y - first.y) / dt };
}

/** 0..1 → 0..1, fast then gentle: how a settle or snap-back moves. */
export const easeOutCubic = (t: number) => 1 - Math.pow(1 - Math.min(1, Math.max(0, t)), 3);
