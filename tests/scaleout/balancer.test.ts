import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBalancer, type Balancer } from '../../scripts/cluster/balancer.ts';
import { freePort } from '../../scripts/cluster/daemon.ts';

// The cluster's load balancer on its own, in front of two tiny servers that say who they are and
// what X-Forwarded-For they got.

function echoServer(name: string): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.url === '/hang') return; // answers never: the client gives up
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      res.setHeader('set-cookie', [`a=${name}`, 'b=2']);
      res.end(JSON.stringify({ name, xff: req.headers['x-forwarded-for'] ?? null, body }));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Echo {
  name: string;
  xff: string | null;
  body: string;
  message?: string;
}

describe('the balancer', () => {
  let one: http.Server;
  let two: http.Server;
  let balancer: Balancer;
  const portOf = (s: http.Server) => (s.address() as AddressInfo).port;

  beforeAll(async () => {
    [one, two] = await Promise.all([echoServer('one'), echoServer('two')]);
    balancer = await startBalancer({
      port: await freePort(),
      backends: [
        { name: 'one', host: '127.0.0.1', port: portOf(one) },
        { name: 'two', host: '127.0.0.1', port: portOf(two) },
      ],
      // A server that is gone is tried again at its turn, so each turn below is deterministic.
      downForMs: 0,
    });
  });
  afterAll(async () => {
    await balancer.stop();
    one.close();
    two.close();
  });

  const call = async (init: RequestInit = {}, xff?: string) => {
    const res = await fetch(`${balancer.url}/x`, {
      ...init,
      headers: xff ? { 'x-forwarded-for': xff } : {},
    });
    return {
      status: res.status,
      cookies: res.headers.getSetCookie(),
      body: (await res.json()) as Echo,
    };
  };

  it('takes turns, passes bodies and every cookie, and appends the client to X-Forwarded-For', async () => {
    const first = await call({ method: 'POST', body: 'hello' });
    const second = await call({}, '203.0.113.9');
    expect(new Set([first.body.name, second.body.name])).toEqual(new Set(['one', 'two']));
    expect(first.body).toMatchObject({ xff: '127.0.0.1', body: 'hello' });
    expect(second.body.xff).toBe('203.0.113.9, 127.0.0.1');
    expect(first.cookies).toEqual([`a=${first.body.name}`, 'b=2']);
  });

  it('keeps using a server after a client gave up on one of its requests', async () => {
    const strict = await startBalancer({
      port: await freePort(),
      backends: [
        { name: 'one', host: '127.0.0.1', port: portOf(one) },
        { name: 'two', host: '127.0.0.1', port: portOf(two) },
      ],
    });
    try {
      const gaveUp = new AbortController();
      const hanging = fetch(`${strict.url}/hang`, { signal: gaveUp.signal }).catch(() => null);
      await expect.poll(() => [...strict.stats.values()].reduce((n, s) => n + s.active, 0)).toBe(1);
      gaveUp.abort();
      await hanging;
      await expect.poll(() => [...strict.stats.values()].reduce((n, s) => n + s.active, 0)).toBe(0);
      const names = [];
      for (let i = 0; i < 2; i++) {
        names.push(((await (await fetch(`${strict.url}/x`)).json()) as Echo).name);
      }
      expect(names.sort()).toEqual(['one', 'two']);
    } finally {
      await strict.stop();
    }
  });

  it('sends a GET that found a server gone to the other one; a POST gets a 502 with a message', async () => {
    await new Promise((resolve) => two.close(resolve));
    const gets = await Promise.all([call(), call()]);
    expect(gets.map((g) => g.status)).toEqual([200, 200]);
    expect(gets.map((g) => g.body.name)).toEqual(['one', 'one']);
    // A POST's body is gone once sent: the turn that finds the server gone answers 502.
    const posts = [
      await call({ method: 'POST', body: 'x' }),
      await call({ method: 'POST', body: 'x' }),
    ];
    expect(posts.map((p) => p.status).sort()).toEqual([200, 502]);
    expect(posts.find((p) => p.status === 502)!.body.message).toMatch(/try again/);
  });
});
