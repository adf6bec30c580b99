// The request wrapper (accounts-platform §4 "Request handling", §8, §9) on wretch.
// GET is retried once; mutating calls carry the CSRF and ajax marker headers; every failure is a
// RequestError; a caller's abort is silent (an AbortError, see isAbortError).
import wretch from 'wretch';
import { getCsrfToken } from '../lib/sharedData';
import { REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '../lib/tokens';
import {
  RequestError,
  abortError,
  followFailureRedirect,
  networkError,
  resultFromResponse,
} from './requestError';
import type { UploadProgress } from './upload';

export {
  RequestError,
  isAbortError,
  serverMessage,
  setRedirectNavigator,
  type RequestErrorCode,
} from './requestError';
export type { UploadProgress } from './upload';
export { REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS };

export type ParamValue = string | number | boolean | null | undefined;
export type Params = Record<string, ParamValue>;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Defaults to 10 s, or 120 s for a FormData upload. */
  timeoutMs?: number;
}

export interface PostOptions extends RequestOptions {
  /** Only for FormData bodies; the upload then goes through XMLHttpRequest. */
  onUploadProgress?: (progress: UploadProgress) => void;
}

/**
 * Form/query encoding: null and undefined are skipped (only present values are sent), numbers are
 * stringified and booleans sent as 'true'/'false'.
 */
export function encodeParams(params: Params = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === null || value === undefined) continue;
    search.append(key, String(value));
  }
  return search.toString();
}

function withQuery(url: string, query?: Params): string {
  const encoded = encodeParams(query);
  if (encoded === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${encoded}`;
}

/** Headers every mutating call carries (the server rejects mutations without them). */
export function mutationHeaders(): Record<string, string> {
  return { 'X-CSRFToken': getCsrfToken(), 'X-Requested-With': 'XMLHttpRequest' };
}

interface Attempt {
  url: string;
  method: 'GET' | 'POST';
  body?: string | FormData;
  headers: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs: number;
}

/** One request with its own timeout, merged with the caller's signal. */
async function attempt({
  url,
  method,
  body,
  headers,
  signal,
  timeoutMs,
}: Attempt): Promise<unknown> {
  if (signal?.aborted) throw abortError();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort);
  try {
    let request = wretch(url, {
      credentials: 'same-origin',
      method,
      signal: controller.signal,
    }).headers({ Accept: 'application/json', ...headers });
    if (body !== undefined) request = request.body(body);
    let received: { status: number; statusText: string; text: string };
    try {
      const response = await request.fetch().res();
      received = {
        status: response.status,
        statusText: response.statusText,
        text: await response.text(),
      };
    } catch (e) {
      // wretch rejects non-2xx responses with a WretchError that has already read the body.
      if (!(e instanceof wretch.WretchError)) throw e;
      received = { status: e.status, statusText: e.response.statusText, text: e.text ?? '' };
    }
    return resultFromResponse(received.status, received.statusText, received.text);
  } catch (e) {
    if (e instanceof RequestError) throw e;
    if (signal?.aborted) throw abortError();
    if (timedOut) throw networkError('timeout', 'Request timed out');
    throw networkError('network', e instanceof Error ? e.message : 'Network error');
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

function isRetryable(error: unknown): boolean {
  return error instanceof RequestError && (error.networkError || error.statusCode >= 500);
}

/** GET returning the parsed JSON body; retried once after a network failure or a 5xx. */
export async function apiGet<T>(
  url: string,
  query?: Params,
  opts: RequestOptions = {},
): Promise<T> {
  const request: Attempt = {
    url: withQuery(url, query),
    method: 'GET',
    headers: {},
    signal: opts.signal,
    timeoutMs: opts.timeoutMs ?? REQUEST_TIMEOUT_MS,
  };
  try {
    return (await attempt(request)) as T;
  } catch (e) {
    if (!isRetryable(e) || opts.signal?.aborted) throw e;
    return (await attempt(request)) as T;
  }
}

/**
 * POST a form-encoded object, or a FormData upload (multipart). Never retried: a mutation may have
 * reached the server. A failure carrying a same-host checkpoint_url/redirect_url navigates there.
 */
export async function apiPost<T>(
  url: string,
  body?: Params | FormData,
  opts: PostOptions = {},
): Promise<T> {
  const isUpload = body instanceof FormData;
  const timeoutMs = opts.timeoutMs ?? (isUpload ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  // The XMLHttpRequest path handles its own failure redirects. Only uploads need it, so it is
  // loaded on the first one rather than with every page.
  if (isUpload && opts.onUploadProgress) {
    const { postWithProgress } = await import('./upload');
    return postWithProgress<T>(url, body, { ...opts, timeoutMs });
  }
  try {
    const headers = mutationHeaders();
    let payload: string | FormData;
    if (isUpload) {
      payload = body; // the browser sets multipart/form-data with its boundary
    } else {
      payload = encodeParams(body);
      headers['Content-Type'] = 'application/x-www-form-urlencoded; charset=UTF-8';
    }
    return (await attempt({
      url,
      method: 'POST',
      body: payload,
      headers,
      signal: opts.signal,
      timeoutMs,
    })) as T;
  } catch (e) {
    if (e instanceof RequestError && !e.networkError) followFailureRedirect(e);
    throw e;
  }
}
