/**
 * The story draft's model (content spec §3 "Story draft"): its constants, its shape and the
 * story text colours. The store and the functions that change it are in storyDraft.ts, which
 * re-exports all of this.
 */
import type { GpsPosition } from '../../workers/exif';
import {
  STORY_CANVAS_CONSTANT,
  STORY_CANVAS_RATIO,
  STORY_TEXT_COLORS,
  type StoryTextColorName,
} from '../lib/tokens';
import type {
  Point,
  Size,
  StoryComposition,
  StoryPenWidth,
  StoryStroke,
  StoryTextLayer,
} from './storyLayers';
import { STORY_TEXT_MAX_LENGTH } from '../../common/limits';

export const STORY_MIN_FONT_SIZE = STORY_CANVAS_CONSTANT;
export const STORY_MAX_FONT_SIZE = STORY_CANVAS_CONSTANT * STORY_CANVAS_RATIO;
/** Big, as Instagram's first text: about a tenth of the picture's width per letter height. */
export const STORY_DEFAULT_FONT_SIZE = 40;
/** Canvas width divided by this gives the pixels of one story point. */
export const STORY_POINT_BASE_WIDTH = 375;
/** Spec §5 "Story text scale is capped at a maximum" (and the text never outgrows the picture). */
export const STORY_TEXT_MAX_SCALE = 4;
/** Below this the text is too small to read or to grab again. */
export const STORY_TEXT_MIN_SCALE = 0.3;
export { STORY_TEXT_MAX_LENGTH };
export const STORY_ENTRY_POINT_DEFAULT = 'quick_cam_button';
/** Text layers one story can hold. */
export const STORY_MAX_TEXTS = 10;

export type StoryCreationPhase =
  'choosing' | 'processing' | 'composing' | 'uploading' | 'finalizing' | 'shared';
/**
 * Spec §4 "Text edit: editing, then saved": 'editing' while the selected layer is typed into,
 * 'saved' while a layer is selected (it can be moved), 'none' with no layer selected.
 */
export type StoryTextEdit = 'none' | 'editing' | 'saved';
/** Spec §4 "Exit goes through attempt, cancel or exit". */
export type StoryExit = 'none' | 'attempt';
export type StoryTool = 'text' | 'pen';

export type { Point, StoryTextLayer, StoryStroke };

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

/** The style the next new text starts with (the last one chosen, as on Instagram). */
export type StoryTextLook = Pick<
  StoryTextLayer,
  'color' | 'fontSize' | 'font' | 'align' | 'background'
>;

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
  tool: StoryTool;
  textEdit: StoryTextEdit;
  /** The layer selected (being edited when textEdit is 'editing'). */
  selectedId: number | null;
  nextId: number;
  texts: StoryTextLayer[];
  look: StoryTextLook;
  /** Laid-out size of each layer at scale 1 (canvas px), measured by the composer. */
  textBoxes: Record<number, Size>;
  pen: { color: StoryTextColorName; width: StoryPenWidth };
  strokes: StoryStroke[];
  /** What undo restores, newest last (a ref: not watched); undoCount is its watched length. */
  history: UndoEntry[];
  undoCount: number;
  /** What the text editor holds while editing. */
  editingText: string;
  editStartedAt: number | null;
  logData: StoryLogData;
  upload: StoryUpload;
  exit: StoryExit;
}

export interface UndoEntry {
  composition: StoryComposition;
  /** Repeated steps of one kind (keys, a slider) make one undo step. */
  key: string | null;
}

export const isStoryTextColor = (name: string): name is StoryTextColorName =>
  STORY_TEXT_COLORS.some((c) => c.name === name);

export const storyTextColorValue = (name: StoryTextColorName): string =>
  STORY_TEXT_COLORS.find((c) => c.name === name)?.value ?? '#ffffff';

/** Pixels of `fontSize` story points on a canvas `canvasWidth` pixels wide. */
export const fontPixels = (fontSize: number, canvasWidth: number) =>
  (fontSize * canvasWidth) / STORY_POINT_BASE_WIDTH;
