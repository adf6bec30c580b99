import { describe, expect, it } from 'vitest';
import {
  isSafeRedirect,
  loginUrlWithNext,
  safeNext,
  signupUrlWithNext,
} from '../../../src/lib/safeNext';

const HOST = 'glint.test';

describe('safeNext', () => {
  it.each([
    '//evil.com',
    '/\\evil.com',
    '\\/evil.com',
    '\\\\evil.com',
    'https://evil.com',
    'http://evil.com',
    'http://evil.com@glint.test',
    'https://user:pw@glint.test/p/x/',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox',
    '%2F%2Fevil.com',
    '/%2F%2Fevil.com',
    '/%2f%2fevil.com',
    '/%252F%252Fevil.com',
    '/%5Cevil.com',
    '/%5cevil.com',
    '\t//evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    ' //evil.com',
    '/%09/evil.com',
    'https://glint.test.evil.com/',
    'https://host.evil.com',
    'https://evil.com/https://glint.test',
    'https://glint.test.evil.com',
    'https:/evil.com',
    'https:evil.com',
    'ftp://glint.test/',
    'evil.com',
    'p/abc/',
    '/%E0%A4%A',
    '',
  ])('rejects %j', (next) => {
    expect(safeNext(next, HOST)).toBe('/');
    expect(isSafeRedirect(next, HOST)).toBe(false);
  });

  it('rejects missing values', () => {
    expect(safeNext(null, HOST)).toBe('/');
    expect(safeNext(undefined, HOST)).toBe('/');
  });

  it.each([
    ['/', '/'],
    ['/p/abc/', '/p/abc/'],
    ['/explore/?q=1#x', '/explore/?q=1#x'],
    ['/explore/tags/%F0%9F%98%80/', '/explore/tags/%F0%9F%98%80/'],
    ['/explore/search/?q=hello%20world', '/explore/search/?q=hello%20world'],
    [`https://${HOST}/p/x/`, '/p/x/'],
    [`http://${HOST}/p/x/?a=1#b`, '/p/x/?a=1#b'],
    [`HTTPS://GLINT.TEST/p/x/`, '/p/x/'],
    [`https://${HOST}`, '/'],
  ])('accepts %j as %j', (next, expected) => {
    expect(safeNext(next, HOST)).toBe(expected);
    expect(isSafeRedirect(next, HOST)).toBe(true);
  });

  it('compares against a host with a port exactly', () => {
    expect(safeNext('https://glint.test:8443/p/x/', 'glint.test:8443')).toBe('/p/x/');
    expect(safeNext('https://glint.test:9999/p/x/', 'glint.test:8443')).toBe('/');
  });

  it('defaults to the current host', () => {
    expect(safeNext(`${window.location.origin}/p/y/`)).toBe('/p/y/');
    expect(safeNext('https://evil.example/p/y/')).toBe('/');
  });
});

describe('login and signup URLs', () => {
  it('encodes the next path', () => {
    expect(loginUrlWithNext('/p/abc/')).toBe('/accounts/login/?next=%2Fp%2Fabc%2F');
    expect(loginUrlWithNext('/explore/?q=a&b=c')).toBe(
      '/accounts/login/?next=%2Fexplore%2F%3Fq%3Da%26b%3Dc',
    );
  });

  it('adds the source when given', () => {
    expect(signupUrlWithNext('/alice/', 'follow')).toBe(
      '/accounts/emailsignup/?next=%2Falice%2F&source=follow',
    );
    expect(signupUrlWithNext('/alice/')).toBe('/accounts/emailsignup/?next=%2Falice%2F');
  });

  it('round-trips through URLSearchParams into safeNext', () => {
    const url = new URL(loginUrlWithNext('/explore/?q=1#x'), 'https://glint.test');
    expect(safeNext(url.searchParams.get('next'), HOST)).toBe('/explore/?q=1#x');
  });
});
