/**
 * What a story is drawn from besides the picture (issue 18 part 4): text layers, each with its
 * own style, alignment, background and transform, and pen strokes. Plain data and pure maths, so
 * the draft store, the Pixi composer and the tests share them. Units are story canvas pixels
 * (1080×1920) except font sizes, which are story points (see storyDraft.ts).
 */
import type { StoryTextColorName } from '../lib/tokens';

export interface Point {
  x: number;
  y: number;
}

/** The text styles: generic font families only, so the preview and the export draw the same. */
export const STORY_FONTS = [
  { name: 'classic', label: 'Classic' },
  { name: 'modern', label: 'Modern' },
  { name: 'serif', label: 'Serif' },
  { name: 'typewriter', label: 'Typewriter' },
  { name: 'neon', label: 'Neon' },
] as const;
export type StoryFont = (typeof STORY_FONTS)[number]['name'];

export const STORY_ALIGNS = [
  { name: 'left', label: 'Left' },
  { name: 'center', label: 'Centre' },
  { name: 'right', label: 'Right' },
] as const;
export type StoryTextAlign = (typeof STORY_ALIGNS)[number]['name'];

export const STORY_BACKGROUNDS = [
  { name: 'none', label: 'No background' },
  { name: 'semi', label: 'Soft background' },
  { name: 'solid', label: 'Solid background' },
] as const;
export type StoryTextBackground = (typeof STORY_BACKGROUNDS)[number]['name'];

/** Pen widths in canvas pixels (a 1080 px frame: about 3, 6 and 12 CSS px on a phone). */
export const STORY_PEN_WIDTHS = [
  { name: 'thin', label: 'Thin', pixels: 9 },
  { name: 'medium', label: 'Medium', pixels: 18 },
  { name: 'thick', label: 'Thick', pixels: 36 },
] as const;
export type StoryPenWidth = (typeof STORY_PEN_WIDTHS)[number]['name'];

export const penPixels = (width: StoryPenWidth): number =>
  STORY_PEN_WIDTHS.find((w) => w.name === width)?.pixels ?? 18;

export interface StoryTextLayer {
  id: number;
  color: StoryTextColorName;
  /** Story points. */
  fontSize: number;
  font: StoryFont;
  align: StoryTextAlign;
  background: StoryTextBackground;
  position: Point;
  /** Radians, clockwise. */
  rotation: number;
  scale: number;
  rawText: string;
}

export interface StoryStroke {
  color: StoryTextColorName;
  width: StoryPenWidth;
  /** Flat x, y pairs in canvas pixels. */
  points: number[];
}

export type Size = { width: number; height: number };

/** Keeps margins this far from the picture's edges (canvas pixels) where it can. */
export const STORY_EDGE_MARGIN = 24;

/** Width and height of a `box` turned by `rotation` (its axis-aligned bounds). */
export function rotatedBounds(box: Size, rotation: number): Size {
  const cos = Math.abs(Math.cos(rotation));
  const sin = Math.abs(Math.sin(rotation));
  return {
    width: box.width * cos + box.height * sin,
    height: box.width * sin + box.height * cos,
  };
}

/** The largest scale at which `box` (turned by `rotation`) still fits inside `canvas`. */
export function fittingScale(box: Size, rotation: number, canvas: Size): number {
  const bounds = rotatedBounds(box, rotation);
  const room = (length: number, extent: number) =>
    extent > 0 ? (length - 2 * STORY_EDGE_MARGIN) / extent : Infinity;
  return Math.min(room(canvas.width, bounds.width), room(canvas.height, bounds.height));
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The centre that keeps a `box`-sized layer (scaled and turned) inside `canvas`: the nearest
 * allowed point to `position`, or the canvas centre along an axis where it cannot fit.
 */
export function clampInside(
  position: Point,
  box: Size,
  scale: number,
  rotation: number,
  canvas: Size,
): Point {
  const bounds = rotatedBounds({ width: box.width * scale, height: box.height * scale }, rotation);
  const axis = (value: number, extent: number, length: number) => {
    const half = extent / 2 + STORY_EDGE_MARGIN;
    return half * 2 >= length ? length / 2 : clamp(value, half, length - half);
  };
  return {
    x: axis(position.x, bounds.width, canvas.width),
    y: axis(position.y, bounds.height, canvas.height),
  };
}

/** What undo brings back: the layers and strokes as they were. */
export interface StoryComposition {
  texts: StoryTextLayer[];
  strokes: StoryStroke[];
}

/** A deep copy (JSON: the store's proxies are plain data but cannot be structured-cloned). */
export const copyComposition = (c: StoryComposition): StoryComposition =>
  JSON.parse(JSON.stringify({ texts: c.texts, strokes: c.strokes })) as StoryComposition;

/** How many steps undo remembers. */
export const STORY_UNDO_LIMIT = 50;
