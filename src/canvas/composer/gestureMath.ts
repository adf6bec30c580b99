/**
 * Pure maths of the composer's gestures, in story canvas pixels (1080×1920): hit-testing the
 * rotated, scaled text, and turning two moving pointers into a move + scale + rotate step.
 */
import type { Point } from '../../state/storyDraft';

export interface TextPlacement {
  position: Point;
  /** Radians, clockwise (screen y points down). */
  rotation: number;
  scale: number;
}

export interface PinchStep {
  dx: number;
  dy: number;
  scaleBy: number;
  rotateBy: number;
}

/**
 * True when `point` lies on the text's box (`width` × `height` around its centre, before scale
 * and rotation) grown by `slop` canvas pixels, so small text stays easy to grab.
 */
export function hitsText(
  point: Point,
  text: TextPlacement,
  size: { width: number; height: number },
  slop = 0,
): boolean {
  const dx = point.x - text.position.x;
  const dy = point.y - text.position.y;
  const cos = Math.cos(-text.rotation);
  const sin = Math.sin(-text.rotation);
  const scale = Math.max(text.scale, Number.EPSILON);
  // Into the text's own frame: undo rotation, then scale.
  const localX = (dx * cos - dy * sin) / scale;
  const localY = (dx * sin + dy * cos) / scale;
  const padding = slop / scale;
  return (
    Math.abs(localX) <= size.width / 2 + padding && Math.abs(localY) <= size.height / 2 + padding
  );
}

const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
const distance = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);
const angle = (a: Point, b: Point) => Math.atan2(b.y - a.y, b.x - a.x);

/**
 * One step of a two-finger gesture, from the previous pair of pointer positions to the current
 * pair: the midpoint's move, the change of finger distance (scale) and of their angle (rotation).
 * Incremental steps compose with the store's clamping (a capped scale simply stops growing).
 */
export function pinchStep(previous: [Point, Point], current: [Point, Point]): PinchStep {
  const before = midpoint(...previous);
  const after = midpoint(...current);
  const startDistance = distance(...previous);
  const scaleBy = startDistance > 0 ? distance(...current) / startDistance : 1;
  let rotateBy = angle(...current) - angle(...previous);
  // The shortest way round: crossing ±π must not spin the text a whole turn.
  if (rotateBy > Math.PI) rotateBy -= 2 * Math.PI;
  if (rotateBy < -Math.PI) rotateBy += 2 * Math.PI;
  return { dx: after.x - before.x, dy: after.y - before.y, scaleBy, rotateBy };
}

/** Mouse wheel / trackpad pinch (ctrl+wheel) → scale factor; scrolling up enlarges. */
export function wheelScale(deltaY: number, deltaMode = 0): number {
  // Line and page modes report small numbers; bring them to pixels first.
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaMode === 2 ? deltaY * 400 : deltaY;
  const clamped = Math.max(-200, Math.min(200, pixels));
  return Math.exp(-clamped * 0.0012);
}

/** Client (CSS) coordinates → story canvas pixels for a frame shown in `rect`. */
export function toCanvasPoint(
  clientX: number,
  clientY: number,
  rect: { left: number; top: number; width: number; height: number },
  canvas: { width: number; height: number },
): Point {
  return {
    x: ((clientX - rect.left) * canvas.width) / Math.max(1, rect.width),
    y: ((clientY - rect.top) * canvas.height) / Math.max(1, rect.height),
  };
}

/** The largest frame of `aspect` (width / height) that fits in `box`, in whole CSS pixels. */
export function fitFrame(
  box: { width: number; height: number },
  aspect: number,
): { width: number; height: number } {
  const width = Math.min(box.width, box.height * aspect);
  return { width: Math.max(1, Math.floor(width)), height: Math.max(1, Math.floor(width / aspect)) };
}
