/**
 * The story composer's pen (issue 18 part 4): the tool switch, the pen's colour and width, and
 * strokes in story canvas pixels, each one undo step. Pure functions on the draft, like
 * storyDraft.ts; storyDraftActions.ts binds them to the store.
 */
import {
  isStoryTextColor,
  remember,
  type Point,
  type StoryDraft,
  type StoryTool,
} from './storyDraft';
import { STORY_PEN_WIDTHS } from './storyLayers';

const canEdit = (d: StoryDraft) => d.phase === 'composing';
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Turns the pen on or off (drawing and text editing exclude each other). */
export function setTool(d: StoryDraft, tool: StoryTool): void {
  if (!canEdit(d) || d.textEdit === 'editing') return;
  d.tool = tool;
  if (tool === 'pen') {
    d.selectedId = null;
    d.textEdit = 'none';
  }
}

export function setPenColor(d: StoryDraft, color: string): void {
  if (canEdit(d) && isStoryTextColor(color)) d.pen.color = color;
}

export function setPenWidth(d: StoryDraft, width: string): void {
  const found = STORY_PEN_WIDTHS.find((w) => w.name === width);
  if (canEdit(d) && found) d.pen.width = found.name;
}

const onCanvas = (d: StoryDraft, p: Point) => [
  Math.round(clamp(p.x, 0, d.canvasSize.width) * 10) / 10,
  Math.round(clamp(p.y, 0, d.canvasSize.height) * 10) / 10,
];

/**
 * The stroke the pen is drawing, per draft: moves extend it and nothing else, so an Undo pressed
 * mid-stroke (which takes the stroke away) never makes the next moves extend an older one.
 */
const drawingStroke = new WeakMap<StoryDraft, object>();

/** A finger or the mouse went down with the pen: a new stroke (one undo step). */
export function beginStroke(d: StoryDraft, point: Point): void {
  if (!canEdit(d) || d.tool !== 'pen') return;
  remember(d);
  d.strokes.push({ color: d.pen.color, width: d.pen.width, points: onCanvas(d, point) });
  drawingStroke.set(d, d.strokes[d.strokes.length - 1]);
}

export function extendStroke(d: StoryDraft, point: Point): void {
  if (!canEdit(d) || d.tool !== 'pen') return;
  const stroke = d.strokes[d.strokes.length - 1];
  if (stroke && drawingStroke.get(d) === stroke) stroke.points.push(...onCanvas(d, point));
}
