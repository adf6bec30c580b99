// Pure geometry of the story viewer: the 9:16 frame, tap zones and the preload window.
import { REEL_PRELOAD_AHEAD, REEL_PRELOAD_BEHIND, SMALL_SCREEN_MAX } from '../../lib/tokens';

export interface FrameRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Stories are 9:16 (1080×1920). */
export const STORY_ASPECT = 9 / 16;
/** Space kept around the frame on large screens, so it reads as a card on the black backdrop. */
export const FRAME_MARGIN = 16;
/** Up to this width (the small-screen maximum) the frame loses its margin, like a phone. */
export const FULL_BLEED_MAX_WIDTH = SMALL_SCREEN_MAX;

/**
 * The largest 9:16 frame that fits the screen, centred. A phone gets it without a margin: the
 * whole width on a phone held upright, with black above and below on one taller than 9:16. The
 * whole story shows, as its author framed it in the composer: covering a taller screen would cut
 * its sides, and a text near them with it.
 */
export function storyFrame(screenWidth: number, screenHeight: number): FrameRect {
  const phone = screenWidth <= FULL_BLEED_MAX_WIDTH;
  const margin = phone ? 0 : FRAME_MARGIN;
  const availW = Math.max(1, screenWidth - 2 * margin);
  const availH = Math.max(1, screenHeight - 2 * margin);
  const width = Math.min(availW, availH * STORY_ASPECT);
  const height = width / STORY_ASPECT;
  return {
    x: Math.round((screenWidth - width) / 2),
    y: Math.round((screenHeight - height) / 2),
    width: Math.round(width),
    height: Math.round(height),
  };
}

/** Scale and offset that cover `frame` with an image of the given size (centre crop). */
export function coverFit(frame: FrameRect, imageWidth: number, imageHeight: number) {
  const scale = Math.max(frame.width / imageWidth, frame.height / imageHeight);
  return {
    scale,
    x: frame.x + (frame.width - imageWidth * scale) / 2,
    y: frame.y + (frame.height - imageHeight * scale) / 2,
  };
}

export type TapZone = 'previous' | 'next';

/** The left third of the screen goes back; the rest goes forward. */
export const tapZone = (x: number, screenWidth: number): TapZone =>
  x < screenWidth / 3 ? 'previous' : 'next';

/** Reel indexes whose textures are kept: 1 behind and 2 ahead of the current one (content §9). */
export function preloadWindow(reelIndex: number, reelCount: number): number[] {
  if (reelIndex < 0) return [];
  const first = Math.max(0, reelIndex - REEL_PRELOAD_BEHIND);
  const last = Math.min(reelCount - 1, reelIndex + REEL_PRELOAD_AHEAD);
  const order = [reelIndex];
  // The current reel first, then ahead (more likely next), then behind.
  for (let i = reelIndex + 1; i <= last; i++) order.push(i);
  for (let i = reelIndex - 1; i >= first; i--) order.push(i);
  return order;
}

export interface ProgressSegment {
  x: number;
  width: number;
  /** 0..1 filled. */
  fill: number;
}

export const PROGRESS_GAP = 4;
export const PROGRESS_INSET = 8;

/** One bar per item across the frame's top: done items full, the current one `progress` full. */
export function progressSegments(
  frameWidth: number,
  count: number,
  index: number,
  progress: number,
): ProgressSegment[] {
  if (count <= 0) return [];
  const usable = frameWidth - 2 * PROGRESS_INSET - (count - 1) * PROGRESS_GAP;
  const width = Math.max(1, usable / count);
  return Array.from({ length: count }, (_, i) => ({
    x: PROGRESS_INSET + i * (width + PROGRESS_GAP),
    width,
    fill: i < index ? 1 : i === index ? Math.min(1, Math.max(0, progress)) : 0,
  }));
}

/** Desktop neighbour previews (issue 18): this part of the frame's width, beside the buttons. */
export const NEIGHBOUR_PREVIEW_SCALE = 0.4;
/** Space between the frame and a preview: the ‹ › buttons sit in it (stories.css). */
export const NEIGHBOUR_PREVIEW_GAP = 64;

/**
 * Where the previous (-1) and next (1) reels' small previews sit on a large screen: beside the
 * frame, vertically centred. null on small screens (no previews there). stories.css places the
 * previews' DOM buttons on the same rectangles.
 */
export function neighbourPreviewRect(
  screenWidth: number,
  frame: FrameRect,
  side: -1 | 1,
): FrameRect | null {
  if (screenWidth <= FULL_BLEED_MAX_WIDTH) return null;
  const width = Math.round(frame.width * NEIGHBOUR_PREVIEW_SCALE);
  const height = Math.round(width / STORY_ASPECT);
  const x =
    side === -1
      ? frame.x - NEIGHBOUR_PREVIEW_GAP - width
      : frame.x + frame.width + NEIGHBOUR_PREVIEW_GAP;
  return { x, y: Math.round(frame.y + (frame.height - height) / 2), width, height };
}
