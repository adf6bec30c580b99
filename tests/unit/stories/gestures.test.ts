import { describe, expect, it } from 'vitest';
import {
  closeDragPose,
  dragAxis,
  easeOutCubic,
  reelDragOffset,
  releaseVelocity,
  RUBBER_BAND_LIMIT,
  settleClose,
  settleReel,
} from '../../../src/canvas/story/drag';
import { neighbourPreviewRect, storyFrame } from '../../../src/canvas/story/layout';
import { placeholderPixels } from '../../../src/canvas/story/placeholder';
import { movingResolution, storyResolution } from '../../../src/canvas/story/resolution';
import { startItemOf, wantedTextures } from '../../../src/canvas/story/window';

// Issue 18: the maths behind the viewer's finger gestures, its drawing-buffer cap, the desktop
// neighbour previews and the placeholder pixels.

describe('story gestures', () => {
  it('tells a tap from a sideways drag and a drag down; an upward drag is nothing', () => {
    expect(dragAxis(3, 4)).toBeNull();
    expect(dragAxis(-40, 6)).toBe('horizontal');
    expect(dragAxis(5, 60)).toBe('down');
    expect(dragAxis(5, -60)).toBeNull();
  });

  it('moves the reel with the finger, and holds it back where there is no reel', () => {
    expect(reelDragOffset(-120, 375, true, true)).toBe(-120);
    expect(reelDragOffset(-500, 375, true, true)).toBe(-375);
    const pulled = reelDragOffset(-300, 375, true, false);
    expect(pulled).toBeLessThan(0);
    expect(Math.abs(pulled)).toBeLessThan(375 * RUBBER_BAND_LIMIT);
    // Further pulls move it less and less.
    const further = reelDragOffset(-600, 375, true, false);
    expect(Math.abs(further)).toBeGreaterThan(Math.abs(pulled));
    expect(Math.abs(further) - Math.abs(pulled)).toBeLessThan(300);
  });

  it('settles on the next or previous reel past a quarter of the width or on a flick', () => {
    expect(settleReel(-120, -0.1, 375, true, true)).toBe(1);
    expect(settleReel(120, 0.1, 375, true, true)).toBe(-1);
    // Short and slow: back where it was.
    expect(settleReel(-60, -0.1, 375, true, true)).toBe(0);
    // Short but flicked: it goes.
    expect(settleReel(-60, -0.9, 375, true, true)).toBe(1);
    // A flick back against the drag does not go.
    expect(settleReel(-60, 0.9, 375, true, true)).toBe(0);
    // Nothing that way: it snaps back.
    expect(settleReel(-300, -1, 375, true, false)).toBe(0);
    expect(settleReel(300, 1, 375, false, true)).toBe(0);
  });

  it('closes on a long or fast drag down, with the picture following the finger', () => {
    expect(settleClose(200, 0.1, 812)).toBe(true);
    expect(settleClose(60, 0.1, 812)).toBe(false);
    expect(settleClose(60, 0.8, 812)).toBe(true);
    expect(closeDragPose(0, 812)).toEqual({ y: 0, scale: 1 });
    const pose = closeDragPose(406, 812);
    expect(pose.y).toBe(406);
    expect(pose.scale).toBeLessThan(1);
    expect(pose.scale).toBeGreaterThan(0.7);
  });

  it('measures the release velocity over the last 100 ms', () => {
    const samples = [
      { x: 0, y: 0, t: 0 },
      { x: 10, y: 0, t: 200 },
      { x: 30, y: 0, t: 250 },
      { x: 60, y: 10, t: 300 },
    ];
    expect(releaseVelocity(samples)).toEqual({ x: 50 / 100, y: 10 / 100 });
    expect(releaseVelocity([])).toEqual({ x: 0, y: 0 });
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
    expect(easeOutCubic(0.5)).toBeGreaterThan(0.5);
  });
});

