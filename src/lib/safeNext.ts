// Open-redirect guard for the `next` parameter (accounts-platform §2) and for server-sent
// checkpoint/redirect URLs (§8).

/**
 * C0 controls and DEL (and optionally space): browsers strip or ignore some of them inside URLs,
 * which can hide a leading '//' or a scheme ("java\tscript:").
 */
export function hasControlChar(value: string, includeSpace = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || (includeSpace && code === 0x20)) return true;
  }
  return false;
}
const MAX_DECODE_ROUNDS = 3;

/** The string and its percent-decoded forms, or null when a form is malformed. */
function decodedForms(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let i = 0; i < MAX_DECODE_ROUNDS; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (decoded === current) break;
    forms.push(decoded);
    current = decoded;
  }
  return forms;
}

/** A path that stays on this origin whatever layer decodes it (router, server, browser). */
function isSafeRelativePath(path: string): boolean {
  if (!path.startsWith('/')) return false;
  const forms = decodedForms(path);
  if (!forms) return false;
  return forms.every(
    (form) =>
      form.startsWith('/') &&
      !form.startsWith('//') &&
      !form.includes('\\') &&
      !hasControlChar(form),
  );
}

/**
 * The same-origin relative form (path + query + hash) of `next`, or null when `next` could send
 * the browser elsewhere.
 */
export function sameHostTarget(
  next: string | null | undefined,
  currentHost: string = window.location.host,
): string | null {
  if (typeof next !== 'string' || next === '') return null;
  // Raw whitespace/controls and backslashes never appear in a legitimate encoded target.
  if (hasControlChar(next, true) || next.includes('\\')) return null;
  if (next.startsWith('/')) return isSafeRelativePath(next) ? next : null;
  if (!/^https?:\/\//i.test(next)) return null;
  let url: URL;
  try {
    url = new URL(next);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.host.toLowerCase() !== currentHost.toLowerCase()) return null;
  const relative = `${url.pathname}${url.search}${url.hash}`;
  return isSafeRelativePath(relative) ? relative : null;
}

export function isSafeRedirect(next: string | null | undefined, currentHost?: string): boolean {
  return sameHostTarget(next, currentHost) !== null;
}

/**
 * The redirect target to use after login/signup: a relative path, or an http(s) URL on the same
 * host (returned as its relative form so the router can handle it); anything else becomes '/'.
 */
export function safeNext(
  next: string | null | undefined,
  currentHost: string = window.location.host,
): string {
  return sameHostTarget(next, currentHost) ?? '/';
}

function withQuery(base: string, next: string, source?: string): string {
  const query = `next=${encodeURIComponent(next)}`;
  return source ? `${base}?${query}&source=${encodeURIComponent(source)}` : `${base}?${query}`;
}

/** /accounts/login/?next=<path>[&source=<source>] */
export function loginUrlWithNext(path: string, source?: string): string {
  return withQuery('/accounts/login/', path, source);
}

/** /accounts/emailsignup/?next=<path>[&source=<source>] (e.g. source=follow) */
export function signupUrlWithNext(path: string, source?: string): string {
  return withQuery('/accounts/emailsignup/', path, source);
}
