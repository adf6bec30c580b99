/**
 * Typed errors of the media pipeline. They are thrown inside the worker, cross Comlink as plain
 * `WireMediaError` objects (Comlink's own error handler keeps only `message`) and are rebuilt
 * into `MediaError` on the main thread, so callers can switch on `code`.
 */
export type MediaErrorCode =
  | 'unsupported_type'
  | 'empty_file'
  | 'decode_failed'
  | 'too_large'
  | 'invalid_rotation'
  | 'encode_failed'
  | 'worker_failed'
  | 'aborted';

const DEFAULT_MESSAGES: Record<MediaErrorCode, string> = {
  unsupported_type:
    'This file type is not supported. Choose a JPEG, PNG, WebP, HEIC, AVIF or GIF photo.',
  empty_file: 'This file is empty.',
  decode_failed: 'This photo could not be read. It may be damaged or incomplete.',
  too_large: 'This photo is too large. Choose a photo under 120 megapixels.',
  invalid_rotation: 'Photo rotation must be a multiple of 90 degrees.',
  encode_failed: 'The photo could not be saved. Please try again.',
  worker_failed: 'The photo could not be processed. Please try again.',
  aborted: 'The photo job was cancelled.',
};

export class MediaError extends Error {
  readonly code: MediaErrorCode;

  constructor(code: MediaErrorCode, message: string = DEFAULT_MESSAGES[code]) {
    super(message);
    this.code = code;
    // Aborted jobs use the DOM name so callers can treat every kind of abort as silent.
    this.name = code === 'aborted' ? 'AbortError' : 'MediaError';
  }
}

export interface WireMediaError {
  mediaError: true;
  code: MediaErrorCode;
  message: string;
}

/** Outcome of a worker call: errors are values so their `code` survives structured cloning. */
export type MediaOutcome<T> = { ok: true; value: T } | { ok: false; error: WireMediaError };

export function toWireError(error: unknown): WireMediaError {
  if (error instanceof MediaError) {
    return { mediaError: true, code: error.code, message: error.message };
  }
  const message = error instanceof Error ? error.message : String(error);
  return {
    mediaError: true,
    code: 'decode_failed',
    message: message || DEFAULT_MESSAGES.decode_failed,
  };
}

export function fromWireError(wire: WireMediaError): MediaError {
  return new MediaError(wire.code, wire.message || DEFAULT_MESSAGES[wire.code]);
}

/** True for MediaError('aborted') and DOM AbortErrors (not every DOMException is an Error). */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AbortError'
  );
}