describe('story drawing buffer', () => {
  it('never holds more pixels than the 1080×1920 story', () => {
    // A 375×812 phone at 3×: capped below 3, still denser than 2×.
    const phone = storyFrame(375, 812);
    const r = storyResolution(3, 375, 812, phone.width, phone.height);
    expect(r).toBeLessThan(3);
    expect(r).toBeGreaterThan(2);
    expect(375 * r * (812 * r)).toBeLessThanOrEqual(1080 * 1920);
    // A 1× desktop keeps 1 pixel per CSS pixel.
    const desk = storyFrame(1280, 800);
    expect(storyResolution(1, 1280, 800, desk.width, desk.height)).toBe(1);
    // A 2× desktop is capped by the pixel count.
    const r2 = storyResolution(2, 1280, 800, desk.width, desk.height);
    expect(1280 * r2 * (800 * r2)).toBeLessThanOrEqual(1080 * 1920);
    // Never below one pixel per CSS pixel, however large the screen.
    expect(storyResolution(1, 3840, 2160, 1200, 2128)).toBe(1);
  });
});

describe('story drawing buffer while a finger moves the story', () => {
  it('is at most half as dense as at rest and holds at most 640×400 pixels', () => {
    // The 1× desktop: half density, 640×400.
    expect(movingResolution(1, 1280, 800)).toBe(0.5);
    // The phone at 3× (2.36 at rest): capped by the pixel count, below half density.
    const phone = storyFrame(375, 812);
    const rest = storyResolution(3, 375, 812, phone.width, phone.height);
    const moving = movingResolution(rest, 375, 812);
    expect(moving).toBeLessThan(rest / 2);
    expect(375 * moving * (812 * moving)).toBeLessThanOrEqual(640 * 400);
    expect(moving).toBeGreaterThan(0.85);
  });
});

describe('story neighbour previews', () => {
  it('sit beside the frame on large screens only', () => {
    const frame = storyFrame(1280, 800);
    const left = neighbourPreviewRect(1280, frame, -1)!;
    const right = neighbourPreviewRect(1280, frame, 1)!;
    expect(left.x + left.width).toBeLessThan(frame.x);
    expect(right.x).toBeGreaterThan(frame.x + frame.width);
    expect(left.y + left.height / 2).toBeCloseTo(frame.y + frame.height / 2, 0);
    expect(neighbourPreviewRect(375, storyFrame(375, 812), 1)).toBeNull();
  });
});

describe('story placeholders', () => {
  it('turn the payload’s RGB pixels into opaque RGBA, and refuse malformed ones', () => {
    const rgb = btoa(String.fromCharCode(255, 0, 0, 0, 0, 255));
    expect([...placeholderPixels({ width: 1, height: 2, rgb })!]).toEqual([
      255, 0, 0, 255, 0, 0, 255, 255,
    ]);
    expect(placeholderPixels({ width: 2, height: 2, rgb })).toBeNull();
    expect(placeholderPixels({ width: 1, height: 2, rgb: '%%%' })).toBeNull();
  });
});

describe('story pictures kept', () => {
  const item = (id: string) => ({
    id,
    url: `/media/s/${id}/1080.jpg`,
    width: 1080,
    height: 1920,
    takenAt: 0,
    durationMs: 5000,
    videoUrl: null,
  });

  it('keeps a reel’s start picture before its items load, and the neighbours’ first', () => {
    const reels = [
      { id: 'a', username: 'a', avatarUrl: null, items: [item('a0'), item('a1')], startIndex: 1 },
      { id: 'b', username: 'b', avatarUrl: '/b.png', items: null, cover: item('b2') },
    ];
    const keys = wantedTextures({ reels, reelIndex: 0 }, reels[0].items![1]).map((w) => w.key);
    expect(keys).toEqual(['a1', 'a0', 'b2']);
    expect(startItemOf(reels[1])?.id).toBe('b2');
    expect(startItemOf(reels[0])?.id).toBe('a1');
  });
});
