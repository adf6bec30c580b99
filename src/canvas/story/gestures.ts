// Pointer and keyboard input of the story viewer: tap zones, hold to pause, swipe down to close,
// arrow keys and Escape. DOM listeners only; the viewer decides what each gesture does.
import { tapZone, type TapZone } from './layout';

/** Holding longer than this pauses instead of tapping. */
export const HOLD_DELAY_MS = 200;
/** A downward drag this long (px) and mostly vertical closes the viewer. */
export const SWIPE_CLOSE_DISTANCE = 80;

export interface GestureHandlers {
  tap(zone: TapZone): void;
  hold(holding: boolean): void;
  swipeDown(): void;
  key(action: 'next' | 'previous' | 'close'): void;
}

export type PointerOutcome = { kind: 'tap'; zone: TapZone } | { kind: 'swipeDown' } | null;

/** What a released pointer meant (null: it was a hold, or an ambiguous drag). */
export function classifyRelease(
  start: { x: number; y: number },
  end: { x: number; y: number },
  held: boolean,
  screenWidth: number,
): PointerOutcome {
  const dx = end.x - start.x;
  const dy = end.y - start.y;
  if (dy > SWIPE_CLOSE_DISTANCE && Math.abs(dy) > Math.abs(dx)) return { kind: 'swipeDown' };
  if (held || Math.hypot(dx, dy) > 20) return null;
  return { kind: 'tap', zone: tapZone(end.x, screenWidth) };
}

const KEYS: Record<string, 'next' | 'previous' | 'close'> = {
  ArrowRight: 'next',
  ArrowLeft: 'previous',
  Escape: 'close',
};

/** Attaches the listeners; returns the function that removes them. */
export function attachGestures(target: HTMLElement, handlers: GestureHandlers): () => void {
  let start: { x: number; y: number; id: number } | null = null;
  let holdTimer: ReturnType<typeof setTimeout> | null = null;
  let held = false;

  const clearHold = () => {
    if (holdTimer !== null) clearTimeout(holdTimer);
    holdTimer = null;
  };
  const local = (e: PointerEvent) => {
    const rect = target.getBoundingClientRect();
    return { x: e.clientX - rect.left, y: e.clientY - rect.top };
  };

  const onDown = (e: PointerEvent) => {
    if (e.button !== 0 || start) return;
    start = { ...local(e), id: e.pointerId };
    held = false;
    target.setPointerCapture?.(e.pointerId);
    holdTimer = setTimeout(() => {
      held = true;
      handlers.hold(true);
    }, HOLD_DELAY_MS);
  };
  const onUp = (e: PointerEvent) => {
    if (!start || e.pointerId !== start.id) return;
    clearHold();
    const outcome = classifyRelease(start, local(e), held, target.clientWidth);
    if (held) handlers.hold(false);
    start = null;
    if (outcome?.kind === 'tap') handlers.tap(outcome.zone);
    if (outcome?.kind === 'swipeDown') handlers.swipeDown();
  };
  const onCancel = (e: PointerEvent) => {
    if (!start || e.pointerId !== start.id) return;
    clearHold();
    if (held) handlers.hold(false);
    start = null;
  };
  const onKey = (e: KeyboardEvent) => {
    const action = KEYS[e.key];
    if (!action || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    handlers.key(action);
  };

  target.addEventListener('pointerdown', onDown);
  target.addEventListener('pointerup', onUp);
  target.addEventListener('pointercancel', onCancel);
  window.addEventListener('keydown', onKey);
  return () => {
    clearHold();
    target.removeEventListener('pointerdown', onDown);
    target.removeEventListener('pointerup', onUp);
    target.removeEventListener('pointercancel', onCancel);
    window.removeEventListener('keydown', onKey);
  };
}
