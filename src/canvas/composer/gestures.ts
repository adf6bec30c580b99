/**
 * Pointer input of the story composer: one finger (or the mouse) drags a text layer, two fingers
 * pinch to scale and rotate the selected one, the wheel scales it, and a tap reports what was
 * tapped. With the pen, one finger draws. Values go straight to the callbacks (the store), never
 * through React.
 */
import type { Point } from '../../state/storyDraft';
import { pinchStep, toCanvasPoint, wheelScale, type PinchStep } from './gestureMath';

export interface GestureCallbacks {
  /** Canvas pixels → the topmost text layer under this point, if any. */
  textAt(point: Point): number | null;
  /** A press on a text layer selects it (so it can be dragged). */
  pressText(id: number): void;
  /** Whether a selected, saved text exists (move/scale need it, spec §5). */
  canTransform(): boolean;
  /** Called once before the first transform of a drag or pinch (one undo step a gesture). */
  beginTransform(): void;
  transform(step: Partial<PinchStep>): void;
  /** The mouse wheel: each step scales (steps in a row are one undo step). */
  wheel(scaleBy: number): void;
  tapText(id: number): void;
  tapCanvas(): void;
  /** Whether the pen is the tool. */
  drawing(): boolean;
  penDown(point: Point): void;
  penMove(point: Point): void;
}

/** Movement (CSS px) below which a press counts as a tap. */
const TAP_SLOP = 8;

type Mode = 'idle' | 'drag' | 'pinch' | 'press' | 'pen';

export class ComposerGestures {
  private readonly pointers = new Map<number, Point>();
  private mode: Mode = 'idle';
  private pressedText: number | null = null;
  private travelled = 0;
  private transforming = false;
  /** The finger (or mouse) drawing the current stroke: another finger never adds to it. */
  private penPointer: number | null = null;

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
      this.transforming = false;
      if (this.callbacks.drawing()) {
        this.mode = 'pen';
        this.penPointer = event.pointerId;
        this.callbacks.penDown(point);
        return;
      }
      this.pressedText = this.callbacks.textAt(point);
      if (this.pressedText !== null) this.callbacks.pressText(this.pressedText);
      this.mode = this.pressedText !== null && this.callbacks.canTransform() ? 'drag' : 'press';
    } else if (this.mode !== 'pen' && this.pointers.size === 2 && this.callbacks.canTransform()) {
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
      this.transform(pinchStep(before, after));
      return;
    }
    this.pointers.set(event.pointerId, point);
    if (this.mode === 'pen') {
      if (event.pointerId === this.penPointer) this.callbacks.penMove(point);
      return;
    }
    const dx = point.x - previous.x;
    const dy = point.y - previous.y;
    this.travelled += Math.hypot(dx, dy) / this.cssScale;
    if (this.mode === 'drag') this.transform({ dx, dy });
  };

  private transform(step: Partial<PinchStep>): void {
    if (!this.transforming) {
      this.transforming = true;
      this.callbacks.beginTransform();
    }
    this.callbacks.transform(step);
  }

  private readonly onUp = (event: PointerEvent) => {
    if (!this.pointers.delete(event.pointerId)) return;
    if (event.pointerId === this.penPointer) this.penPointer = null;
    if (this.pointers.size > 0) {
      // One finger of a pinch lifted: the other may keep dragging, without jumping.
      if (this.mode === 'pinch') this.mode = 'drag';
      return;
    }
    const wasTap = this.travelled < TAP_SLOP && this.mode !== 'pinch' && this.mode !== 'pen';
    this.mode = 'idle';
    if (!wasTap) return;
    if (this.pressedText !== null) this.callbacks.tapText(this.pressedText);
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
    this.callbacks.wheel(wheelScale(event.deltaY, event.deltaMode));
  };
}
