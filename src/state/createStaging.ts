/**
 * Staging and sharing of the photo creation session (content spec §4 "Photo creation", §8):
 * leaving the style step renders the export from the ORIGINAL file and starts the tus upload in
 * the background; share waits for it, then configures the post.
 */
import {
  configurePost,
  configureSidecar,
  ConfigureError,
  type ConfiguredMedia,
} from '../api/media';
import { isAbortError, RequestError, serverMessage } from '../api/client';
import { exportPhoto, MediaError, type PhotoEdits } from '../media/mediaClient';
import { newUploadId, startUpload, UploadError } from '../media/uploader';
import { showToast } from './toast';
import {
  emptyStagedImage,
  keep,
  photoCreation as session,
  photoCropRect,
  resetSession,
  saveActivePhoto,
  sessionCropRect,
  sessionSignal,
  type SessionPhoto,
  type StagedImage,
} from './create';

export type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

export const SHARED_TOAST = 'Your post has been shared.';
export const OFFLINE_TOAST = "You're offline. Your post wasn't shared.";
export const SHARE_FAILED_TOAST = "Your photo couldn't be shared.";
export const UPLOAD_FAILED_TEXT = "Your photo couldn't be uploaded.";
export const PROCESSING_FAILED_TOAST = "This photo couldn't be processed. Try another photo.";

/** The background export + upload of one set of edits (bookkeeping, not rendered state). */
interface StagingJob {
  controller: AbortController;
  /** Resolves with the upload_id once the file is on the server. */
  done: Promise<string>;
}

/** What one photo's staging needs: its file, its edits, and where it reports. */
interface StagingTarget {
  key: string;
  file: File;
  edits: PhotoEdits;
  staged: StagedImage;
}

/** One job per photo of the session, by its key: a carousel's photos stage side by side. */
const jobs = new Map<string, StagingJob>();

/**
 * Exports at once, at most. The worker pool has its own size; this keeps a carousel's photos
 * from queueing all their full-resolution decodes at the same moment (memory), and lets the first
 * photos reach the uploader sooner.
 */
const MAX_PARALLEL_EXPORTS = 2;
let runningExports = 0;
const waitingExports: (() => void)[] = [];

const aborted = () => new DOMException('Replaced', 'AbortError');

/** Rejects as soon as `signal` aborts, so an ended job never holds a slot. */
function untilAborted(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    if (signal.aborted) reject(aborted());
    signal.addEventListener('abort', () => reject(aborted()), { once: true });
  });
}

async function withExportSlot<T>(signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  const stop = untilAborted(signal);
  stop.catch(() => undefined);
  if (runningExports >= MAX_PARALLEL_EXPORTS) {
    let wake = () => {};
    const turn = new Promise<void>((resolve) => (wake = resolve));
    waitingExports.push(wake);
    try {
      await Promise.race([turn, stop]);
    } catch (error) {
      const index = waitingExports.indexOf(wake);
      // Still waiting: leave the queue. Already woken: the slot was handed over, give it back.
      if (index >= 0) waitingExports.splice(index, 1);
      else releaseExportSlot();
      throw error;
    }
  } else {
    runningExports += 1;
  }
  try {
    return await Promise.race([run(), stop]);
  } finally {
    releaseExportSlot();
  }
}

function releaseExportSlot(): void {
  const next = waitingExports.shift();
  if (next) next();
  else runningExports -= 1;
}

/** The edits the export is rendered from; null before a photo is chosen. */
export function currentEdits(): PhotoEdits | null {
  const crop = sessionCropRect(session);
  if (!crop) return null;
  return {
    crop,
    rotationAngle: session.croppedImage.rotationAngle,
    filterName: session.filterName,
    strength: session.strength,
    adjustments: { ...session.adjustments },
    straighten: session.straighten,
  };
}

const activeKey = () => session.photos[session.activePhoto]?.key ?? 'photo';

function activeTarget(): StagingTarget | null {
  const source = session.sourceImage;
  const edits = currentEdits();
  if (!source || !edits) return null;
  return { key: activeKey(), file: source.file, edits, staged: session.stagedImage };
}

function photoTarget(photo: SessionPhoto): StagingTarget | null {
  const crop = photoCropRect(photo, session.aspect);
  if (!photo.sourceImage || !crop) return null;
  return {
    key: photo.key,
    file: photo.sourceImage.file,
    edits: {
      crop,
      rotationAngle: photo.croppedImage.rotationAngle,
      filterName: photo.filterName,
      strength: photo.strength,
      adjustments: { ...photo.adjustments },
      straighten: photo.straighten,
    },
    staged: photo.stagedImage,
  };
}

