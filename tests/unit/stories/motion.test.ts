// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { StoryMotion } from '../../../src/canvas/story/motion';

// Issue 18: while a finger drags the story sideways, its header and progress bars stay in the
// frame and fade as the story leaves it (moved with it, they slid out of a desktop's frame).
const frame = { x: 424, y: 16, width: 432, height: 768 };
const host = () => ({
  frame: () => frame,
  hasReel: () => true,
  moveReel: vi.fn(),
  close: vi.fn(),
  wake: vi.fn(),
});

describe('StoryMotion, a sideways drag', () => {
  it('fades the header and bars as the story slides, and keeps them in place', () => {
    const motion = new StoryMotion(host());
    motion.start('horizontal');
    motion.move(-20, 0);
    const early = motion.pose;
    expect(early.x).toBeLessThan(0);
    expect(early.overlayAlpha).toBeGreaterThan(0.8);
    expect(early.overlayAlpha).toBeLessThan(1);
    motion.move(-frame.width * 0.5, 0);
    expect(motion.pose.overlayAlpha).toBe(0);
  });

  it('brings them back when the drag snaps back', () => {
    const motion = new StoryMotion(host());
    motion.start('horizontal');
    motion.move(-30, 0);
    motion.end({ dx: -30, dy: 0, vx: 0, vy: 0, cancelled: false });
    motion.step(performance.now() + 10_000);
    expect(motion.pose).toMatchObject({ x: 0, overlayAlpha: 1 });
  });

  it('keeps them hidden while a settled swipe slides the next reel in', () => {
    const h = host();
    const motion = new StoryMotion(h);
    motion.start('horizontal');
    motion.move(-frame.width * 0.6, 0);
    motion.end({ dx: -frame.width * 0.6, dy: 0, vx: 0, vy: 0, cancelled: false });
    motion.step(performance.now() + 10_000);
    expect(h.moveReel).toHaveBeenCalledWith(1);
    expect(motion.pose.overlayAlpha).toBe(0);
    motion.reelChanged(false);
    expect(motion.pose).toMatchObject({ x: 0, overlayAlpha: 1 });
  });
});
