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
import { STORY_TEXT_MAX_LENGTH } from '../../common/limits';
import { STORY_CANVAS_HEIGHT, STORY_CANVAS_WIDTH, STORY_DEFAULT_TEXT_COLOR } from '../lib/tokens';
import {
  STORY_ALIGNS,
  STORY_BACKGROUNDS,
  STORY_FONTS,
  STORY_UNDO_LIMIT,
  clampInside,
  copyComposition,
  fittingScale,
  type Size,
  type StoryComposition,
  type StoryTextLayer,
} from './storyLayers';
import {
  STORY_DEFAULT_FONT_SIZE,
  STORY_ENTRY_POINT_DEFAULT,
  STORY_MAX_FONT_SIZE,
  STORY_MAX_TEXTS,
  STORY_MIN_FONT_SIZE,
  STORY_TEXT_MAX_SCALE,
  STORY_TEXT_MIN_SCALE,
  isStoryTextColor,
  type StoryDraft,
  type StoryTextEdit,
  type StoryTextLook,
} from './storyDraftModel';

export * from './storyDraftModel';
export { storyTextData } from './storyTextData';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

export const initialTextLook = (): StoryTextLook => ({
  color: STORY_DEFAULT_TEXT_COLOR,
  fontSize: STORY_DEFAULT_FONT_SIZE,
  font: 'classic',
  align: 'center',
  background: 'none',
});

