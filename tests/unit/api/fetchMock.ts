import { vi } from 'vitest';

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Stubs global fetch; each call takes the next handler (the last one repeats). */
export function stubFetch(...handlers: FetchHandler[]) {
  let call = 0;
  const mock = vi.fn((url: string, init: RequestInit) => {
    const handler = handlers[Math.min(call++, handlers.length - 1)];
    return Promise.resolve().then(() => handler(url, init));
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function jsonResponse(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}

export const networkFailure: FetchHandler = () => {
  throw new TypeError('Failed to fetch');
};

/** Never answers; rejects like fetch does when its signal aborts. */
export const hang: FetchHandler = (_url, init) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

export function headersOf(init: RequestInit): Headers {
  return new Headers(init.headers);
}
