/**
 * A small fixed pool of Comlink workers (Excalidraw/Squoosh style; each made by vite-plugin-comlink's
 * `ComlinkWorker`, whose endpoint symbol gives the Worker): at most `maxWorkers`, one job
 * per worker at a time, idle workers ended after `idleMs`. Aborting a job ends the worker running
 * it, so the work really stops; a crashed or silent worker fails its job instead of hanging.
 */
import type { Remote } from 'comlink';
import { endpointSymbol } from 'vite-plugin-comlink/symbol';
import { MediaError } from '../../workers/mediaErrors';
import { isWorkerReadyMessage } from '../../workers/workerReady';

/** What `new ComlinkWorker(…)` (vite-plugin-comlink) makes: the Comlink proxy and its Worker. */
export type ComlinkRemote<Api> = Remote<Api> & { readonly [endpointSymbol]: Worker };

export interface WorkerPoolOptions<Api> {
  create: () => ComlinkRemote<Api>;
  maxWorkers?: number;
  idleMs?: number;
  startTimeoutMs?: number;
  jobTimeoutMs?: number;
}

/** The worker module could not be loaded (CSP, missing file, syntax error…). */
export class WorkerStartError extends Error {
  override name = 'WorkerStartError';
}

interface PooledWorker<Api> {
  worker: Worker;
  api: Remote<Api>;
  busy: boolean;
  idleTimer: ReturnType<typeof setTimeout> | undefined;
}

type Waiter<Api> = { resolve: (w: PooledWorker<Api>) => void; reject: (e: unknown) => void };

export function abortError(): MediaError {
  return new MediaError('aborted');
}

export class WorkerPool<Api> {
  private readonly workers = new Set<PooledWorker<Api>>();
  private readonly waiters: Waiter<Api>[] = [];
  private starting = 0;
  private readonly maxWorkers: number;
  private readonly idleMs: number;
  private readonly startTimeoutMs: number;
  private readonly jobTimeoutMs: number;

  constructor(private readonly options: WorkerPoolOptions<Api>) {
    this.maxWorkers = options.maxWorkers ?? 2;
    this.idleMs = options.idleMs ?? 10_000;
    this.startTimeoutMs = options.startTimeoutMs ?? 15_000;
    this.jobTimeoutMs = options.jobTimeoutMs ?? 120_000;
  }

  get size(): number {
    return this.workers.size;
  }

  /** Runs `call` on a pooled worker; rejects with an AbortError if `signal` aborts. */
  async run<T>(call: (api: Remote<Api>) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw abortError();
    const pooled = await this.acquire(signal);
    if (signal?.aborted) {
      // Aborted while the worker was being handed over: nothing runs on it yet.
      this.release(pooled);
      throw abortError();
    }
    return new Promise<T>((resolve, reject) => {
      let done = false;
      // Returns false when the job already ended (abort, crash, timeout): later news is stale.
      const finish = (release: boolean) => {
        if (done) return false;
        done = true;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        pooled.worker.removeEventListener('error', onCrash);
        if (release) this.release(pooled);
        else this.discard(pooled);
        return true;
      };
      const onAbort = () => {
        if (finish(false)) reject(abortError());
      };
      const onCrash = () => {
        if (finish(false)) reject(new MediaError('worker_failed'));
      };
      const timer = setTimeout(onCrash, this.jobTimeoutMs);
      signal?.addEventListener('abort', onAbort, { once: true });
      pooled.worker.addEventListener('error', onCrash);
      call(pooled.api).then(
        (value) => {
          if (finish(true)) resolve(value);
        },
        () => onCrash(),
      );
    });
  }

  /** Ends every worker (page teardown, tests). Queued jobs are rejected as aborted. */
  terminate(): void {
    for (const pooled of [...this.workers]) this.discard(pooled);
    for (const waiter of this.waiters.splice(0)) waiter.reject(abortError());
  }

  private acquire(signal?: AbortSignal): Promise<PooledWorker<Api>> {
    for (const pooled of this.workers) {
      if (!pooled.busy) return Promise.resolve(this.claim(pooled));
    }
    if (this.workers.size + this.starting < this.maxWorkers) return this.spawn();
    return new Promise((resolve, reject) => {
      const waiter: Waiter<Api> = {
        resolve: (pooled) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(pooled);
        },
        reject,
      };
      const onAbort = () => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        reject(abortError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  private claim(pooled: PooledWorker<Api>): PooledWorker<Api> {
    clearTimeout(pooled.idleTimer);
    pooled.idleTimer = undefined;
    pooled.busy = true;
    return pooled;
  }

  private spawn(): Promise<PooledWorker<Api>> {
    this.starting += 1;
    return new Promise<PooledWorker<Api>>((resolve, reject) => {
      let api: ComlinkRemote<Api>;
      let worker: Worker;
      try {
        api = this.options.create();
        worker = api[endpointSymbol];
      } catch (error) {
        this.starting -= 1;
        reject(new WorkerStartError(String(error)));
        return;
      }
      const settle = (error: Error | null) => {
        clearTimeout(timer);
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
        this.starting -= 1;
        if (error) {
          worker.terminate();
          reject(error);
          return;
        }
        const pooled: PooledWorker<Api> = {
          worker,
          api,
          busy: true,
          idleTimer: undefined,
        };
        this.workers.add(pooled);
        resolve(pooled);
      };
      const onMessage = (event: MessageEvent) => {
        if (isWorkerReadyMessage(event.data)) settle(null);
      };
      const onError = () => settle(new WorkerStartError('The media worker failed to load.'));
      const timer = setTimeout(
        () => settle(new WorkerStartError('The media worker did not start in time.')),
        this.startTimeoutMs,
      );
      worker.addEventListener('message', onMessage);
      worker.addEventListener('error', onError);
    });
  }

  private release(pooled: PooledWorker<Api>): void {
    const waiter = this.waiters.shift();
    if (waiter) {
      waiter.resolve(pooled);
      return;
    }
    pooled.busy = false;
    pooled.idleTimer = setTimeout(() => this.discard(pooled), this.idleMs);
  }

  private discard(pooled: PooledWorker<Api>): void {
    clearTimeout(pooled.idleTimer);
    pooled.worker.terminate();
    this.workers.delete(pooled);
    // A queued job can take the freed slot.
    const waiter = this.waiters.shift();
    if (waiter) this.spawn().then(waiter.resolve, waiter.reject);
  }
}
