/**
 * The story draft (content spec §3 "Story draft", §4 "Story creation", §5) as a valtio store plus
 * the pure functions that change it. Each function takes the draft as its first argument, so the
 * tests run them on plain objects and storyDraftActions.ts binds them to the store. Per-frame
 * values (text position, scale, rotation) live here, never in React state: the Pixi composer
 * follows the store and React components only read the coarse fields they render.
 *
 * Units: the canvas is the 1080×1920 story frame and positions are in its pixels. Font sizes are
 * in "story points", one point being 1/375 of the canvas width (a phone's CSS width), so a size
 * reads the same on every screen. The spec's "story canvas constant 22" is the smallest size and
 * 22 × "canvas ratio" (52/22 − ε) the largest: the slider runs from 22 to just under 52 points.
 */
import { proxy, ref } from 'valtio';
import type { GpsPosition } from '../../workers/exif';
import {
  STORY_CANVAS_CONSTANT,
  STORY_CANVAS_HEIGHT,
  STORY_CANVAS_RATIO,
  STORY_CANVAS_WIDTH,
  STORY_DEFAULT_TEXT_COLOR,
  STORY_TEXT_COLORS,
  type StoryTextColorName,
} from '../lib/tokens';

export const STORY_MIN_FONT_SIZE = STORY_CANVAS_CONSTANT;
export const STORY_MAX_FONT_SIZE = STORY_CANVAS_CONSTANT * STORY_CANVAS_RATIO;
export const STORY_DEFAULT_FONT_SIZE = 32;
/** Canvas width divided by this gives the pixels of one story point. */
export const STORY_POINT_BASE_WIDTH = 375;
/** Spec §5 "Story text scale is capped at a maximum". */
export const STORY_TEXT_MAX_SCALE = 4;
/** Below this the text is too small to read or to grab again. */
export const STORY_TEXT_MIN_SCALE = 0.3;
import { STORY_TEXT_MAX_LENGTH } from '../../shared/limits';
export { STORY_TEXT_MAX_LENGTH };
export const STORY_ENTRY_POINT_DEFAULT = 'quick_cam_button';

export type StoryCreationPhase =
  'choosing' | 'processing' | 'composing' | 'uploading' | 'finalizing' | 'shared';
/** Spec §4 "Text edit: editing, then saved" ('none' before any text exists). */
export type StoryTextEdit = 'none' | 'editing' | 'saved';
/** Spec §4 "Exit goes through attempt, cancel or exit". */
export type StoryExit = 'none' | 'attempt';

export interface Point {
  x: number;
  y: number;
}

export interface StoryActiveText {
  color: StoryTextColorName;
  fontSize: number;
  weight: 'bold' | 'normal';
  position: Point;
  /** Radians, clockwise. */
  rotation: number;
  scale: number;
  rawText: string;
}

export interface StoryLogData {
  has_flash: false;
  text_edit_count: number;
  /** Milliseconds spent in the text editor. */
  text_edit_duration: number;
  save_media_count: number;
  upload_id: string | null;
  entry_point: string;
  /** Unix milliseconds when the flow was entered. */
  start_time: number;
}

export interface StoryUpload {
  /** 0..1 */
  progress: number;
  /** The encoded frame; kept so Retry does not render again. */
  blob: Blob | null;
  /** Set once the photo upload succeeded; Retry then only finalizes. */
  uploadedId: string | null;
}

export interface StoryDraft {
  phase: StoryCreationPhase;
  /** The picked file, waiting to be processed (the nav picks it before the route renders). */
  sourceFile: File | null;
  /** The picture fitted upright to the canvas; a ref, never proxied. */
  image: ImageBitmap | null;
  canvasSize: { width: number; height: number };
  imageOrientation: number;
  /** The photo's GPS position (JPEG only); kept for the record, never sent. */
  location: GpsPosition | null;
  textEdit: StoryTextEdit;
  /** What the text editor holds while editing. */
  editingText: string;
  editStartedAt: number | null;
  activeText: StoryActiveText;
  logData: StoryLogData;
  upload: StoryUpload;
  exit: StoryExit;
}

