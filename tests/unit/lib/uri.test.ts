// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { inAppLinkToPath, isSafeUri, isValidConnectRedirect } from '../../../src/lib/uri';

const HOST = 'glint.test';

describe('isSafeUri', () => {
  it.each([
    'https://example.com/a?b=c',
    'http://example.com',
    'mailto:someone@example.com',
    'tel:+15551234567',
    'glint://explore',
    '/p/abc/',
    'relative/path',
    '?q=1',
    '#top',
    '//glint.test/p/x/',
  ])('allows %j', (uri) => {
    expect(isSafeUri(uri, HOST)).toBe(true);
  });

  it.each([
    'javascript:alert(1)',
    'JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:x',
    'file:///etc/passwd',
    'ftp://example.com',
    'https://user:pass@example.com',
    'https://user@example.com',
    'http://evil.com@glint.test',
    '//evil.com',
    '//evil.com@glint.test',
    '/\\evil.com',
    'https://',
    '',
  ])('rejects %j', (uri) => {
    expect(isSafeUri(uri, HOST)).toBe(false);
  });
});

describe('isValidConnectRedirect', () => {
  it.each(['/', '/accounts/edit/', 'explore/people', '/some_user.name/'])('accepts %j', (p) => {
    expect(isValidConnectRedirect(p)).toBe(true);
  });

  it.each([
    'http://evil.com',
    'https://evil.com',
    'httpfoo',
    'HTTP/x',
    '//evil.com',
    '/p/x/?next=1',
    '/a-b/',
    '/a b/',
    '/%2F',
    '/a#b',
    'javascript:alert(1)',
    '',
  ])('rejects %j', (p) => {
    expect(isValidConnectRedirect(p)).toBe(false);
  });
});

describe('inAppLinkToPath', () => {
  it.each([
    ['glint://explore', '/explore/'],
    ['glint://explore/', '/explore/'],
    ['glint://user?username=alice.b', '/alice.b/'],
    ['glint://tag?name=Summer', '/explore/tags/summer/'],
    ['glint://media?id=Bx12_a-Z', '/p/Bx12_a-Z/'],
    ['glint://location?id=123', '/explore/locations/123/'],
  ])('converts %j to %j', (link, path) => {
    expect(inAppLinkToPath(link)).toBe(path);
  });

  it.each([
    'glint://unknown',
    'glint://user',
    'glint://user?username=..',
    'glint://user?username=a/b',
    'glint://media?id=../x',
    'glint://location?id=1/2',
    'https://example.com',
    'glintx://explore',
    'javascript:alert(1)',
  ])('gives null for %j', (link) => {
    expect(inAppLinkToPath(link)).toBeNull();
  });
});
