// The request error (accounts-platform §3 "Request error", §8) and response handling shared by the
// wretch client (client.ts) and the XMLHttpRequest upload path (upload.ts).
import { sameHostTarget } from '../lib/safeNext';

export type RequestErrorCode = 'network' | 'timeout' | 'http' | 'fail' | 'invalid_response';

export interface RequestErrorInit {
  code: RequestErrorCode;
  statusCode: number;
  statusText: string;
  responseText: string;
  parsed: unknown;
}

/** A failed request. `networkError` is true when no HTTP response arrived (offline, timeout). */
export class RequestError extends Error {
  readonly code: RequestErrorCode;
  readonly networkError: boolean;
  readonly statusCode: number;
  readonly statusText: string;
  readonly responseText: string;
  readonly parsed: unknown;

  constructor(init: RequestErrorInit) {
    super(messageOf(init.parsed) ?? (init.statusText || 'Request failed'));
    this.name = 'RequestError';
    this.code = init.code;
    this.networkError = init.code === 'network' || init.code === 'timeout';
    this.statusCode = init.statusCode;
    this.statusText = init.statusText;
    this.responseText = init.responseText;
    this.parsed = init.parsed;
  }
}

function messageOf(parsed: unknown): string | null {
  if (parsed && typeof parsed === 'object' && 'message' in parsed) {
    const { message } = parsed as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

/** The server's message for a toast ("server message or a default"), or null. */
export function serverMessage(error: unknown): string | null {
  return error instanceof RequestError ? messageOf(error.parsed) : null;
}

/** An aborted request is silent: callers check this and show nothing. */
export function isAbortError(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}

export function abortError(): DOMException {
  return new DOMException('The request was aborted.', 'AbortError');
}

export function networkError(code: 'network' | 'timeout', detail: string): RequestError {
  return new RequestError({
    code,
    statusCode: 0,
    statusText: detail,
    responseText: '',
    parsed: null,
  });
}

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function isFailBody(value: unknown): boolean {
  return !!value && typeof value === 'object' && (value as { status?: unknown }).status === 'fail';
}

/**
 * Turns a received response into its parsed JSON body or a RequestError: a non-2xx status, a body
 * with status 'fail' (whatever the status code) or a 2xx body that is not JSON. An empty 2xx body
 * is `{}` so callers can always read fields.
 */
export function resultFromResponse(status: number, statusText: string, text: string): unknown {
  const parsed = text.trim() === '' ? { ok: true as const, value: {} } : tryParse(text);
  const value = parsed.ok ? parsed.value : null;
  const base = { statusCode: status, statusText, responseText: text, parsed: value };
  if (status < 200 || status >= 300) throw new RequestError({ code: 'http', ...base });
  if (!parsed.ok) throw new RequestError({ code: 'invalid_response', ...base });
  if (isFailBody(value)) throw new RequestError({ code: 'fail', ...base });
  return value;
}

let navigate: (url: string) => void = (url) => window.location.assign(url);

/** Replaces the navigation used for server-sent redirects (tests); returns the previous one. */
export function setRedirectNavigator(fn: (url: string) => void): (url: string) => void {
  const previous = navigate;
  navigate = fn;
  return previous;
}

/**
 * §8: on a non-GET failure whose body carries checkpoint_url or redirect_url the browser is sent
 * there — only when the target stays on this host, so a response can never open-redirect.
 */
export function followFailureRedirect(error: RequestError): void {
  const body = error.parsed;
  if (!body || typeof body !== 'object') return;
  const { checkpoint_url: checkpoint, redirect_url: redirect } = body as Record<string, unknown>;
  const candidate = typeof checkpoint === 'string' ? checkpoint : redirect;
  if (typeof candidate !== 'string') return;
  const target = sameHostTarget(candidate);
  if (target !== null) navigate(target);
}
