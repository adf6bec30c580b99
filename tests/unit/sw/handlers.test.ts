// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { attachServiceWorker, VARIANT_QUERY, type SwScope } from '../../../src/sw/handlers';

const ORIGIN = 'https://glint.test';

/** A stand-in for the worker's global scope that records listeners and what they do. */
function fakeWorker(openUrls: string[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const focused: string[] = [];
  const waits: Promise<unknown>[] = [];
  const sw = {
    location: { origin: ORIGIN },
    registration: { showNotification: vi.fn(() => Promise.resolve()) },
    clients: {
      claim: vi.fn(() => Promise.resolve()),
      matchAll: vi.fn(() =>
        Promise.resolve(openUrls.map((url) => ({ url, focus: async () => focused.push(url) }))),
      ),
      openWindow: vi.fn(() => Promise.resolve(null)),
    },
    skipWaiting: vi.fn(() => Promise.resolve()),
    addEventListener: (type: string, listener: (event: unknown) => void) =>
      listeners.set(type, listener),
  };
  attachServiceWorker(sw as unknown as SwScope, 'canary');
  const fire = async (type: string, event: object) => {
    listeners.get(type)!({ waitUntil: (p: Promise<unknown>) => waits.push(p), ...event });
    await Promise.all(waits);
  };
  return { sw, listeners, focused, fire };
}

const push = (payload: string) => ({ data: { text: () => payload } });
const click = (data: unknown) => ({ notification: { data, close: vi.fn() } });

describe('service worker', () => {
  it('never intercepts the network: no fetch handler', () => {
    const { listeners } = fakeWorker();
    expect([...listeners.keys()].sort()).toEqual([
      'activate',
      'install',
      'message',
      'notificationclick',
      'push',
    ]);
  });

  it('takes over at once when installed and activated', async () => {
    const { sw, fire } = fakeWorker();
    await fire('install', {});
    await fire('activate', {});
    expect(sw.skipWaiting).toHaveBeenCalled();
    expect(sw.clients.claim).toHaveBeenCalled();
  });

  it('shows a push as a notification', async () => {
    const { sw, fire } = fakeWorker();
    await fire(
      'push',
      push(JSON.stringify({ title: 'New follower', body: 'ava followed you', url: '/ava/' })),
    );
    expect(sw.registration.showNotification).toHaveBeenCalledWith('New follower', {
      body: 'ava followed you',
      icon: '/icon-192.png',
      data: { url: `${ORIGIN}/ava/` },
    });
  });

  it('shows a plain-text or empty push under the app name', async () => {
    const { sw, fire } = fakeWorker();
    await fire('push', push('You have a new like'));
    await fire('push', { data: null });
    expect(sw.registration.showNotification).toHaveBeenNthCalledWith(
      1,
      'Glint',
      expect.objectContaining({ body: 'You have a new like' }),
    );
    expect(sw.registration.showNotification).toHaveBeenNthCalledWith(
      2,
      'Glint',
      expect.objectContaining({ body: '' }),
    );
  });

  it('a click focuses the tab already showing the page', async () => {
    const { sw, focused, fire } = fakeWorker([`${ORIGIN}/`, `${ORIGIN}/ava/`]);
    const event = click({ url: `${ORIGIN}/ava/` });
    await fire('notificationclick', event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(focused).toEqual([`${ORIGIN}/ava/`]);
    expect(sw.clients.openWindow).not.toHaveBeenCalled();
  });

  it('a click opens the app when no tab shows the page', async () => {
    const { sw, fire } = fakeWorker([`${ORIGIN}/explore/`]);
    await fire('notificationclick', click({ url: `${ORIGIN}/ava/` }));
    expect(sw.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/ava/`);
  });

  it('never opens another site from a push payload', async () => {
    const { sw, fire } = fakeWorker();
    await fire('push', push(JSON.stringify({ url: 'https://evil.test/login' })));
    await fire('notificationclick', click({ url: 'https://evil.test/login' }));
    expect(sw.registration.showNotification).toHaveBeenCalledWith(
      'Glint',
      expect.objectContaining({ data: { url: `${ORIGIN}/` } }),
    );
    expect(sw.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });

  it('tells a page which variant is live', () => {
    const { listeners } = fakeWorker();
    const port = { postMessage: vi.fn() };
    listeners.get('message')!({ data: { type: VARIANT_QUERY }, ports: [port] });
    expect(port.postMessage).toHaveBeenCalledWith('canary');
  });
});
