import { COOKIE_DEFAULT_MAX_AGE_SECONDS } from './tokens';

export interface CookieOptions {
  /** Defaults to about one year (spec §9). */
  maxAgeSeconds?: number;
  path?: string;
}

export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const pair = part.trim();
    if (!pair.startsWith(prefix)) continue;
    const raw = pair.slice(prefix.length);
    try {
      return decodeURIComponent(raw);
    } catch {
      // A cookie set by someone else with a stray '%': return it as is rather than fail.
      return raw;
    }
  }
  return null;
}

export function setCookie(name: string, value: string, opts: CookieOptions = {}): void {
  const maxAge = opts.maxAgeSeconds ?? COOKIE_DEFAULT_MAX_AGE_SECONDS;
  const parts = [
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
    `max-age=${Math.floor(maxAge)}`,
    `path=${opts.path ?? '/'}`,
    'samesite=lax',
  ];
  if (window.location.protocol === 'https:') parts.push('secure');
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string, path = '/'): void {
  document.cookie = `${encodeURIComponent(name)}=; max-age=0; path=${path}`;
}
