// @vitest-environment node
import { expose, type Remote } from 'comlink';
import { wrap } from 'vite-plugin-comlink/symbol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WorkerPool, WorkerStartError, type ComlinkRemote } from '../../../src/media/workerPool';
import { WORKER_READY_MESSAGE } from '../../../workers/workerReady';

const api = {
  echo: (value: string) => value,
  slow: (ms: number) => new Promise<string>((resolve) => setTimeout(() => resolve('done'), ms)),
};
type Api = typeof api;

/** A Worker stand-in: Comlink talks to `api` over a MessageChannel. */
class FakeWorker extends EventTarget {
  terminated = false;
  private readonly port: MessagePort;

  constructor(ready: boolean) {
    super();
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    port1.onmessage = (event) =>
      this.dispatchEvent(new MessageEvent('message', { data: event.data }));
    expose(api, port2);
    if (ready) {
      setTimeout(() =>
        this.dispatchEvent(new MessageEvent('message', { data: { type: WORKER_READY_MESSAGE } })),
      );
    }
  }

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    this.port.postMessage(message, transfer as never);
  }

  terminate(): void {
    this.terminated = true;
    this.port.close();
  }
}

function makePool(options: { ready?: boolean; idleMs?: number; lent?: Remote<Api>[] } = {}) {
  const created: FakeWorker[] = [];
  const pool = new WorkerPool<Api>({
    lend: (remote, port) => {
      options.lent?.push(remote);
      port.close();
      return Promise.resolve();
    },
    create: () => {
      const worker = new FakeWorker(options.ready ?? true);
      created.push(worker);
      // What `new ComlinkWorker(…)` returns: the proxy, with the Worker under endpointSymbol.
      return wrap<Api>(worker as unknown as Worker) as ComlinkRemote<Api>;
    },
    maxWorkers: 2,
    idleMs: options.idleMs ?? 10_000,
    startTimeoutMs: 50,
  });
  return { pool, created };
}

let current: WorkerPool<Api> | null = null;
afterEach(() => current?.terminate());

describe('WorkerPool', () => {
  it('runs jobs on at most two workers and reuses them', async () => {
    const { pool, created } = makePool();
    current = pool;
    const results = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((v) => pool.run((remote) => remote.echo(v))),
    );
    expect(results).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(created.length).toBeLessThanOrEqual(2);
    await pool.run((remote) => remote.echo('again'));
    expect(created.length).toBeLessThanOrEqual(2);
  });

  it('an abort ends the worker running the job and rejects with an AbortError', async () => {
    const { pool, created } = makePool();
    current = pool;
    const controller = new AbortController();
    const job = pool.run((remote) => remote.slow(5_000), controller.signal);
    await vi.waitFor(() => expect(pool.size).toBe(1));
    controller.abort();
    await expect(job).rejects.toMatchObject({ name: 'AbortError', code: 'aborted' });
    expect(created[0].terminated).toBe(true);
    expect(pool.size).toBe(0);
    // The next job gets a fresh worker.
    await expect(pool.run((remote) => remote.echo('fresh'))).resolves.toBe('fresh');
  });

  it('an already aborted signal never starts the job', async () => {
    const { pool, created } = makePool();
    current = pool;
    const controller = new AbortController();
    controller.abort();
    await expect(pool.run((remote) => remote.echo('x'), controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(created).toHaveLength(0);
  });

  it('a worker that never loads fails with WorkerStartError instead of hanging', async () => {
    const { pool, created } = makePool({ ready: false });
    current = pool;
    await expect(pool.run((remote) => remote.echo('x'))).rejects.toBeInstanceOf(WorkerStartError);
    expect(created[0].terminated).toBe(true);
  });

  it('ends idle workers', async () => {
    const { pool, created } = makePool({ idleMs: 20 });
    current = pool;
    await pool.run((remote) => remote.echo('x'));
    expect(pool.size).toBe(1);
    await vi.waitFor(() => expect(pool.size).toBe(0));
    expect(created[0].terminated).toBe(true);
  });

  it('a worker that crashes mid-job fails the job and is replaced for the next one', async () => {
    const { pool, created } = makePool();
    current = pool;
    const job = pool.run((remote) => remote.slow(5_000));
    await vi.waitFor(() => expect(pool.size).toBe(1));
    created[0].dispatchEvent(new Event('error'));
    await expect(job).rejects.toMatchObject({ code: 'worker_failed' });
    expect(created[0].terminated).toBe(true);
    await expect(pool.run((remote) => remote.echo('after'))).resolves.toBe('after');
    expect(created).toHaveLength(2);
  });

  it('lends a job the other worker only while it is idle, and starts one when there is none', async () => {
    const lent: Remote<Api>[] = [];
    const { pool, created } = makePool({ lent });
    current = pool;
    const ports: (MessagePort | undefined)[] = [];
    const withHelper = () =>
      pool.run(
        (remote, helper) => {
          ports.push(helper);
          helper?.close();
          return remote.echo('x');
        },
        undefined,
        { helper: true },
      );
    // One worker, none to lend: a second is started for the next job.
    await withHelper();
    expect(ports).toEqual([undefined]);
    await vi.waitFor(() => expect(pool.size).toBe(2));
    expect(created).toHaveLength(2);
    // Both idle: the job gets a port, the other worker the other end.
    await withHelper();
    expect(ports[1]).toBeInstanceOf(MessagePort);
    expect(lent).toHaveLength(1);
    // The other worker busy with a job of its own: no helper, and no third worker.
    const slow = pool.run((remote) => remote.slow(50));
    await withHelper();
    expect(ports[2]).toBeUndefined();
    expect(lent).toHaveLength(1);
    await slow;
    expect(created).toHaveLength(2);
    // A job that asks for no helper gets none.
    await pool.run((remote, helper) => {
      ports.push(helper);
      return remote.echo('y');
    });
    expect(ports[3]).toBeUndefined();
  });

  it('starts a spare worker when asked and there is room, never a third', async () => {
    const { pool, created } = makePool();
    current = pool;
    await pool.run((remote) => remote.echo('first'));
    expect(created).toHaveLength(1);
    pool.startSpare();
    await vi.waitFor(() => expect(pool.size).toBe(2));
    pool.startSpare();
    expect(created).toHaveLength(2);
  });

  it('ends a worker that was still starting when the pool was terminated', async () => {
    const { pool, created } = makePool();
    current = pool;
    await pool.run((remote) => remote.echo('first'));
    pool.startSpare();
    pool.terminate();
    await vi.waitFor(() => expect(created[1]?.terminated).toBe(true));
    expect(pool.size).toBe(0);
  });
});
