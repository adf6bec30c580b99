/**
 * Staging and sharing of the photo creation session (content spec §4 "Photo creation", §8):
 * leaving the style step renders the export from the ORIGINAL file and starts the tus upload in
 * the background; share waits for it, then configures the post.
 */
import { configurePost, ConfigureError } from '../api/media';
import { isAbortError, RequestError, serverMessage } from '../api/client';
import { exportPhoto, MediaError, type PhotoEdits } from '../media/mediaClient';
import { newUploadId, startUpload, UploadError } from '../media/uploader';
import { showToast } from './toast';
import {
  emptyStagedImage,
  keep,
  photoCreation as session,
  resetSession,
  sessionCropRect,
  sessionSignal,
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

let job: StagingJob | null = null;

/** The edits the export is rendered from; null before a photo is chosen. */
export function currentEdits(): PhotoEdits | null {
  const crop = sessionCropRect(session);
  if (!crop) return null;
  return {
    crop,
    rotationAngle: session.croppedImage.rotationAngle,
    filterName: session.filterName,
    strength: session.strength,
  };
}

function editsKeyOf(edits: PhotoEdits): string {
  return JSON.stringify([edits.crop, edits.rotationAngle, edits.filterName, edits.strength]);
}

/** Stops this job when it is replaced or the session ends. */
function jobController(): AbortController {
  job?.controller.abort();
  const controller = new AbortController();
  const signal = sessionSignal();
  signal.addEventListener('abort', () => controller.abort(), { once: true });
  return controller;
}

function uploadStaged(blob: Blob, controller: AbortController): Promise<string> {
  const staged = session.stagedImage;
  const uploadId = staged.uploadId ?? newUploadId();
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
 * Exports the current edits and uploads them in the background. Idempotent: the same edits
 * already staged (or staging) are left alone; changed edits replace the job.
 */
export function stage(navigate: Navigate): Promise<string> | null {
  const source = session.sourceImage;
  const edits = currentEdits();
  if (!source || !edits) return null;
  const key = editsKeyOf(edits);
  const staged = session.stagedImage;
  if (job && staged.editsKey === key && !staged.error) return job.done;
  if (job && staged.editsKey === key && staged.blob) return retryUpload();

  const controller = jobController();
  Object.assign(staged, emptyStagedImage(), { editsKey: key, isStaging: true });
  const done = exportPhoto(source.file, edits, controller.signal).then(
    ({ blob }) => {
      if (controller.signal.aborted) throw new DOMException('Replaced', 'AbortError');
      staged.blob = keep(blob);
      return uploadStaged(blob, controller);
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
  job = { controller, done };
  return done;
}

/** Spec §4 "On an upload error the user can retry": resumes from the last acknowledged offset. */
export function retryUpload(): Promise<string> | null {
  const blob = session.stagedImage.blob;
  if (!blob) return null;
  const controller = jobController();
  const done = uploadStaged(blob, controller);
  done.catch(() => undefined);
  job = { controller, done };
  return done;
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
    const pending = session.stagedImage.error ? retryUpload() : stage(navigate);
    if (!pending) throw new Error(SHARE_FAILED_TOAST);
    const uploadId = await pending;
    if (signal.aborted) return;
    const media = await configurePost({
      uploadId,
      caption: session.caption.trim(),
      accessibilityCaption: session.accessibilityCaption.trim(),
      geoTag: session.geoTag,
    });
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
