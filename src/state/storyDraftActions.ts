/**
 * Actions of story creation (content spec §4 "Story creation"): enter → image processing →
 * composer → upload → finalize → success toast then home; a failure gives a toast with Retry;
 * exit goes through attempt → cancel or exit. Components call these, never the store directly.
 */
import { ref } from 'valtio';
import { isAbortError, serverMessage } from '../api/client';
import { configureToStory, newStoryUploadId, uploadStoryPhoto } from '../api/storyCreate';
import { MediaError, encodeStory, fitStory } from '../media/mediaClient';
import {
  addTextLayer,
  beginTextEdit,
  deleteText,
  initialStoryDraft,
  remember,
  saveText,
  selectText,
  setEditingText,
  setFontSize,
  setTextAlign,
  setTextBackground,
  setTextBox,
  setTextColor,
  setTextFont,
  storyDraft,
  storyTextData,
  transformText,
  undo,
  type Point,
  type StoryDraft,
  type StoryNavigate,
  type StoryTool,
  type TextTransformDelta,
} from './storyDraft';
import { beginStroke, extendStroke, setPenColor, setPenWidth, setTool } from './storyPen';
import type { Size } from './storyLayers';
import { showToast } from './toast';

/** Spec §8 "Story image processing failure: toast" (its text is not given; this is ours). */
export const STORY_PROCESSING_FAILED = "This photo couldn't be used for a story. Try another one.";
export const STORY_SHARED_TOAST = 'Your story was shared.';
export const STORY_SHARE_FAILED = "Your story couldn't be shared.";

/** The composer surface, as far as sharing needs it. */
export interface StoryCompositeSource {
  /** The finished 1080×1920 frame. */
  renderComposite(): Promise<ImageBitmap>;
}

// Every job of a draft listens to this signal: leaving the flow stops them all, and a late
// answer cannot write into the next draft.
let lifetime = new AbortController();

export function resetStoryDraft(): void {
  lifetime.abort();
  lifetime = new AbortController();
  storyDraft.image?.close();
  Object.assign(storyDraft, initialStoryDraft());
}

/** A file chosen on the composer route itself (opened directly, or after a reload). */
export function chooseStoryFile(file: File): void {
  resetStoryDraft();
  storyDraft.logData.start_time = Date.now();
  storyDraft.sourceFile = ref(file);
}

/** Image processing: the worker decodes the file upright and covers the 1080×1920 canvas. */
export async function processStoryImage(): Promise<boolean> {
  const file = storyDraft.sourceFile;
  if (!file || storyDraft.phase !== 'choosing') return false;
  const signal = lifetime.signal;
  storyDraft.phase = 'processing';
  try {
    const fitted = await fitStory(file, signal);
    if (signal.aborted) {
      fitted.bitmap.close();
      return false;
    }
    storyDraft.image = ref(fitted.bitmap);
    storyDraft.imageOrientation = fitted.orientation;
    storyDraft.location = fitted.gps;
    storyDraft.sourceFile = null;
    storyDraft.phase = 'composing';
    return true;
  } catch (error) {
    if (isAbortError(error) || signal.aborted) return false;
    // Spec §8: a toast, and the error is reported.
    console.error('Story image processing failure', error);
    storyDraft.sourceFile = null;
    storyDraft.phase = 'choosing';
    const specific = error instanceof MediaError && error.code !== 'worker_failed';
    showToast({ text: specific ? error.message : STORY_PROCESSING_FAILED });
    return false;
  }
}

// ── Text ────────────────────────────────────────────────────────────────────────────────────

/** Edits the selected text, or starts a new one when none is selected. */
export const addOrEditText = () => beginTextEdit(storyDraft, Date.now());
/** Always a new text layer (the toolbar's Aa once some text exists). */
export const addNewText = () => addTextLayer(storyDraft, Date.now());
export const editText = (text: string) => setEditingText(storyDraft, text);
export const doneEditingText = () => saveText(storyDraft, Date.now());
export const pickTextColor = (color: string) => setTextColor(storyDraft, color);
export const pickFontSize = (size: number) => setFontSize(storyDraft, size);
export const pickTextFont = (font: string) => setTextFont(storyDraft, font);
export const pickTextAlign = (align: string) => setTextAlign(storyDraft, align);
export const pickTextBackground = (background: string) => setTextBackground(storyDraft, background);
export const chooseText = (id: number | null) => selectText(storyDraft, id);
export const removeText = () => deleteText(storyDraft);
/** Keyboard steps: a run of presses of one kind is one undo step. */
export const moveTextBy = (dx: number, dy: number) =>
  transformText(storyDraft, { dx, dy }, 'key-move');
