/**
 * Pointer input of the story composer: one finger (or the mouse) drags the text, two fingers
 * pinch to scale and rotate it, the wheel scales it, and a tap reports what was tapped. Values go
 * straight to the callbacks (the store), never through React.
 */
import type { Point } from '../../state/storyDraft';
import { pinchStep, toCanvasPoint, wheelScale, type PinchStep } from './gestureMath';

export interface GestureCallbacks {
  /** Canvas pixels → is the text under this point? */
  hitsText(point: Point): boolean;
  /** Whether saved text exists (move/scale need it, spec §5). */
  canTransform(): boolean;
  transform(step: Partial<PinchStep>): void;
  tapText(): void;
  tapCanvas(): void;
}

/** Movement (CSS px) below which a press counts as a tap. */
const TAP_SLOP = 8;

type Mode = 'idle' | 'drag' | 'pinch' | 'press';

export class ComposerGestures {
  private readonly pointers = new Map<number, Point>();
  private mode: Mode = 'idle';
  private pressedText = false;
  private travelled = 0;

  constructor(
    private readonly element: HTMLElement,
    private readonly canvasSize: { width: number; height: number },
    private readonly callbacks: GestureCallbacks,
  ) {
    element.addEventListener('pointerdown', this.onDown);
    element.addEventListener('pointermove', this.onMove);
    element.addEventListener('pointerup', this.onUp);
    element.addEventListener('pointercancel', this.onCancel);
    element.addEventListener('wheel', this.onWheel, { passive: false });
  }

  destroy(): void {
    const el = this.element;
    el.removeEventListener('pointerdown', this.onDown);
    el.removeEventListener('pointermove', this.onMove);
    el.removeEventListener('pointerup', this.onUp);
    el.removeEventListener('pointercancel', this.onCancel);
    el.removeEventListener('wheel', this.onWheel);
  }

  private point(event: PointerEvent | WheelEvent): Point {
    const rect = this.element.getBoundingClientRect();
    return toCanvasPoint(event.clientX, event.clientY, rect, this.canvasSize);
  }

  /** Canvas pixels per CSS pixel, to measure the tap slop on screen. */
  private get cssScale(): number {
    const width = this.element.getBoundingClientRect().width;
    return this.canvasSize.width / Math.max(1, width);
  }

  private readonly onDown = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    this.element.setPointerCapture?.(event.pointerId);
    const point = this.point(event);
    this.pointers.set(event.pointerId, point);
    if (this.pointers.size === 1) {
      this.travelled = 0;
      this.pressedText = this.callbacks.hitsText(point);
      this.mode = this.pressedText && this.callbacks.canTransform() ? 'drag' : 'press';
    } else if (this.pointers.size === 2 && this.callbacks.canTransform()) {
      // A second finger anywhere turns the gesture into a pinch of the text.
      this.mode = 'pinch';
      this.travelled = Infinity;
    }
  };

  private readonly onMove = (event: PointerEvent) => {
    const previous = this.pointers.get(event.pointerId);
    if (!previous) return;
    const point = this.point(event);
    if (this.mode === 'pinch' && this.pointers.size >= 2) {
      const pair = [...this.pointers.entries()].slice(0, 2);
      const before = pair.map(([, p]) => p) as [Point, Point];
      this.pointers.set(event.pointerId, point);
      const after = pair.map(([id]) => this.pointers.get(id) ?? point) as [Point, Point];
      this.callbacks.transform(pinchStep(before, after));
      return;
    }
    this.pointers.set(event.pointerId, point);
    const dx = point.x - previous.x;
    const dy = point.y - previous.y;
    this.travelled += Math.hypot(dx, dy) / this.cssScale;
    if (this.mode === 'drag') this.callbacks.transform({ dx, dy });
  };

  private readonly onUp = (event: PointerEvent) => {
    if (!this.pointers.delete(event.pointerId)) return;
    if (this.pointers.size > 0) {
      // One finger of a pinch lifted: the other may keep dragging, without jumping.
      if (this.mode === 'pinch') this.mode = 'drag';
      return;
    }
    const wasTap = this.travelled < TAP_SLOP && this.mode !== 'pinch';
    this.mode = 'idle';
    if (!wasTap) return;
    if (this.pressedText) this.callbacks.tapText();
    else this.callbacks.tapCanvas();
  };

  private readonly onCancel = (event: PointerEvent) => {
    this.pointers.delete(event.pointerId);
    if (this.pointers.size === 0) this.mode = 'idle';
    this.travelled = Infinity;
  };

  private readonly onWheel = (event: WheelEvent) => {
    if (!this.callbacks.canTransform()) return;
    // The page must not scroll or zoom while the text is being resized.
    event.preventDefault();
    this.callbacks.transform({ scaleBy: wheelScale(event.deltaY, event.deltaMode) });
  };
}