export function initialStoryDraft(now = 0, entryPoint = STORY_ENTRY_POINT_DEFAULT): StoryDraft {
  return {
    phase: 'choosing',
    sourceFile: null,
    image: null,
    canvasSize: { width: STORY_CANVAS_WIDTH, height: STORY_CANVAS_HEIGHT },
    imageOrientation: 1,
    location: null,
    tool: 'text',
    textEdit: 'none',
    selectedId: null,
    nextId: 1,
    texts: [],
    look: initialTextLook(),
    textBoxes: ref({}),
    pen: { color: STORY_DEFAULT_TEXT_COLOR, width: 'medium' },
    strokes: [],
    history: ref([]),
    undoCount: 0,
    editingText: '',
    editStartedAt: null,
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

interface LayerList<T> {
  readonly texts: readonly T[];
  readonly selectedId: number | null;
}

export const selectedText = <T extends { readonly id: number }>(d: LayerList<T>): T | undefined =>
  d.texts.find((t) => t.id === d.selectedId);

/** Spec §5: "move and scale need saved text": a selected layer that is not being typed into. */
export const hasSavedText = (
  d: LayerList<{ readonly id: number; readonly rawText: string }> & {
    readonly textEdit: StoryTextEdit;
  },
) => d.textEdit === 'saved' && (selectedText(d)?.rawText ?? '') !== '';

// ── Undo ────────────────────────────────────────────────────────────────────────────────────

/** Remembers the layers and strokes before a change; the same `key` twice in a row is one step. */
export function remember(d: StoryDraft, key: string | null = null): void {
  const last = d.history[d.history.length - 1];
  if (key !== null && last?.key === key) return;
  d.history.push({ composition: copyComposition(d), key });
  if (d.history.length > STORY_UNDO_LIMIT) d.history.shift();
  d.undoCount = d.history.length;
}

/** Ends a run of same-key steps, so the next one is undone on its own. */
function closeRun(d: StoryDraft): void {
  const last = d.history[d.history.length - 1];
  if (last) last.key = null;
}

export const canUndo = (d: Pick<StoryDraft, 'undoCount' | 'textEdit' | 'phase'>) =>
  d.phase === 'composing' && d.textEdit !== 'editing' && d.undoCount > 0;

/** Takes back the last change to the text layers or the drawing. */
export function undo(d: StoryDraft): void {
  if (!canUndo(d)) return;
  const entry = d.history.pop();
  d.undoCount = d.history.length;
  if (!entry) return;
  d.texts = entry.composition.texts;
  d.strokes = entry.composition.strokes;
  if (!selectedText(d)) {
    d.selectedId = null;
    d.textEdit = 'none';
  }
}

// ── Text edit ───────────────────────────────────────────────────────────────────────────────

/** The composition before the current edit session, remembered once the edit changes anything. */
let beforeEdit: StoryComposition | null = null;

function startEditing(d: StoryDraft, now: number): void {
  const layer = selectedText(d);
  d.textEdit = 'editing';
  d.tool = 'text';
  d.editingText = layer?.rawText ?? '';
  d.editStartedAt = now;
  d.logData.text_edit_count += 1;
}

/** Opens the editor: on the selected layer, or on a new one in the middle of the picture. */
export function beginTextEdit(d: StoryDraft, now: number): void {
  if (!canEdit(d) || d.textEdit === 'editing') return;
  if (!selectedText(d)) {
    addTextLayer(d, now);
    return;
  }
  beforeEdit = copyComposition(d);
  startEditing(d, now);
}

/** A new, empty text layer in the middle, in the last style chosen, and its editor. */
export function addTextLayer(d: StoryDraft, now: number): void {
  if (!canEdit(d) || d.textEdit === 'editing' || d.texts.length >= STORY_MAX_TEXTS) return;
  beforeEdit = copyComposition(d);
  const { width, height } = d.canvasSize;
  const layer: StoryTextLayer = {
    id: d.nextId,
    ...d.look,
    position: { x: width / 2, y: height / 2 },
    rotation: 0,
    scale: 1,
    rawText: '',
  };
  d.nextId += 1;
  d.texts.push(layer);
  d.selectedId = layer.id;
  startEditing(d, now);
}

/** Selects a layer (a tap on it), so it can be moved or edited. */
export function selectText(d: StoryDraft, id: number | null): void {
  if (!canEdit(d) || d.textEdit === 'editing') return;
  const layer = d.texts.find((t) => t.id === id);
  d.selectedId = layer ? layer.id : null;
  d.textEdit = layer ? 'saved' : 'none';
  if (layer) d.tool = 'text';
  closeRun(d);
}

export function setEditingText(d: StoryDraft, text: string): void {
  if (d.textEdit !== 'editing') return;
  d.editingText = text.slice(0, STORY_TEXT_MAX_LENGTH);
}

/** Done: saves the text; saving empty text removes the layer. One undo step for the session. */
export function saveText(d: StoryDraft, now: number): void {
  if (d.textEdit !== 'editing') return;
  if (d.editStartedAt !== null) d.logData.text_edit_duration += Math.max(0, now - d.editStartedAt);
  d.editStartedAt = null;
  const text = d.editingText.trim();
  d.editingText = '';
  const layer = selectedText(d);
  if (text === '' || !layer) {
    d.texts = d.texts.filter((t) => t.id !== d.selectedId);
    d.selectedId = null;
    d.textEdit = 'none';
  } else {
    layer.rawText = text;
    d.textEdit = 'saved';
  }
  const before = beforeEdit;
  beforeEdit = null;
  if (before && JSON.stringify(before) !== JSON.stringify(copyComposition(d))) {
    d.history.push({ composition: before, key: null });
    if (d.history.length > STORY_UNDO_LIMIT) d.history.shift();
    d.undoCount = d.history.length;
  }
}

/** Removes the selected layer. */
export function deleteText(d: StoryDraft): void {
  if (!canEdit(d) || d.textEdit !== 'saved' || !selectedText(d)) return;
  remember(d);
  d.texts = d.texts.filter((t) => t.id !== d.selectedId);
  d.selectedId = null;
  d.textEdit = 'none';
}

/**
 * Changes one style field of the selected layer (and of the next new text). Outside an edit
 * session it is an undo step; a run of changes to one field (a slider drag) is one step.
 */
function restyle<K extends keyof StoryTextLook>(d: StoryDraft, key: K, value: StoryTextLook[K]) {
  if (!canEdit(d) || d.textEdit === 'none') return;
  const layer = selectedText(d);
  if (!layer) return;
  if (d.textEdit === 'saved' && layer[key] !== value) remember(d, `${key}:${layer.id}`);
  (layer as StoryTextLook)[key] = value;
  d.look[key] = value;
  fitText(d, layer.id);
}

export function setTextColor(d: StoryDraft, color: string): void {
  if (isStoryTextColor(color)) restyle(d, 'color', color);
}

export function setFontSize(d: StoryDraft, fontSize: number): void {
  if (!Number.isFinite(fontSize)) return;
  restyle(d, 'fontSize', clamp(fontSize, STORY_MIN_FONT_SIZE, STORY_MAX_FONT_SIZE));
}

export function setTextFont(d: StoryDraft, font: string): void {
  const found = STORY_FONTS.find((f) => f.name === font);
  if (found) restyle(d, 'font', found.name);
}

export function setTextAlign(d: StoryDraft, align: string): void {
  const found = STORY_ALIGNS.find((a) => a.name === align);
  if (found) restyle(d, 'align', found.name);
}

export function setTextBackground(d: StoryDraft, background: string): void {
  const found = STORY_BACKGROUNDS.find((b) => b.name === background);
  if (found) restyle(d, 'background', found.name);
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

/** The composer measured a layer's laid-out size: keep the layer inside the picture. */
export function setTextBox(d: StoryDraft, id: number, box: Size): void {
  const known = d.textBoxes[id];
  if (known && known.width === box.width && known.height === box.height) return;
  d.textBoxes[id] = { width: box.width, height: box.height };
  fitText(d, id);
}

/** Caps the layer's scale to what fits in the picture and moves it back inside. */
function fitText(d: StoryDraft, id: number): void {
  const layer = d.texts.find((t) => t.id === id);
  const box = d.textBoxes[id];
  if (!layer || !box) return;
  // A text too big for the picture even at the minimum scale is shrunk below it to fit.
  const most = Math.min(STORY_TEXT_MAX_SCALE, fittingScale(box, layer.rotation, d.canvasSize));
  const scale = clamp(layer.scale, Math.min(STORY_TEXT_MIN_SCALE, most), most);
  if (scale !== layer.scale) layer.scale = scale;
  const inside = clampInside(layer.position, box, layer.scale, layer.rotation, d.canvasSize);
  if (inside.x !== layer.position.x || inside.y !== layer.position.y) layer.position = inside;
}

/**
 * Applies a move/pinch/wheel/key step to the selected layer. `undoKey` groups steps into one
 * undo step (a gesture remembers once at its start and passes no key).
 */
export function transformText(d: StoryDraft, delta: TextTransformDelta, undoKey?: string): void {
  if (!canEdit(d) || !hasSavedText(d)) return;
  const t = selectedText(d);
  if (!t) return;
  if (undoKey !== undefined) remember(d, `${undoKey}:${t.id}`);
  const dx = Number.isFinite(delta.dx) ? (delta.dx ?? 0) : 0;
  const dy = Number.isFinite(delta.dy) ? (delta.dy ?? 0) : 0;
  if (dx !== 0 || dy !== 0) t.position = { x: t.position.x + dx, y: t.position.y + dy };
  const scaleBy = delta.scaleBy ?? 1;
  if (Number.isFinite(scaleBy) && scaleBy > 0 && scaleBy !== 1) {
    t.scale = clamp(t.scale * scaleBy, STORY_TEXT_MIN_SCALE, STORY_TEXT_MAX_SCALE);
  }
  const rotateBy = delta.rotateBy ?? 0;
  if (Number.isFinite(rotateBy) && rotateBy !== 0)
    t.rotation = normalizeAngle(t.rotation + rotateBy);
  const { width, height } = d.canvasSize;
  // Before the first measurement only the centre is kept on the picture.
  t.position = { x: clamp(t.position.x, 0, width), y: clamp(t.position.y, 0, height) };
  fitText(d, t.id);
}

export const moveText = (d: StoryDraft, dx: number, dy: number) => transformText(d, { dx, dy });
export const scaleText = (d: StoryDraft, factor: number) => transformText(d, { scaleBy: factor });

/** Keeps the angle in (−π, π] so it never grows without bound. */
export function normalizeAngle(angle: number): number {
  const turn = 2 * Math.PI;
  const a = ((((angle + Math.PI) % turn) + turn) % turn) - Math.PI;
  return a === -Math.PI ? Math.PI : a;
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
