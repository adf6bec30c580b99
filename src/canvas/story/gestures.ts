// Pointer and keyboard input of the story viewer: tap zones, hold to pause, finger drags (across
// reels sideways, down to close), arrow keys and Escape. DOM listeners only; the viewer decides
// what each gesture does and draws the picture following the finger.
import { dragAxis, releaseVelocity, type DragAxis, type PointerSample } from './drag';
import { tapZone, type TapZone } from './layout';

/** Holding longer than this pauses instead of tapping. */
export const HOLD_DELAY_MS = 200;

export interface DragRelease {
  dx: number;
  dy: number;
  /** px/ms at release. */
  vx: number;
  vy: number;
  /** The pointer was cancelled (the browser took it): snap back. */
  cancelled: boolean;
}

export interface GestureHandlers {
  tap(zone: TapZone): void;
  hold(holding: boolean): void;
  /** A press moved past the slop along `axis`; the picture follows until dragEnd. */
  dragStart(axis: DragAxis): void;
  dragMove(dx: number, dy: number): void;
  dragEnd(release: DragRelease): void;
  key(action: 'next' | 'previous' | 'close'): void;
}

export type PointerOutcome = { kind: 'tap'; zone: TapZone } | null;

/** What a released pointer that never became a drag meant (null: it was a hold). */
export function classifyRelease(
  start: { x: number; y: number },
  end: { x: number; y: number },
  held: boolean,
  screenWidth: number,
): PointerOutcome {
  if (held || dragAxis(end.x - start.x, end.y - start.y) !== null) return null;
  return { kind: 'tap', zone: tapZone(end.x, screenWidth) };
}

const KEYS: Record<string, 'next' | 'previous' | 'close'> = {
  ArrowRight: 'next',
  ArrowLeft: 'previous',
  Escape: 'close',
};

interface Press {
  id: number;
  x: number;
  y: number;
  axis: DragAxis | null;
  /** An upward drag: neither a tap nor a drag. */
  void: boolean;
  samples: PointerSample[];
}

/** Attaches the listeners; returns the function that removes them. */
export function attachGestures(target: HTMLElement, handlers: GestureHandlers): () => void {
  let press: Press | null = null;
  let holdTimer: ReturnType<typeof setTimeout> | null = null;
  let held = false;

  const clearHold = () => {
    if (holdTimer !== null) clearTimeout(holdTimer);
    holdTimer = null;
  };
  const release = () => {
    clearHold();
    if (held) handlers.hold(false);
    held = false;
  };
  const local = (e: PointerEvent) => {
    const rect = target.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };
  const sample = (e: PointerEvent): PointerSample => ({ ...local(e), t: e.timeStamp });

  const onDown = (e: PointerEvent) => {
    if (e.button !== 0 || press) return;
    const at = sample(e);
    press = { id: e.pointerId, x: at.x, y: at.y, axis: null, void: false, samples: [at] };
    held = false;
    try {
      // The drag goes on when the finger leaves the canvas (over the DOM controls, say).
      target.setPointerCapture?.(e.pointerId);
    } catch {
      // A pointer the browser no longer tracks: nothing to capture.
    }
    holdTimer = setTimeout(() => {
      held = true;
      handlers.hold(true);
    }, HOLD_DELAY_MS);
  };
  const onMove = (e: PointerEvent) => {
    if (!press || e.pointerId !== press.id || press.void) return;
    const at = sample(e);
    press.samples.push(at);
    if (press.samples.length > 12) press.samples.shift();
    const dx = at.x - press.x;
    const dy = at.y - press.y;
    if (!press.axis) {
      const axis = dragAxis(dx, dy);
      if (!axis) {
        // An upward drag is nothing: no tap on release, no drag.
        if (Math.hypot(dx, dy) >= 10) press.void = true;
        return;
      }
      // A drag ends a hold: the picture follows the finger and playback resumes after it.
      release();
      press.axis = axis;
      handlers.dragStart(axis);
    }
    handlers.dragMove(dx, dy);
  };
  const onUp = (e: PointerEvent) => {
    if (!press || e.pointerId !== press.id) return;
    const current = press;
    press = null;
    const end = local(e);
    if (current.axis) {
      const v = releaseVelocity([...current.samples, { ...end, t: e.timeStamp }]);
      const dx = end.x - current.x;
      const dy = end.y - current.y;
      handlers.dragEnd({ dx, dy, vx: v.x, vy: v.y, cancelled: false });
      return;
    }
    const outcome = current.void ? null : classifyRelease(current, end, held, target.clientWidth);
    release();
    if (outcome) handlers.tap(outcome.zone);
  };
  const onCancel = (e: PointerEvent) => {
    if (!press || e.pointerId !== press.id) return;
    const current = press;
    press = null;
    release();
    if (current.axis) handlers.dragEnd({ dx: 0, dy: 0, vx: 0, vy: 0, cancelled: true });
  };
  const onKey = (e: KeyboardEvent) => {
    const action = KEYS[e.key];
    if (!action || e.altKey || e.ctrlKey || e.metaKey) return;
    // Keys pressed in another dialog over the viewer (the viewers list) are that dialog's.
    const dialog = e.target instanceof Element ? e.target.closest('[aria-modal="true"]') : null;
    if (dialog && !dialog.contains(target)) return;
    e.preventDefault();
    handlers.key(action);
  };

  target.addEventListener('pointerdown', onDown);
  target.addEventListener('pointermove', onMove);
  target.addEventListener('pointerup', onUp);
  target.addEventListener('pointercancel', onCancel);
  window.addEventListener('keydown', onKey);
  return () => {
    clearHold();
    target.removeEventListener('pointerdown', onDown);
    target.removeEventListener('pointermove', onMove);
    target.removeEventListener('pointerup', onUp);
    target.removeEventListener('pointercancel', onCancel);
    window.removeEventListener('keydown', onKey);
  };
}