let lastUploadId = 0;

/** A carousel starts several uploads within one millisecond: each still needs its own id. */
function uniqueUploadId(): string {
  lastUploadId = Math.max(Number(newUploadId()), lastUploadId + 1);
  return String(lastUploadId);
}

function editsKeyOf(edits: PhotoEdits): string {
  return JSON.stringify([
    edits.crop,
    edits.rotationAngle,
    edits.filterName,
    edits.strength,
    edits.adjustments ?? null,
    edits.straighten ?? 0,
  ]);
}

/** Stops this photo's job when it is replaced or the session ends. */
function jobController(key: string): AbortController {
  jobs.get(key)?.controller.abort();
  const controller = new AbortController();
  const signal = sessionSignal();
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  return controller;
}

function uploadStaged(
  staged: StagedImage,
  blob: Blob,
  controller: AbortController,
): Promise<string> {
  const uploadId = staged.uploadId ?? uniqueUploadId();
  staged.uploadId = uploadId;
  staged.error = null;
  staged.isStaging = true;
  const upload = startUpload(blob, {
    uploadId,
    onProgress: ({ bytesSent, bytesTotal }) => {
      if (!controller.signal.aborted && bytesTotal > 0) staged.progress = bytesSent / bytesTotal;
    },
  });
  controller.signal.addEventListener('abort', () => upload.abort(), { once: true });
  return upload.done.then(
    (finalId) => {
      if (!controller.signal.aborted) {
        Object.assign(staged, { uploadId: finalId, isStaging: false, progress: 1 });
      }
      return finalId;
    },
    (error: unknown) => {
      if (!controller.signal.aborted && !isAbortError(error)) {
        staged.isStaging = false;
        staged.error = UPLOAD_FAILED_TEXT;
      }
      throw error;
    },
  );
}

/**
 * Exports a photo's edits and uploads them in the background. Idempotent: the same edits
 * already staged (or staging) are left alone; changed edits replace that photo's job.
 */
function stageTarget(target: StagingTarget, navigate: Navigate): Promise<string> {
  const { key, staged } = target;
  const editsKey = editsKeyOf(target.edits);
  const job = jobs.get(key);
  if (job && staged.editsKey === editsKey && !staged.error) return job.done;
  if (job && staged.editsKey === editsKey && staged.blob) return retryTarget(target);

  const controller = jobController(key);
  Object.assign(staged, emptyStagedImage(), { editsKey, isStaging: true });
  const done = withExportSlot(controller.signal, () =>
    exportPhoto(target.file, target.edits, controller.signal),
  ).then(
    ({ blob }) => {
      if (controller.signal.aborted) throw new DOMException('Replaced', 'AbortError');
      staged.blob = keep(blob);
      return uploadStaged(staged, blob, controller);
    },
    (error: unknown) => {
      if (!controller.signal.aborted && !isAbortError(error)) {
        // Spec §8 "Selected image processing failure": a toast and back to the start, never a
        // blank post.
        resetSession();
        const text = error instanceof MediaError ? error.message : PROCESSING_FAILED_TOAST;
        showToast({ text, persistOnNavigate: true });
        navigate('/', { replace: true });
      }
      throw error;
    },
  );
  // Background work: a failure is reported through the store, never as an unhandled rejection.
  done.catch(() => undefined);
  jobs.set(key, { controller, done });
  return done;
}

function retryTarget(target: Pick<StagingTarget, 'key' | 'staged'>): Promise<string> {
  const blob = target.staged.blob;
  if (!blob) return Promise.reject(new UploadError(UPLOAD_FAILED_TEXT, false, 0));
  const controller = jobController(target.key);
  const done = uploadStaged(target.staged, blob, controller);
  done.catch(() => undefined);
  jobs.set(target.key, { controller, done });
  return done;
}

/** Exports the edited photo and uploads it in the background (see stageTarget). */
export function stage(navigate: Navigate): Promise<string> | null {
  const target = activeTarget();
  return target ? stageTarget(target, navigate) : null;
}

/** Stages a photo of the carousel that is not the one being edited (the member moved on). */
export function stagePhoto(photo: SessionPhoto, navigate: Navigate): Promise<string> | null {
  const target = photoTarget(photo);
  return target ? stageTarget(target, navigate) : null;
}

/** Stops a removed photo's export or upload. */
export function dropStagingJob(key: string): void {
  jobs.get(key)?.controller.abort();
  jobs.delete(key);
}