export const isStoryTextColor = (name: string): name is StoryTextColorName =>
  STORY_TEXT_COLORS.some((c) => c.name === name);

export const storyTextColorValue = (name: StoryTextColorName): string =>
  STORY_TEXT_COLORS.find((c) => c.name === name)?.value ?? '#ffffff';

/** Pixels of `fontSize` story points on a canvas `canvasWidth` pixels wide. */
export const fontPixels = (fontSize: number, canvasWidth: number) =>
  (fontSize * canvasWidth) / STORY_POINT_BASE_WIDTH;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export function initialActiveText(): StoryActiveText {
  return {
    color: STORY_DEFAULT_TEXT_COLOR,
    fontSize: STORY_DEFAULT_FONT_SIZE,
    weight: 'bold',
    position: { x: STORY_CANVAS_WIDTH / 2, y: STORY_CANVAS_HEIGHT / 2 },
    rotation: 0,
    scale: 1,
    rawText: '',
  };
}

export function initialStoryDraft(now = 0, entryPoint = STORY_ENTRY_POINT_DEFAULT): StoryDraft {
  return {
    phase: 'choosing',
    sourceFile: null,
    image: null,
    canvasSize: { width: STORY_CANVAS_WIDTH, height: STORY_CANVAS_HEIGHT },
    imageOrientation: 1,
    location: null,
    textEdit: 'none',
    editingText: '',
    editStartedAt: null,
    activeText: initialActiveText(),
    logData: {
      has_flash: false,
      text_edit_count: 0,
      text_edit_duration: 0,
      save_media_count: 0,
      upload_id: null,
      entry_point: entryPoint,
      start_time: now,
    },
    upload: { progress: 0, blob: null, uploadedId: null },
    exit: 'none',
  };
}

export const storyDraft = proxy<StoryDraft>(initialStoryDraft());

/** Text (and its transform) can change only while composing, not during the upload. */
const canEdit = (d: StoryDraft) => d.phase === 'composing';
/** Spec §5: "move and scale need saved text". */
export const hasSavedText = (d: Pick<StoryDraft, 'textEdit' | 'activeText'>) =>
  d.textEdit === 'saved' && d.activeText.rawText !== '';

// ── Text edit ───────────────────────────────────────────────────────────────────────────────

export function beginTextEdit(d: StoryDraft, now: number): void {
  if (!canEdit(d) || d.textEdit === 'editing') return;
  d.textEdit = 'editing';
  d.editingText = d.activeText.rawText;
  d.editStartedAt = now;
  d.logData.text_edit_count += 1;
}

export function setEditingText(d: StoryDraft, text: string): void {
  if (d.textEdit !== 'editing') return;
  d.editingText = text.slice(0, STORY_TEXT_MAX_LENGTH);
}

/** Done: saves the text; saving empty text resets it (colour, size and transform included). */
export function saveText(d: StoryDraft, now: number): void {
  if (d.textEdit !== 'editing') return;
  if (d.editStartedAt !== null) d.logData.text_edit_duration += Math.max(0, now - d.editStartedAt);
  d.editStartedAt = null;
  const text = d.editingText.trim();
  d.editingText = '';
  if (text === '') {
    d.activeText = initialActiveText();
    d.textEdit = 'none';
    return;
  }
  d.activeText.rawText = text;
  d.textEdit = 'saved';
}

export function setTextColor(d: StoryDraft, color: string): void {
  if (!canEdit(d) || d.textEdit === 'none' || !isStoryTextColor(color)) return;
  d.activeText.color = color;
}

export function setFontSize(d: StoryDraft, fontSize: number): void {
  if (!canEdit(d) || d.textEdit === 'none' || !Number.isFinite(fontSize)) return;
  d.activeText.fontSize = clamp(fontSize, STORY_MIN_FONT_SIZE, STORY_MAX_FONT_SIZE);
}

