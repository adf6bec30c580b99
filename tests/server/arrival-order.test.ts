/**
 * The server starts requests in the order they arrived (server/http/arrivalOrder.ts).
 *
 * Members A, B and C each have one keep-alive connection, as a browser tab does. Each request
 * keeps the server's thread busy for a while (SERVICE_MS), so requests pile up as under a crowd:
 * - G occupies the server while A1 and B1 arrive (they are then read in one batch);
 * - C1 is sent while A1 is being answered;
 * - A2 is sent a moment (PAUSE_MS) after A1's answer comes back, while B1 is being answered.
 * C1 arrived first, so it must start first. A server that runs each batch of reads straight away
 * (Node's default) reads the connections Linux reported in the last batch first, and starts A2
 * before C1.
 *
 * The connections are opened first (a request each that takes no time).
 * The members run in a worker thread: the server's thread is busy while they send.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { arrivalOrderServer } from '../../server/http/arrivalOrder.ts';

const SERVICE_MS = 250;
/** How long member A looks at an answer before asking again. */
const PAUSE_MS = 80;

/** The members: plain JavaScript for the worker thread. */
const MEMBERS = `
const http = require('node:http');
const { parentPort, workerData } = require('node:worker_threads');
const agents = { A: 0, B: 0, C: 0, G: 0 };
for (const k of Object.keys(agents)) agents[k] = new http.Agent({ keepAlive: true, maxSockets: 1 });
const send = (name) => new Promise((resolve, reject) => {
  const req = http.get({ host: '127.0.0.1', port: workerData.port, path: '/' + name, agent: agents[name[0]] }, (res) => {
    let body = '';
    res.on('data', (c) => (body += c));
    res.on('end', () => resolve(body));
  });
  req.on('error', reject);
});
const started = {};
const startedSignal = (name) => new Promise((resolve) => (started[name] = resolve));
parentPort.on('message', (name) => started[name] && started[name]());
(async () => {
  // Each member's connection is open before the crowd forms, as a tab's would be.
  await Promise.all(Object.keys(agents).map((k) => send(k + '0')));
  const gStarted = startedSignal('G');
  const a1Started = startedSignal('A1');
  const g = send('G');
  await gStarted;
  const a1 = send('A1');
  const b1 = send('B1');
  await a1Started;
  const c1 = send('C1');
  await a1;
  await new Promise((resolve) => setTimeout(resolve, workerData.pauseMs));
  const a2 = send('A2');
  await Promise.all([g, b1, c1, a2]);
  for (const agent of Object.values(agents)) agent.destroy();
  parentPort.postMessage('done');
})().catch((error) => parentPort.postMessage('error ' + error.message));
`;

function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // The server's thread does a request's work.
  }
}

let server: http.Server | null = null;

afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = null;
});

describe('requests under a crowd', () => {
  it('start in the order they arrived, not in the order of the last batch of reads', async () => {
    const order: string[] = [];
    let worker: Worker | null = null;
    server = arrivalOrderServer((req: http.IncomingMessage, res: http.ServerResponse) => {
      const name = (req.url ?? '/').slice(1);
      if (!name.endsWith('0')) {
        order.push(name);
        worker?.postMessage(name);
        busy(SERVICE_MS);
      }
      res.end(name);
    }, {}) as http.Server;
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    worker = new Worker(MEMBERS, { eval: true, workerData: { port, pauseMs: PAUSE_MS } });
    const outcome = await new Promise<string>((resolve, reject) => {
      worker!.on('message', resolve);
      worker!.on('error', reject);
    });
    await worker.terminate();
    expect(outcome).toBe('done');
    expect(order).toEqual(['G', 'A1', 'B1', 'C1', 'A2']);
  });
});
