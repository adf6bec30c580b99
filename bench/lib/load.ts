/**
 * A small, bounded HTTP load generator (autocannon is not a dependency): N concurrent loops on
 * keep-alive sockets, each sending the next request as soon as the previous response has been
 * read, for a fixed duration (≤ 5 s). Loopback targets only.
 */
import http from 'node:http';

export interface LoadTarget {
  method: 'GET' | 'POST';
  /** A function gives each request its own path. */
  path: string | (() => string);
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  requests: number;
  /** Responses outside 2xx, plus socket errors. */
  errors: number;
  seconds: number;
  requestsPerSecond: number;
  latenciesMs: number[];
}

export const MAX_DURATION_MS = 5000;

export async function runLoad(
  baseUrl: string,
  target: LoadTarget,
  options: { concurrency: number; durationMs: number },
): Promise<LoadResult> {
  const pathOf = typeof target.path === 'string' ? () => target.path as string : target.path;
  const url = new URL(pathOf(), baseUrl);
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) {
    throw new Error(`load generator refuses non-loopback host ${url.hostname}`);
  }
  const durationMs = Math.min(options.durationMs, MAX_DURATION_MS);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const body = target.body === undefined ? undefined : Buffer.from(target.body);
  const headers = { ...target.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
  const latenciesMs: number[] = [];
  let errors = 0;

  const once = () =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      const requestUrl = typeof target.path === 'string' ? url : new URL(pathOf(), baseUrl);
      const req = http.request(requestUrl, { method: target.method, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => {
          latenciesMs.push(performance.now() - start);
          if (!res.statusCode || res.statusCode < 200 || res.statusCode >= 300) errors += 1;
          resolve();
        });
      });
      req.on('error', () => {
        errors += 1;
        resolve();
      });
      req.end(body);
    });

  const started = performance.now();
  const deadline = started + durationMs;
  const loop = async () => {
    while (performance.now() < deadline) await once();
  };
  await Promise.all(Array.from({ length: options.concurrency }, loop));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    requests: latenciesMs.length,
    errors,
    seconds,
    requestsPerSecond: latenciesMs.length / seconds,
    latenciesMs,
  };
}
