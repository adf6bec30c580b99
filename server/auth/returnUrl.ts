// Return URLs of the external login flow: the provider only ever redirects back to this site.

const BASE = 'http://same-origin.invalid';

/**
 * The path (with query) of a return URL on this site, or null when it points elsewhere. Accepts a
 * relative path ("/accounts/login/?next=/x/") or an absolute http(s) URL whose host is `host`.
 * Protocol-relative ("//evil") and backslash tricks ("/\\evil") are refused.
 */
export function sameOriginPath(raw: string, host: string | undefined): string | null {
  const value = raw.trim();
  // Control characters and backslashes: browsers read a backslash as "/" and drop tabs/newlines.
  // eslint-disable-next-line no-control-regex
  if (value === '' || /[\u0000-\u001f\\]/.test(value)) return null;
  let url: URL;
  if (value.startsWith('/')) {
    if (value.startsWith('//')) return null;
    url = new URL(value, BASE);
    if (url.origin !== BASE) return null;
  } else {
    try {
      url = new URL(value);
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (!host || url.host !== host || url.username || url.password) return null;
  }
  // Dot segments can resolve to a protocol-relative path ("/a/..//evil.com" → "//evil.com"),
  // which a browser redirected there reads as another host.
  if (url.pathname.startsWith('//')) return null;
  return url.pathname + url.search;
}

/** The return URL as the code was issued for it, ignoring the code and error the provider adds. */
export function canonicalReturnPath(path: string): string | null {
  let url: URL;
  try {
    url = new URL(path, BASE);
  } catch {
    return null;
  }
  url.searchParams.delete('code');
  url.searchParams.delete('error');
  return url.pathname + url.search;
}

/** `path` with one more query parameter. */
export function withParam(path: string, name: string, value: string): string {
  const url = new URL(path, BASE);
  url.searchParams.set(name, value);
  return url.pathname + url.search;
}
