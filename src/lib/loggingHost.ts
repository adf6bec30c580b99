// The second telemetry sink (accounts-platform §7: "an event log call to a third-party-style
// logging host"). Every batch sent to /ajax/bz is also sent here, fire and forget: this copy is
// best effort, so it never retries, never throws and never delays the main batch.
import { mutationHeaders } from '../api/client';
import type { TelemetryEvent } from './telemetry';

/** Same-origin stand-in for the logging host (server/routes/telemetry.ts). */
export const DEFAULT_LOGGING_HOST = '/ajax/logging';
export const LOGGING_HOST_EVENTS_PATH = '/client_events/';
/** fetch keepalive refuses bodies over 64 KiB (shared by all in-flight keepalive requests). */
export const KEEPALIVE_MAX_BODY = 60_000;

/** Base URL from VITE_LOGGING_HOST at build time (e.g. https://logs.example.com), else the stand-in. */
export function loggingHostUrl(base: string | undefined = configuredHost()): string {
  const host = (base ?? '').trim().replace(/\/+$/, '') || DEFAULT_LOGGING_HOST;
  return `${host}${LOGGING_HOST_EVENTS_PATH}`;
}

function configuredHost(): string | undefined {
  const value: unknown = import.meta.env.VITE_LOGGING_HOST;
  return typeof value === 'string' ? value : undefined;
}

export interface LoggingHostDeps {
  fetch?: typeof fetch;
  url?: string;
  /** The page's origin, to tell the same-origin stand-in from a real third-party host. */
  origin?: string;
}

export function sendToLoggingHost(
  events: readonly TelemetryEvent[],
  deps: LoggingHostDeps = {},
): void {
  if (events.length === 0) return;
  try {
    const doFetch = deps.fetch ?? window.fetch.bind(window);
    const origin = deps.origin ?? window.location.origin;
    const url = new URL(deps.url ?? loggingHostUrl(), origin);
    const sameOrigin = url.origin === origin;
    const body = new URLSearchParams({ q: JSON.stringify(events) }).toString();
    doFetch(url.href, {
      method: 'POST',
      body,
      // keepalive lets a batch in flight outlive the page; larger batches would be refused by it.
      keepalive: body.length <= KEEPALIVE_MAX_BODY,
      // Our CSRF token (the stand-in needs it like /ajax/bz) must never go to another origin; a
      // third-party host gets a plain form post (no preflight) without our cookies.
      credentials: sameOrigin ? 'same-origin' : 'omit',
      mode: sameOrigin ? 'same-origin' : 'no-cors',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(sameOrigin ? mutationHeaders() : {}),
      },
    }).catch(() => undefined);
  } catch {
    // A bad configured URL or a missing fetch: the copy is dropped, the user never sees it.
  }
}
