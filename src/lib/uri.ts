// URI checks (accounts-platform §5) and the promotions in-app link scheme (content §2).
import { hashtagPath, mentionPath } from './linkify';
import { hasControlChar } from './safeNext';

/** Schemes a link in the product may use. `glint:` is the promotions in-app scheme. */
const ALLOWED_SCHEMES = new Set(['http', 'https', 'mailto', 'tel', 'glint']);
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * True when `uri` may be used as a link target: an allowed scheme (or a relative reference), no
 * userinfo, and no protocol-relative URL pointing anywhere but the current host.
 */
export function isSafeUri(uri: string, currentHost: string = window.location.host): boolean {
  // Browsers drop tabs/newlines inside URLs ("java\tscript:") and treat '\' like '/'.
  if (uri === '' || hasControlChar(uri, true) || uri.includes('\\')) return false;
  if (uri.startsWith('//')) {
    try {
      const url = new URL(`https:${uri}`);
      return !url.username && !url.password && url.host.toLowerCase() === currentHost.toLowerCase();
    } catch {
      return false;
    }
  }
  const scheme = SCHEME.exec(uri)?.[1]?.toLowerCase();
  if (scheme === undefined) return true; // relative: path, query or fragment on this origin
  if (!ALLOWED_SCHEMES.has(scheme)) return false;
  if (scheme !== 'http' && scheme !== 'https') return true;
  try {
    const url = new URL(uri);
    return url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * Redirect after connecting the external account: never absolute or protocol-relative, and only
 * letters, digits, dot, underscore and slash.
 */
export function isValidConnectRedirect(path: string): boolean {
  if (/^http/i.test(path) || path.startsWith('//')) return false;
  return /^[A-Za-z0-9._/]+$/.test(path);
}

// At least one letter or digit, so '..' can never become a path segment.
const USERNAME = /^(?=.*[A-Za-z0-9])[A-Za-z0-9._]+$/;
const OBJECT_ID = /^[A-Za-z0-9_-]+$/;

/**
 * Converts a promotions in-app link (glint://explore, glint://user?username=x, glint://tag?name=x,
 * glint://media?id=x, glint://location?id=x) to an internal path; anything else gives null.
 */
export function inAppLinkToPath(link: string): string | null {
  const match = /^glint:\/\/([a-z_]+)\/?(?:\?(.*))?$/i.exec(link.trim());
  if (!match) return null;
  const target = match[1].toLowerCase();
  const params = new URLSearchParams(match[2] ?? '');
  const username = params.get('username');
  const name = params.get('name');
  const id = params.get('id');
  switch (target) {
    case 'explore':
      return '/explore/';
    case 'user':
      return username && USERNAME.test(username) ? mentionPath(username) : null;
    case 'tag':
      return name ? hashtagPath(name) : null;
    case 'media':
      return id && OBJECT_ID.test(id) ? `/p/${id}/` : null;
    case 'location':
      return id && OBJECT_ID.test(id) ? `/explore/locations/${id}/` : null;
    default:
      return null;
  }
}
