// Dismiss cookies (accounts-platform §9): a closed banner or upsell stays closed for the spec's
// lifetime. A cookie rather than storage because the lifetimes are cookie max-ages, the browser
// expires them for us, and the server could read them if it ever renders these banners.
import { deleteCookie, getCookie, setCookie } from './cookies';
import { COOKIE_DEFAULT_MAX_AGE_SECONDS, DISMISS_COOKIE_MAX_AGE_SECONDS } from './tokens';

export type DismissName = keyof typeof DISMISS_COOKIE_MAX_AGE_SECONDS;

export const dismissCookieName = (name: DismissName) => `glint_dismissed_${name}`;

export function isDismissed(name: DismissName): boolean {
  return getCookie(dismissCookieName(name)) !== null;
}

/** Remembers the dismissal; a null lifetime ("no expiry") gets the default max age of ~1 year. */
export function dismiss(name: DismissName): void {
  const maxAgeSeconds = DISMISS_COOKIE_MAX_AGE_SECONDS[name] ?? COOKIE_DEFAULT_MAX_AGE_SECONDS;
  setCookie(dismissCookieName(name), '1', { maxAgeSeconds });
}

/** Shows the banner again (tests, and a future "show tips again" setting). */
export function undismiss(name: DismissName): void {
  deleteCookie(dismissCookieName(name));
}
