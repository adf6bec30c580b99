// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MediaError, fromWireError, isAbortError, toWireError } from '../../../workers/mediaErrors';

describe('MediaError', () => {
  it('carries a code and a message a person can read', () => {
    const error = new MediaError('too_large');
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('too_large');
    expect(error.message).toMatch(/too large/i);
  });

  it('survives the trip through structured cloning as a plain object', () => {
    const wire = structuredClone(toWireError(new MediaError('unsupported_type')));
    const rebuilt = fromWireError(wire);
    expect(rebuilt).toBeInstanceOf(MediaError);
    expect(rebuilt.code).toBe('unsupported_type');
    expect(rebuilt.message).toMatch(/JPEG, PNG, WebP, HEIC, AVIF or GIF/);
  });

  it('turns unexpected errors into decode_failed with their message', () => {
    expect(toWireError(new TypeError('boom'))).toEqual({
      mediaError: true,
      code: 'decode_failed',
      message: 'boom',
    });
  });

  it('aborted jobs are AbortErrors so callers can stay silent', () => {
    expect(isAbortError(new MediaError('aborted'))).toBe(true);
    expect(isAbortError(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isAbortError(new MediaError('decode_failed'))).toBe(false);
  });
});
