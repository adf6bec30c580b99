import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_LOGGING_HOST,
  KEEPALIVE_MAX_BODY,
  loggingHostUrl,
  sendToLoggingHost,
} from '../../../src/lib/loggingHost';
import type { TelemetryEvent } from '../../../src/lib/telemetry';

const event = (name: string, pad = ''): TelemetryEvent => ({
  name,
  extra: pad ? { pad } : {},
  time: 1,
  session_id: 's',
});
const ORIGIN = 'https://glint.test';

function send(events: TelemetryEvent[], url?: string) {
  const fetch = vi.fn().mockResolvedValue(new Response('{}'));
  sendToLoggingHost(events, { fetch, url, origin: ORIGIN });
  return fetch;
}
const initOf = (fetch: ReturnType<typeof vi.fn>) => fetch.mock.calls[0][1] as RequestInit;

afterEach(() => {
  document.cookie = 'csrftoken=; max-age=0';
});

describe('logging host sink', () => {
  it('defaults to the same-origin stand-in and takes a configured base URL', () => {
    expect(loggingHostUrl(undefined)).toBe(`${DEFAULT_LOGGING_HOST}/client_events/`);
    expect(loggingHostUrl('  ')).toBe(`${DEFAULT_LOGGING_HOST}/client_events/`);
    expect(loggingHostUrl('https://logs.example.com/')).toBe(
      'https://logs.example.com/client_events/',
    );
  });

  it('posts the batch as the q form field with the CSRF headers to the stand-in', async () => {
    document.cookie = 'csrftoken=tok123';
    const events = [event('a'), event('b')];
    const fetch = send(events);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe(`${ORIGIN}/ajax/logging/client_events/`);
    const init = initOf(fetch);
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'same-origin' });
    expect(new URLSearchParams(init.body as string).get('q')).toBe(JSON.stringify(events));
    expect(init.headers).toMatchObject({
      'X-CSRFToken': 'tok123',
      'X-Requested-With': 'XMLHttpRequest',
    });
  });

  it('sends neither our CSRF token nor our cookies to another origin', () => {
    document.cookie = 'csrftoken=tok123';
    const init = initOf(send([event('a')], 'https://logs.example.com/client_events/'));
    expect(init).toMatchObject({ credentials: 'omit', mode: 'no-cors' });
    expect(init.headers).not.toHaveProperty('X-CSRFToken');
  });

  it('drops keepalive for batches over its 64 KiB limit', () => {
    const big = Array.from({ length: 40 }, (_, i) => event(`e${i}`, 'x'.repeat(2000)));
    expect(JSON.stringify(big).length).toBeGreaterThan(KEEPALIVE_MAX_BODY);
    expect(initOf(send(big)).keepalive).toBe(false);
  });

  it('never throws or rejects, whatever the network or the configuration does', async () => {
    const rejecting = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(() =>
      sendToLoggingHost([event('a')], { fetch: rejecting, origin: ORIGIN }),
    ).not.toThrow();
    const throwing = vi.fn(() => {
      throw new TypeError('bad');
    });
    expect(() =>
      sendToLoggingHost([event('a')], { fetch: throwing, origin: ORIGIN }),
    ).not.toThrow();
    expect(() =>
      sendToLoggingHost([event('a')], { fetch: rejecting, url: 'http://[bad', origin: ORIGIN }),
    ).not.toThrow();
    await Promise.resolve(); // an unhandled rejection would fail the run
  });

  it('sends nothing for an empty batch', () => {
    expect(send([])).not.toHaveBeenCalled();
  });
});