/** Spec §4 "On an upload error the user can retry": resumes from the last acknowledged offset. */
export function retryUpload(): Promise<string> | null {
  if (!session.stagedImage.blob) return null;
  return retryTarget({ key: activeKey(), staged: session.stagedImage });
}

/**
 * A carousel on the details step: every photo exports and uploads while the caption is written
 * (background work: failures show through each photo's stagedImage).
 */
export function stageCarousel(navigate: Navigate): void {
  stageAll(navigate)?.catch(() => undefined);
}

/** Retry of every carousel photo whose upload failed. */
export function retryFailedUploads(): void {
  saveActivePhoto(session);
  for (const photo of session.photos) {
    if (photo.stagedImage.error && photo.stagedImage.blob) {
      retryTarget({ key: photo.key, staged: photo.stagedImage }).catch(() => undefined);
    }
  }
}

/** Every photo's upload_id, in order, staging or retrying whichever needs it. */
function stageAll(navigate: Navigate): Promise<string[]> | null {
  saveActivePhoto(session);
  const pending = session.photos.map((photo, i) => {
    const target = i === session.activePhoto ? activeTarget() : photoTarget(photo);
    if (!target) return null;
    return target.staged.error && target.staged.blob
      ? retryTarget(target)
      : stageTarget(target, navigate);
  });
  if (pending.some((p) => p === null)) return null;
  return Promise.all(pending as Promise<string>[]);
}

async function sharePhoto(navigate: Navigate): Promise<ConfiguredMedia | null> {
  const signal = sessionSignal();
  const pending = session.stagedImage.error ? retryUpload() : stage(navigate);
  if (!pending) throw new Error(SHARE_FAILED_TOAST);
  const uploadId = await pending;
  if (signal.aborted) return null;
  return configurePost({
    uploadId,
    caption: session.caption.trim(),
    accessibilityCaption: session.accessibilityCaption.trim(),
    geoTag: session.geoTag,
    userTags: session.userTags,
  });
}

/** A carousel: every photo staged (in parallel, bounded), then one configure_sidecar. */
async function shareCarousel(navigate: Navigate): Promise<ConfiguredMedia | null> {
  const signal = sessionSignal();
  const pending = stageAll(navigate);
  if (!pending) throw new Error(SHARE_FAILED_TOAST);
  const uploadIds = await pending;
  if (signal.aborted) return null;
  return configureSidecar({
    children: session.photos.map((photo, i) => ({
      uploadId: uploadIds[i],
      accessibilityCaption: photo.accessibilityCaption.trim(),
    })),
    caption: session.caption.trim(),
    geoTag: session.geoTag,
    userTags: session.userTags,
  });
}

function isOffline(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return true;
  if (error instanceof UploadError) return error.offline;
  return error instanceof RequestError && error.networkError;
}

/**
 * Share: waits for the staged upload (starting or retrying it if needed), then configures the
 * post. Success → home with a toast; offline → OK toast and home; other failures → Retry toast.
 */
export async function share(navigate: Navigate): Promise<void> {
  const finalized = session.finalizedImage;
  if (finalized.isFinalizing || !session.sourceImage) return;
  const signal = sessionSignal();
  finalized.isFinalizing = true;
  const retry = () => void share(navigate);
  try {
    const media =
      session.photos.length > 1 ? await shareCarousel(navigate) : await sharePhoto(navigate);
    if (!media) return;
    if (signal.aborted) return;
    finalized.mediaKey = media.pk;
    showToast({ text: SHARED_TOAST, persistOnNavigate: true });
    navigate('/');
    resetSession();
  } catch (error) {
    // An ended session (reset, processing failure already reported) is silent.
    if (signal.aborted) return;
    finalized.isFinalizing = false;
    if (isAbortError(error)) return;
    if (isOffline(error)) {
      showToast({
        text: OFFLINE_TOAST,
        actionText: 'OK',
        onAction: () => {},
        persistOnNavigate: true,
      });
      navigate('/');
      resetSession();
    } else if (error instanceof ConfigureError) {
      showToast({ text: error.errorTitle, actionText: 'Retry', onAction: retry });
    } else if (error instanceof UploadError) {
      showToast({ text: UPLOAD_FAILED_TEXT, actionText: 'Retry', onAction: retry });
    } else {
      const text = serverMessage(error) ?? SHARE_FAILED_TOAST;
      showToast({ text, actionText: 'Retry', onAction: retry });
    }
  }
}
