// Form uploads with progress (e.g. POST /accounts/web_change_profile_picture/). fetch cannot report
// upload progress, so this one path uses XMLHttpRequest with the same headers, timeout, error and
// abort behaviour as the wretch client.
import { getCsrfToken } from '../lib/sharedData';
import { UPLOAD_TIMEOUT_MS } from '../lib/tokens';
import {
  abortError,
  followFailureRedirect,
  networkError,
  RequestError,
  resultFromResponse,
} from './requestError';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0…1; 0 while the total is unknown. */
  fraction: number;
}

export interface UploadOptions {
  signal?: AbortSignal;
  timeoutMs?: number;
  onUploadProgress?: (progress: UploadProgress) => void;
}

export function postWithProgress<T>(
  url: string,
  form: FormData,
  opts: UploadOptions = {},
): Promise<T> {
  const { signal, onUploadProgress } = opts;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onCallerAbort = () => xhr.abort();
    const settle = (fn: () => void) => {
      signal?.removeEventListener('abort', onCallerAbort);
      fn();
    };
    xhr.open('POST', url);
    xhr.timeout = opts.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRFToken', getCsrfToken());
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    if (onUploadProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        const total = event.lengthComputable ? event.total : 0;
        onUploadProgress({
          loaded: event.loaded,
          total,
          fraction: total > 0 ? Math.min(1, event.loaded / total) : 0,
        });
      });
    }
    xhr.addEventListener('load', () =>
      settle(() => {
        try {
          resolve(resultFromResponse(xhr.status, xhr.statusText, xhr.responseText) as T);
        } catch (e) {
          if (e instanceof RequestError) followFailureRedirect(e);
          reject(e);
        }
      }),
    );
    xhr.addEventListener('error', () =>
      settle(() => reject(networkError('network', 'Network error'))),
    );
    xhr.addEventListener('timeout', () =>
      settle(() => reject(networkError('timeout', 'Request timed out'))),
    );
    xhr.addEventListener('abort', () => settle(() => reject(abortError())));
    signal?.addEventListener('abort', onCallerAbort);
    xhr.send(form);
  });
}
