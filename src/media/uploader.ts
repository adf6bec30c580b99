/**
 * The staged photo upload (DESIGN "Chunked upload"): tus 1.0 through tus-js-client against the
 * server's /create/upload/resumable/. Chunks of 512 KiB; a dropped request is retried from the
 * last acknowledged offset. Upload URLs are remembered in localStorage under a fingerprint of the
 * bytes (plus viewer and endpoint), so the same export after a reload or a server restart
 * resumes instead of starting over, and keeps the upload_id it was registered under.
 */
import { Upload, type DetailedError, type PreviousUpload, type UploadOptions } from 'tus-js-client';
import { getCsrfToken, getViewer } from '../lib/sharedData';

export const UPLOAD_ENDPOINT = '/create/upload/resumable/';
export const UPLOAD_CHUNK_SIZE = 512 * 1024;
/**
 * tus retries a failed request after these delays (ms). Short: a failure the retries don't fix
 * must show its error and Retry within 2 s, not after 20 s of "Uploading… 0%"; Retry (and the
 * connection coming back) resume from the last acknowledged offset. Offline, tus does not retry.
 */
export const UPLOAD_RETRY_DELAYS = [0, 400, 1000];

export interface UploadProgressEvent {
  bytesSent: number;
  bytesTotal: number;
}

export interface StartUploadOptions {
  /** The upload_id to register (a decimal string such as String(Date.now())). */
  uploadId: string;
  onProgress?: (progress: UploadProgressEvent) => void;
}

export interface StagedUpload {
  /** Resolves with the upload_id the server knows the finished file by. */
  done: Promise<string>;
  /** Stops the transfer; the partial upload stays resumable. Rejects `done` with an AbortError. */
  abort(): void;
}

/** The upload failed after its retries; `offline` when the browser had no connection. */
export class UploadError extends Error {
  override name = 'UploadError';
  constructor(
    message: string,
    readonly offline: boolean,
    readonly status: number,
  ) {
    super(message);
  }
}

export function newUploadId(): string {
  return String(Date.now());
}

/** FNV-1a: a cheap stand-in where SubtleCrypto is missing (pages served over plain http). */
function fnv1a(bytes: Uint8Array): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i], 0x01000193);
  return `fnv${(hash >>> 0).toString(16)}-${bytes.length}`;
}

async function contentHash(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  try {
    const digest = await crypto.subtle.digest('SHA-256', bytes);
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
  } catch {
    return fnv1a(bytes);
  }
}

async function contentFingerprint(blob: Blob): Promise<string> {
  // The viewer is part of it: another account in this browser must not adopt this upload.
  return ['glint-photo', getViewer()?.id ?? 'anon', await contentHash(blob), UPLOAD_ENDPOINT].join(
    ':',
  );
}

function toUploadError(error: Error | DetailedError): UploadError {
  const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return new UploadError(error.message, offline, status);
}

function abortError(): DOMException {
  return new DOMException('The upload was aborted.', 'AbortError');
}

/**
 * upload_ids this page is sending right now. Two photos of a carousel can export to the same
 * bytes (the same photo picked twice); the second must be an upload of its own, not a resume of
 * the first's, or both photos would name one upload_id and configure_sidecar refuses the post.
 */
const sending = new Set<string>();

/**
 * The most recent unfinished upload of the same bytes, if this browser remembers one that no
 * upload of this page is still sending.
 */
function latest(previous: PreviousUpload[]): PreviousUpload | null {
  const usable = previous.filter(
    (p) => p.uploadUrl && p.metadata?.upload_id && !sending.has(p.metadata.upload_id),
  );
  usable.sort((a, b) => Date.parse(b.creationTime) - Date.parse(a.creationTime));
  return usable[0] ?? null;
}

export function startUpload(blob: Blob, options: StartUploadOptions): StagedUpload {
  let upload: Upload | null = null;
  let aborted = false;
  let rejectDone: (error: unknown) => void = () => undefined;

  const done = new Promise<string>((resolve, reject) => {
    rejectDone = reject;
    void contentFingerprint(blob).then(async (fingerprint) => {
      if (aborted) return;
      let uploadId = options.uploadId;
      const tusOptions: UploadOptions = {
        endpoint: UPLOAD_ENDPOINT,
        chunkSize: UPLOAD_CHUNK_SIZE,
        retryDelays: UPLOAD_RETRY_DELAYS,
        metadata: { upload_id: uploadId, filename: `${uploadId}.jpg`, filetype: 'image/jpeg' },
        fingerprint: () => Promise.resolve(fingerprint),
        storeFingerprintForResuming: true,
        // A finished upload is handed to configure; it must never be "resumed" again.
        removeFingerprintOnSuccess: true,
        // Read the token per request: the server may rotate it while a long upload runs.
        onBeforeRequest: (req) => {
          req.setHeader('X-CSRFToken', getCsrfToken());
          req.setHeader('X-Requested-With', 'XMLHttpRequest');
        },
        onProgress: (bytesSent, bytesTotal) => options.onProgress?.({ bytesSent, bytesTotal }),
        onSuccess: () => {
          sending.delete(uploadId);
          resolve(uploadId);
        },
        onError: (error) => {
          sending.delete(uploadId);
          reject(aborted ? abortError() : toUploadError(error));
        },
      };
      upload = new Upload(blob, tusOptions);
      const previous = latest(await upload.findPreviousUploads().catch(() => []));
      if (aborted) return;
      if (previous) {
        // Same bytes seen before: continue that upload under the upload_id it was created with.
        uploadId = previous.metadata.upload_id;
        upload.options.metadata = { ...tusOptions.metadata, upload_id: uploadId };
        upload.resumeFromPreviousUpload(previous);
      }
      sending.add(uploadId);
      upload.start();
    }, reject);
  });

  return {
    done,
    abort() {
      if (aborted) return;
      aborted = true;
      sending.delete(upload?.options.metadata?.upload_id ?? options.uploadId);
      void upload?.abort(false);
      rejectDone(abortError());
    },
  };
}
