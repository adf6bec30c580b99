import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiGet,
  apiPost,
  isAbortError,
  RequestError,
  serverMessage,
  setRedirectNavigator,
} from '../../../src/api/client';
import { deleteCookie, setCookie } from '../../../src/lib/cookies';
import { hang, headersOf, jsonResponse, networkFailure, stubFetch } from './fetchMock';

const navigate = vi.fn<(url: string) => void>();
let restoreNavigator: (url: string) => void;

beforeEach(() => {
  setCookie('csrftoken', 'tok123');
  restoreNavigator = setRedirectNavigator(navigate);
});

afterEach(() => {
  setRedirectNavigator(restoreNavigator);
  deleteCookie('csrftoken');
  navigate.mockReset();
  vi.unstubAllGlobals();
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (e) {
    return e;
  }
  throw new Error('expected the request to fail');
}

describe('apiGet', () => {
  it('sends the query, same-origin credentials and no mutation headers', async () => {
    const fetch = stubFetch(() => jsonResponse({ ok: 1 }));
    const result = await apiGet('/web/search/topsearch/', {
      query: 'a b',
      context: 'blended',
      page: 2,
      flag: true,
      skipped: undefined,
      none: null,
    });
    expect(result).toEqual({ ok: 1 });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/web/search/topsearch/?query=a+b&context=blended&page=2&flag=true');
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('same-origin');
    expect(headersOf(init).has('X-CSRFToken')).toBe(false);
    expect(headersOf(init).has('X-Requested-With')).toBe(false);
  });

  it('is retried once after a network failure', async () => {
    const fetch = stubFetch(networkFailure, () => jsonResponse({ ok: 2 }));
    await expect(apiGet('/x/')).resolves.toEqual({ ok: 2 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is retried once after a 5xx', async () => {
    const fetch = stubFetch(
      () => jsonResponse({ status: 'fail', message: 'busy' }, 503),
      () => jsonResponse({ ok: 3 }),
    );
    await expect(apiGet('/x/')).resolves.toEqual({ ok: 3 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('gives a network RequestError after the retry also fails', async () => {
    const fetch = stubFetch(networkFailure);
    const error = await failure(apiGet('/x/'));
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({ networkError: true, code: 'network', statusCode: 0 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('does not retry a 4xx and parses its body', async () => {
    const fetch = stubFetch(() =>
      jsonResponse({ status: 'fail', message: 'Not found here' }, 404, 'Not Found'),
    );
    const error = await failure(apiGet('/x/'));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(error).toMatchObject({
      networkError: false,
      statusCode: 404,
      statusText: 'Not Found',
      parsed: { status: 'fail', message: 'Not found here' },
      message: 'Not found here',
    });
    expect((error as RequestError).responseText).toContain('Not found here');
  });

  it('times out as a network error, retried once', async () => {
    const fetch = stubFetch(hang);
    const error = await failure(apiGet('/slow/', undefined, { timeoutMs: 5 }));
    expect(error).toMatchObject({ networkError: true, code: 'timeout' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('is silent when the caller aborts: an AbortError, no retry', async () => {
    const fetch = stubFetch(hang);
    const controller = new AbortController();
    const pending = apiGet('/slow/', undefined, { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    const error = await failure(pending);
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(RequestError);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not send a request with an already aborted signal', async () => {
    const fetch = stubFetch(() => jsonResponse({}));
    const error = await failure(apiGet('/x/', undefined, { signal: AbortSignal.abort() }));
    expect(isAbortError(error)).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('treats a 200 body with status fail as a failure', async () => {
    stubFetch(() => jsonResponse({ status: 'fail', message: 'Nope' }));
    const error = await failure(apiGet('/x/'));
    expect(error).toMatchObject({ code: 'fail', statusCode: 200, message: 'Nope' });
  });

  it('rejects a 2xx body that is not JSON and accepts an empty one', async () => {
    stubFetch(() => new Response('<html>'));
    expect(await failure(apiGet('/x/'))).toMatchObject({ code: 'invalid_response' });
    stubFetch(() => new Response(''));
    await expect(apiGet('/x/')).resolves.toEqual({});
  });
});

describe('apiPost', () => {
  it('sends a form-encoded body with the CSRF and ajax headers', async () => {
    const fetch = stubFetch(() => jsonResponse({ status: 'ok' }));
    await apiPost('/web/comments/1/add/', {
      comment_text: 'hi & bye',
      count: 3,
      private_account: false,
      missing: undefined,
      gone: null,
    });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/web/comments/1/add/');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    const headers = headersOf(init);
    expect(headers.get('X-CSRFToken')).toBe('tok123');
    expect(headers.get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(headers.get('Content-Type')).toMatch(/^application\/x-www-form-urlencoded/);
    expect(init.body).toBe('comment_text=hi+%26+bye&count=3&private_account=false');
  });

  it('sends FormData as multipart, letting the browser set the boundary', async () => {
    const fetch = stubFetch(() => jsonResponse({ upload_id: '1' }));
    const form = new FormData();
    form.append('upload_id', '1');
    await expect(apiPost('/create/upload/photo/', form)).resolves.toEqual({ upload_id: '1' });
    const [, init] = fetch.mock.calls[0];
    expect(init.body).toBe(form);
    expect(headersOf(init).has('Content-Type')).toBe(false);
    expect(headersOf(init).get('X-CSRFToken')).toBe('tok123');
  });

  it('is not retried after a network failure', async () => {
    const fetch = stubFetch(networkFailure, () => jsonResponse({}));
    expect(await failure(apiPost('/x/'))).toMatchObject({ networkError: true });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('parses a 4xx failure into the RequestError', async () => {
    stubFetch(() =>
      jsonResponse({ status: 'fail', message: 'Please wait.', spam: true }, 400, 'Bad Request'),
    );
    const error = await failure(apiPost('/x/', { a: '1' }));
    expect(error).toBeInstanceOf(RequestError);
    expect(error).toMatchObject({
      statusCode: 400,
      statusText: 'Bad Request',
      networkError: false,
      parsed: { status: 'fail', message: 'Please wait.', spam: true },
    });
    expect(serverMessage(error)).toBe('Please wait.');
  });

  it('follows a same-host redirect_url from a failure', async () => {
    stubFetch(() =>
      jsonResponse({ status: 'fail', message: 'Checkpoint', redirect_url: '/challenge/1/' }, 400),
    );
    await failure(apiPost('/x/'));
    expect(navigate).toHaveBeenCalledWith('/challenge/1/');
  });

  it('follows a same-host absolute checkpoint_url', async () => {
    const checkpoint = `${window.location.origin}/challenge/2/`;
    stubFetch(() =>
      jsonResponse({ status: 'fail', message: 'x', checkpoint_url: checkpoint }, 403),
    );
    await failure(apiPost('/x/'));
    expect(navigate).toHaveBeenCalledWith('/challenge/2/');
  });

  it('ignores foreign or unsafe redirect targets', async () => {
    for (const target of ['https://evil.com/', '//evil.com', 'javascript:alert(1)']) {
      stubFetch(() => jsonResponse({ status: 'fail', message: 'x', redirect_url: target }, 400));
      await failure(apiPost('/x/'));
    }
    expect(navigate).not.toHaveBeenCalled();
  });

  it('never follows redirects from GET failures', async () => {
    stubFetch(() => jsonResponse({ status: 'fail', message: 'x', redirect_url: '/c/' }, 400));
    await failure(apiGet('/x/'));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('times out as a network error', async () => {
    stubFetch(hang);
    expect(await failure(apiPost('/x/', {}, { timeoutMs: 5 }))).toMatchObject({
      networkError: true,
      code: 'timeout',
    });
  });
});

describe('isAbortError', () => {
  it('recognises only abort errors', () => {
    expect(isAbortError(new DOMException('x', 'AbortError'))).toBe(true);
    expect(isAbortError(new DOMException('x', 'TimeoutError'))).toBe(false);
    expect(isAbortError(new TypeError('Failed to fetch'))).toBe(false);
    expect(isAbortError('AbortError')).toBe(false);
    expect(isAbortError(null)).toBe(false);
  });
});
