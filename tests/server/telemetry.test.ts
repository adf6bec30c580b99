import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TestClient, type TestApp } from './helpers.ts';

describe('telemetry intake', () => {
  let t: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    client = new TestClient(t.app);
  });
  afterAll(() => t.close());

  const bz = (q: string) => client.post('/ajax/bz', { q });

  it('accepts a batch of events', async () => {
    const events = [
      { name: 'feed_view', time: 1 },
      { name: 'like', extra: { id: '1' } },
    ];
    const res = await bz(JSON.stringify(events));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('accepts a full batch of 1000 events', async () => {
    const events = Array.from({ length: 1000 }, (_, i) => ({
      name: 'e',
      i,
      pad: 'x'.repeat(1900),
    }));
    expect((await bz(JSON.stringify(events))).statusCode).toBe(200);
  });

  it('refuses bad batches with a message', async () => {
    for (const q of ['not json', '{}', '[]', '[1]', JSON.stringify([{ big: 'x'.repeat(3000) }])]) {
      const res = await bz(q);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'fail', message: expect.any(String) });
    }
    const many = JSON.stringify(Array.from({ length: 1001 }, () => ({ name: 'e' })));
    expect((await bz(many)).statusCode).toBe(400);
    expect((await client.post('/ajax/bz', {})).statusCode).toBe(400);
  });

  it('needs the CSRF header', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/ajax/bz',
      payload: 'q=%5B%5D',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(403);
  });

  describe('logging host stand-in', () => {
    const url = '/ajax/logging/client_events/';

    it('accepts a batch like /ajax/bz and discards it', async () => {
      const res = await client.post(url, { q: JSON.stringify([{ name: 'image_view', time: 1 }]) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    });

    it('answers bad input with a 4xx and a message, never a 500', async () => {
      for (const q of [
        'not json',
        '{}',
        '[]',
        '[null]',
        JSON.stringify([{ x: 'y'.repeat(3000) }]),
      ]) {
        const res = await client.post(url, { q });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ status: 'fail', message: expect.any(String) });
      }
      const odd = [
        { payload: '', type: 'application/x-www-form-urlencoded' },
        { payload: 'q=%5B%7B%7D%5D&q=%5B%7B%7D%5D', type: 'application/x-www-form-urlencoded' },
        { payload: '{"q":', type: 'application/json' },
        { payload: '{"q":[1]}', type: 'application/json' },
        { payload: '[{"name":"e"}]', type: 'text/plain' },
        { payload: 'q='.padEnd(4_000_000, 'x'), type: 'application/x-www-form-urlencoded' },
        { payload: 'q='.padEnd(7_000_000, 'x'), type: 'application/x-www-form-urlencoded' },
      ];
      for (const { payload, type } of odd) {
        const res = await client.request({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': type },
        });
        expect(res.statusCode, `${type} ${payload.slice(0, 40)}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
      }
    });

    it('needs the CSRF header like the other telemetry posts', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: `q=${encodeURIComponent('[{"name":"e"}]')}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  it('takes client error reports', async () => {
    const ok = await client.post('/client_error/', {
      message: 'TypeError: x is undefined',
      stack: 'at a (app.js:1:2)',
      url: 'http://localhost/',
    });
    expect(ok.statusCode).toBe(200);
    expect((await client.post('/client_error/', { url: '/' })).statusCode).toBe(400);
  });
});
