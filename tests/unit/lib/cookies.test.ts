import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, getCookie, setCookie } from '../../../src/lib/cookies';

afterEach(() => {
  for (const name of ['a', 'b', 'odd name', 'short']) deleteCookie(name);
  vi.restoreAllMocks();
});

describe('cookies', () => {
  it('sets, reads and deletes a cookie', () => {
    expect(getCookie('a')).toBeNull();
    setCookie('a', '1');
    setCookie('b', 'two');
    expect(getCookie('a')).toBe('1');
    expect(getCookie('b')).toBe('two');
    deleteCookie('a');
    expect(getCookie('a')).toBeNull();
    expect(getCookie('b')).toBe('two');
  });

  it('round-trips names and values that need encoding', () => {
    setCookie('odd name', 'x=1; y=é');
    expect(getCookie('odd name')).toBe('x=1; y=é');
  });

  it('does not confuse cookies sharing a prefix', () => {
    setCookie('ab', 'no');
    setCookie('b', 'yes');
    expect(getCookie('b')).toBe('yes');
    deleteCookie('ab');
  });

  it('defaults to a one-year max age on path /', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    setCookie('short', 'v');
    setCookie('short', 'v', { maxAgeSeconds: 60, path: '/p/' });
    expect(writes[0]).toContain(`max-age=${365 * 24 * 3600}`);
    expect(writes[0]).toContain('path=/');
    expect(writes[1]).toContain('max-age=60');
    expect(writes[1]).toContain('path=/p/');
  });
});