// ── Move, scale, rotate (saved text only) ───────────────────────────────────────────────────

export interface TextTransformDelta {
  dx?: number;
  dy?: number;
  /** Multiplies the scale (pinch, wheel); the result is capped. */
  scaleBy?: number;
  /** Radians added to the rotation. */
  rotateBy?: number;
}

/** Applies a move/pinch/wheel step. The centre stays on the canvas so the text can be grabbed. */
export function transformText(d: StoryDraft, delta: TextTransformDelta): void {
  if (!canEdit(d) || !hasSavedText(d)) return;
  const t = d.activeText;
  const { width, height } = d.canvasSize;
  const dx = Number.isFinite(delta.dx) ? (delta.dx ?? 0) : 0;
  const dy = Number.isFinite(delta.dy) ? (delta.dy ?? 0) : 0;
  if (dx !== 0 || dy !== 0) {
    t.position = { x: clamp(t.position.x + dx, 0, width), y: clamp(t.position.y + dy, 0, height) };
  }
  const scaleBy = delta.scaleBy ?? 1;
  if (Number.isFinite(scaleBy) && scaleBy > 0 && scaleBy !== 1) {
    t.scale = clamp(t.scale * scaleBy, STORY_TEXT_MIN_SCALE, STORY_TEXT_MAX_SCALE);
  }
  const rotateBy = delta.rotateBy ?? 0;
  if (Number.isFinite(rotateBy) && rotateBy !== 0)
    t.rotation = normalizeAngle(t.rotation + rotateBy);
}

export const moveText = (d: StoryDraft, dx: number, dy: number) => transformText(d, { dx, dy });
export const scaleText = (d: StoryDraft, factor: number) => transformText(d, { scaleBy: factor });

/** Keeps the angle in (−π, π] so it never grows without bound. */
export function normalizeAngle(angle: number): number {
  const turn = 2 * Math.PI;
  const a = ((((angle + Math.PI) % turn) + turn) % turn) - Math.PI;
  return a === -Math.PI ? Math.PI : a;
}

/** What configure_to_story records about the text ("story upload id and text data"). */
export function storyTextData(d: StoryDraft): Record<string, unknown> | null {
  if (!hasSavedText(d)) return null;
  const t = d.activeText;
  return {
    rawText: t.rawText,
    color: t.color,
    fontSize: Math.round(t.fontSize * 100) / 100,
    weight: t.weight,
    position: { x: Math.round(t.position.x), y: Math.round(t.position.y) },
    rotation: Math.round(t.rotation * 1000) / 1000,
    scale: Math.round(t.scale * 1000) / 1000,
    canvas: { ...d.canvasSize },
  };
}

// ── Entry ───────────────────────────────────────────────────────────────────────────────────

export type StoryNavigate = (to: string) => unknown;
export const STORY_CREATE_PATH = '/create/story/';

/**
 * The nav's "New story" picked a file: it waits in the store for the composer route, which
 * processes it once the viewport allows (spec §4: enter only when not landscape). The nav loads
 * this module when "New story" is pressed, not with the page.
 */
export function startStory(file: File, navigate: StoryNavigate, entryPoint?: string): void {
  Object.assign(storyDraft, initialStoryDraft(Date.now(), entryPoint));
  storyDraft.sourceFile = ref(file);
  navigate(STORY_CREATE_PATH);
}

export interface ViewportFacts {
  width: number;
  height: number;
  /** The primary pointer is a finger (`(pointer: coarse)`): a phone or tablet. */
  coarsePointer: boolean;
}

/**
 * Spec §2/§5: story creation is refused in a landscape viewport. Only a touch device in landscape
 * is refused: a desktop window is nearly always wider than tall, yet nobody holds it sideways,
 * so there the composer shows in a centred 9:16 frame and the window counts as portrait.
 */
export const isLandscapeRefused = (v: ViewportFacts) => v.coarsePointer && v.width > v.height;