export const keyTransformText = (delta: TextTransformDelta, kind: string) =>
  transformText(storyDraft, delta, kind);
export const transformTextBy = (delta: TextTransformDelta) => transformText(storyDraft, delta);
export const rememberBeforeGesture = () => remember(storyDraft);
export const measuredText = (id: number, box: Size) => setTextBox(storyDraft, id, box);
export const pickTool = (tool: StoryTool) => setTool(storyDraft, tool);
export const pickPenColor = (color: string) => setPenColor(storyDraft, color);
export const pickPenWidth = (width: string) => setPenWidth(storyDraft, width);
export const penDown = (point: Point) => beginStroke(storyDraft, point);
export const penMove = (point: Point) => extendStroke(storyDraft, point);
export const undoLast = () => undo(storyDraft);

// ── Share ───────────────────────────────────────────────────────────────────────────────────

/** Identifies what the picture shows, so Retry re-uses the upload only if nothing changed. */
const compositionKey = (d: StoryDraft) => JSON.stringify([d.texts, d.strokes]);
let uploadedComposition: string | null = null;

/** Encodes in the media worker; only if the worker itself fails, once more on this thread. */
async function encodeComposite(source: StoryCompositeSource, signal: AbortSignal): Promise<Blob> {
  try {
    return await encodeStory(await source.renderComposite(), signal);
  } catch (error) {
    if (!(error instanceof MediaError) || error.code !== 'worker_failed') throw error;
    console.warn('Story encode worker failed; encoding on the main thread.', error);
    const { encodeStory: encodeHere } = await import('../../workers/story');
    return encodeHere(await source.renderComposite());
  }
}

/** Upload (with progress), then finalize; success → toast and home, failure → toast + Retry. */
export async function shareStory(
  source: StoryCompositeSource,
  navigate: StoryNavigate,
): Promise<boolean> {
  if (storyDraft.phase !== 'composing') return false;
  if (storyDraft.textEdit === 'editing') saveText(storyDraft, Date.now());
  const signal = lifetime.signal;
  const upload = storyDraft.upload;
  if (uploadedComposition !== compositionKey(storyDraft)) {
    upload.blob = null;
    upload.uploadedId = null;
  }
  storyDraft.phase = 'uploading';
  upload.progress = 0;
  try {
    let uploadId = upload.uploadedId;
    if (!uploadId) {
      const key = compositionKey(storyDraft);
      const blob = upload.blob ?? (await encodeComposite(source, signal));
      upload.blob = ref(blob);
      storyDraft.logData.save_media_count += 1;
      const id = newStoryUploadId();
      storyDraft.logData.upload_id = id;
      uploadId = await uploadStoryPhoto(id, blob, {
        signal,
        onUploadProgress: (p) => {
          if (!signal.aborted) upload.progress = p.fraction;
        },
      });
      upload.uploadedId = uploadId;
      uploadedComposition = key;
    }
    if (signal.aborted) return false;
    storyDraft.phase = 'finalizing';
    upload.progress = 1;
    await configureToStory(
      {
        uploadId,
        textData: storyTextData(storyDraft),
        entryPoint: storyDraft.logData.entry_point,
      },
      signal,
    );
    if (signal.aborted) return false;
    storyDraft.phase = 'shared';
    uploadedComposition = null;
    showToast({ text: STORY_SHARED_TOAST, persistOnNavigate: true });
    resetStoryDraft();
    navigate('/');
    return true;
  } catch (error) {
    if (isAbortError(error) || signal.aborted) return false;
    // Spec §8 "Story upload failure: toast with retry".
    console.error('Story upload failure', error);
    storyDraft.phase = 'composing';
    showToast({
      text: serverMessage(error) ?? STORY_SHARE_FAILED,
      actionText: 'Retry',
      onAction: () => void shareStory(source, navigate),
    });
    return false;
  }
}

// ── Exit ────────────────────────────────────────────────────────────────────────────────────

/** Close pressed: 'exit' when nothing would be lost, otherwise the "Discard story?" dialog. */
export function attemptExit(): 'exit' | 'confirm' {
  if (storyDraft.phase === 'choosing' || storyDraft.phase === 'shared') {
    resetStoryDraft();
    return 'exit';
  }
  storyDraft.exit = 'attempt';
  return 'confirm';
}

export function cancelExit(): void {
  storyDraft.exit = 'none';
}

/** Discards the draft (an upload in flight is aborted); the caller navigates away. */
export function confirmExit(): void {
  resetStoryDraft();
}
