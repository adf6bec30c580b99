/**
 * A small fixed pool of Comlink workers (Excalidraw/Squoosh style; each made by vite-plugin-comlink's
 * `ComlinkWorker`, whose endpoint symbol gives the Worker): at most `maxWorkers`, one job
 * per worker at a time, idle workers ended after `idleMs`. Aborting a job ends the worker running
 * it, so the work really stops; a crashed or silent worker fails its job instead of hanging.
 *
 * A job may ask for a helper (`{ helper: true }`): when the other worker is idle, the pool lends
 * it to the job through a fresh MessagePort (`lend` hands one end to the idle worker, the job's
 * call gets the other); the lent worker stays free to take a job of its own. When there is no
 * other worker yet, one is started in the background for the next job (`startSpare` starts it
 * without a job asking).
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
  /** Hands `port` to an idle worker's `api` so that another job can ask it for help. */
  lend?: (api: Remote<Api>, port: MessagePort) => Promise<unknown>;
}

export interface RunOptions {
  /** Lend the job the pool's other worker when it is idle (its call gets a port to it). */
  helper?: boolean;
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
  /** Bumped by terminate(): a worker still starting from before it is ended when it is ready. */
  private epoch = 0;
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
  async run<T>(
    call: (api: Remote<Api>, helper?: MessagePort) => Promise<T>,
    signal?: AbortSignal,
    options: RunOptions = {},
  ): Promise<T> {
    if (signal?.aborted) throw abortError();
    const pooled = await this.acquire(signal);
    if (signal?.aborted) {
      // Aborted while the worker was being handed over: nothing runs on it yet.
      this.release(pooled);
      throw abortError();
    }
    const helper = options.helper ? this.lendHelper(pooled) : undefined;
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
      call(pooled.api, helper).then(
        (value) => {
          if (finish(true)) resolve(value);
        },
        () => onCrash(),
      );
    });
  }

  /**
   * A port to another worker that is idle now (lent to the job on `pooled`), or undefined; with
   * room for a second worker and none, one is started for later jobs.
   */
  private lendHelper(pooled: PooledWorker<Api>): MessagePort | undefined {
    const lend = this.options.lend;
    if (!lend) return undefined;
    for (const other of this.workers) {
      if (other === pooled || other.busy) continue;
      const { port1, port2 } = new MessageChannel();
      lend(other.api, port1).catch(() => port1.close());
      // Helping counts as use: restart its idle countdown.
      clearTimeout(other.idleTimer);
      other.idleTimer = setTimeout(() => this.discard(other), this.idleMs);
      return port2;
    }
    this.startSpare();
    return undefined;
  }

  /**
   * Starts a worker for later jobs when there is room for one more (for a job that turned out to
   * want a helper it did not ask for: the next one can have it).
   */
  startSpare(): void {
    if (this.workers.size + this.starting >= this.maxWorkers) return;
    this.spawn().then(
      (spare) => this.release(spare),
      () => undefined,
    );
  }

  /** Ends every worker (page teardown, tests). Queued jobs are rejected as aborted. */
  terminate(): void {
    this.epoch += 1;
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
    const epoch = this.epoch;
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
        if (error || epoch !== this.epoch) {
          worker.terminate();
          reject(error ?? abortError());
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
