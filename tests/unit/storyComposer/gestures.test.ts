import { describe, expect, it, vi } from 'vitest';
import { ComposerGestures, type GestureCallbacks } from '../../../src/canvas/composer/gestures';

// The composer's pointer input on a 108×192 CSS px frame (one CSS px = 10 canvas px).

function setup(over: Partial<GestureCallbacks> = {}) {
  const element = document.createElement('div');
  element.getBoundingClientRect = () =>
    ({ left: 0, top: 0, width: 108, height: 192, right: 108, bottom: 192 }) as DOMRect;
  const callbacks: GestureCallbacks = {
    textAt: vi.fn(() => null),
    pressText: vi.fn(),
    canTransform: vi.fn(() => true),
    beginTransform: vi.fn(),
    transform: vi.fn(),
    wheel: vi.fn(),
    tapText: vi.fn(),
    tapCanvas: vi.fn(),
    drawing: vi.fn(() => false),
    penDown: vi.fn(),
    penMove: vi.fn(),
    ...over,
  };
  new ComposerGestures(element, { width: 1080, height: 1920 }, callbacks);
  const fire = (type: string, x: number, y: number, id = 1) => {
    const event = new MouseEvent(type, { clientX: x, clientY: y, button: 0, bubbles: true });
    Object.defineProperties(event, {
      pointerId: { value: id },
      pointerType: { value: 'touch' },
    });
    element.dispatchEvent(event);
  };
  return { callbacks, fire };
}

describe('composer gestures', () => {
  it('a tap on a text selects it, then edits it', () => {
    const { callbacks, fire } = setup({ textAt: vi.fn(() => 7) });
    fire('pointerdown', 50, 90);
    fire('pointerup', 50, 90);
    expect(callbacks.pressText).toHaveBeenCalledWith(7);
    expect(callbacks.tapText).toHaveBeenCalledWith(7);
    expect(callbacks.transform).not.toHaveBeenCalled();
  });

  it('a drag moves the text in canvas pixels, remembered once for undo', () => {
    const { callbacks, fire } = setup({ textAt: vi.fn(() => 3) });
    fire('pointerdown', 50, 90);
    fire('pointermove', 60, 90);
    fire('pointermove', 60, 100);
    fire('pointerup', 60, 100);
    expect(callbacks.beginTransform).toHaveBeenCalledTimes(1);
    expect(callbacks.transform).toHaveBeenNthCalledWith(1, { dx: 100, dy: 0 });
    expect(callbacks.transform).toHaveBeenNthCalledWith(2, { dx: 0, dy: 100 });
    expect(callbacks.tapText).not.toHaveBeenCalled();
  });

  it('with the pen, a finger draws and never moves or edits text', () => {
    const { callbacks, fire } = setup({ textAt: vi.fn(() => 3), drawing: vi.fn(() => true) });
    fire('pointerdown', 10, 20);
    fire('pointermove', 20, 30);
    fire('pointerup', 20, 30);
    expect(callbacks.penDown).toHaveBeenCalledWith({ x: 100, y: 200 });
    expect(callbacks.penMove).toHaveBeenCalledWith({ x: 200, y: 300 });
    expect(callbacks.pressText).not.toHaveBeenCalled();
    expect(callbacks.transform).not.toHaveBeenCalled();
    expect(callbacks.tapText).not.toHaveBeenCalled();
    expect(callbacks.tapCanvas).not.toHaveBeenCalled();
  });

  it('with the pen, a second finger never adds points to the stroke being drawn', () => {
    const { callbacks, fire } = setup({ drawing: vi.fn(() => true) });
    fire('pointerdown', 10, 20, 1);
    fire('pointerdown', 90, 150, 2);
    fire('pointermove', 95, 160, 2);
    fire('pointermove', 20, 30, 1);
    expect(callbacks.penDown).toHaveBeenCalledTimes(1);
    expect(callbacks.penMove).toHaveBeenCalledTimes(1);
    expect(callbacks.penMove).toHaveBeenCalledWith({ x: 200, y: 300 });
  });

  it('a tap on the picture reports the picture', () => {
    const { callbacks, fire } = setup();
    fire('pointerdown', 50, 90);
    fire('pointerup', 51, 90);
    expect(callbacks.tapCanvas).toHaveBeenCalledTimes(1);
  });
});
