/**
 * Upload bench: the same bytes through tus (chunked, resumable) and through the single-shot form
 * POST, from the page like the app would. Disconnects are made outside the page, by the bench's
 * loopback proxy cutting the sockets mid-request; tus-js-client must resume on its own.
 */
import { Upload } from 'tus-js-client';

export const TUS_ENDPOINT = '/create/upload/resumable/';

let uploadCounter = 0;
/** upload_id is a decimal timestamp string; a counter keeps back-to-back runs distinct. */
const newUploadId = () => `${Date.now()}${String((uploadCounter += 1) % 1000).padStart(3, '0')}`;

function csrfToken(): string {
  const match = /(?:^|;\s*)csrftoken=([^;]+)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : '';
}

const ajaxHeaders = () => ({ 'X-CSRFToken': csrfToken(), 'X-Requested-With': 'XMLHttpRequest' });

export interface TusSample {
  ms: number;
  bytes: number;
  /** PATCH requests that completed. */
  chunks: number;
  /** Every request tus-js-client started, by method (HEAD and extra PATCHes mean a resume). */
  requests: Record<string, number>;
}

export function tusUpload(file: Blob, chunkSize: number): Promise<TusSample> {
  let chunks = 0;
  const requests: Record<string, number> = {};
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: TUS_ENDPOINT,
      chunkSize,
      metadata: { upload_id: newUploadId(), filetype: file.type },
      headers: ajaxHeaders(),
      retryDelays: [0, 250, 500, 1000, 2000],
      storeFingerprintForResuming: false,
      onBeforeRequest: (req) => {
        requests[req.getMethod()] = (requests[req.getMethod()] ?? 0) + 1;
      },
      onChunkComplete: () => {
        chunks += 1;
      },
      onError: reject,
      onSuccess: () =>
        resolve({ ms: performance.now() - start, bytes: file.size, chunks, requests }),
    });
    upload.start();
  });
}

export async function formUpload(file: Blob): Promise<{ ms: number; bytes: number }> {
  const form = new FormData();
  form.append('upload_id', newUploadId());
  form.append('media_type', '1');
  form.append('photo', file, 'photo.jpg');
  const start = performance.now();
  const res = await fetch('/create/upload/photo/', {
    method: 'POST',
    body: form,
    headers: { ...ajaxHeaders(), Accept: 'application/json' },
  });
  const body = (await res.json()) as { status?: string; message?: string };
  if (!res.ok || body.status !== 'ok')
    throw new Error(`form upload: ${res.status} ${body.message}`);
  return { ms: performance.now() - start, bytes: file.size };
}
