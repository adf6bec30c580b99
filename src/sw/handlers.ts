// What /sw.js does. Deliberately NO `fetch` handler: the worker must never sit between the page and
// the network (e2e tests intercept and cut requests; a caching worker would also serve stale app
// shells). SwEvents has no `fetch` entry, so adding one does not type-check.
//
// The worker APIs are typed structurally here because this folder is checked with the DOM lib
// (tsconfig.json), which has no ServiceWorkerGlobalScope; it also lets unit tests pass fakes.
import type { SwVariant } from './variant';

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { text(): string } | null;
}
interface NotificationClickEventLike extends ExtendableEventLike {
  notification: { data: unknown; close(): void };
}
interface MessageEventLike {
  data: unknown;
  ports: readonly { postMessage(message: unknown): void }[];
}
interface SwEvents {
  install: ExtendableEventLike;
  activate: ExtendableEventLike;
  push: PushEventLike;
  notificationclick: NotificationClickEventLike;
  message: MessageEventLike;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
}

export interface SwScope {
  location: { origin: string };
  registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
  clients: {
    claim(): Promise<void>;
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<readonly WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
  skipWaiting(): Promise<void>;
  addEventListener<K extends keyof SwEvents>(type: K, listener: (event: SwEvents[K]) => void): void;
}

/** Message a page may post (with a MessageChannel port) to ask which variant is live. */
export const VARIANT_QUERY = 'glint:sw-variant';

export function attachServiceWorker(sw: SwScope, variant: SwVariant): void {
  // With no fetch handler there is no cached app shell to keep consistent, so a new worker can
  // take over open tabs at once instead of waiting for every tab to close.
  sw.addEventListener('install', (e) => e.waitUntil(sw.skipWaiting()));
  sw.addEventListener('activate', (e) => e.waitUntil(sw.clients.claim()));

  sw.addEventListener('push', (e) => {
    const { title, options } = notificationFromPush(e.data?.text() ?? '', sw.location.origin);
    e.waitUntil(sw.registration.showNotification(title, options));
  });

  sw.addEventListener('notificationclick', (e) => {
    e.notification.close();
    const url = (e.notification.data as { url?: unknown } | null)?.url;
    e.waitUntil(openApp(sw, sameOriginUrl(url, sw.location.origin)));
  });

  sw.addEventListener('message', (e) => {
    if ((e.data as { type?: unknown } | null)?.type === VARIANT_QUERY)
      e.ports[0]?.postMessage(variant);
  });
}

/**
 * The push payload format is not in the spec; accepted: JSON `{ title?, body?, url? }`, or plain
 * text used as the body. An empty or unreadable push still shows something: browsers penalise
 * pushes that show no notification.
 */
export function notificationFromPush(
  text: string,
  origin: string,
): { title: string; options: NotificationOptions } {
  let payload: { title?: unknown; body?: unknown; url?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(text);
    payload = parsed && typeof parsed === 'object' ? parsed : { body: text };
  } catch {
    payload = { body: text };
  }
  const title = typeof payload.title === 'string' && payload.title ? payload.title : 'Glint';
  const body = typeof payload.body === 'string' ? payload.body : '';
  return {
    title,
    options: { body, icon: '/icon-192.png', data: { url: sameOriginUrl(payload.url, origin) } },
  };
}

/** Only our own pages: a push payload must not be able to open another site. */
export function sameOriginUrl(url: unknown, origin: string): string {
  try {
    const resolved = new URL(typeof url === 'string' && url ? url : '/', origin);
    return resolved.origin === origin ? resolved.href : `${origin}/`;
  } catch {
    return `${origin}/`;
  }
}

/** Focuses a tab already showing the page, otherwise opens one. */
async function openApp(sw: SwScope, url: string): Promise<unknown> {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.url === url);
  return open ? open.focus() : sw.clients.openWindow(url);
}
