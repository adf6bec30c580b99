import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiPost,
  isAbortError,
  RequestError,
  setRedirectNavigator,
  type UploadProgress,
} from '../../../src/api/client';
import { deleteCookie, setCookie } from '../../../src/lib/cookies';

/** A stand-in XMLHttpRequest the test drives by hand. */
class FakeXhr extends EventTarget {
  static last: FakeXhr;
  upload = new EventTarget();
  method = '';
  url = '';
  timeout = 0;
  status = 0;
  statusText = '';
  responseText = '';
  headers: Record<string, string> = {};
  body: unknown;

  constructor() {
    super();
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.dispatchEvent(new Event('abort'));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event('progress'), { loaded, total, lengthComputable: true }),
    );
  }
  respond(status: number, body: unknown, statusText = '') {
    Object.assign(this, { status, statusText, responseText: JSON.stringify(body) });
    this.dispatchEvent(new Event('load'));
  }
}

const navigate = vi.fn<(url: string) => void>();
let restoreNavigator: (url: string) => void;

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  setCookie('csrftoken', 'tok');
  restoreNavigator = setRedirectNavigator(navigate);
});

afterEach(() => {
  vi.unstubAllGlobals();
  deleteCookie('csrftoken');
  setRedirectNavigator(restoreNavigator);
  navigate.mockReset();
});

/** Starts an upload and waits for its request (the XMLHttpRequest path loads on first use). */
async function upload(
  onUploadProgress = vi.fn<(p: UploadProgress) => void>(),
  signal?: AbortSignal,
) {
  const form = new FormData();
  form.append('profile_pic', new Blob(['x'], { type: 'image/jpeg' }), 'a.jpg');
  const previous = FakeXhr.last;
  const promise = apiPost('/accounts/web_change_profile_picture/', form, {
    onUploadProgress,
    signal,
  });
  await vi.waitFor(() => expect(FakeXhr.last).not.toBe(previous));
  return { form, promise, onUploadProgress };
}

describe('uploads with progress', () => {
  it('posts the form with CSRF headers and the upload timeout, reporting progress', async () => {
    const { form, promise, onUploadProgress } = await upload();
    const xhr = FakeXhr.last;
    expect(xhr.method).toBe('POST');
    expect(xhr.body).toBe(form);
    expect(xhr.timeout).toBe(120_000);
    expect(xhr.headers['X-CSRFToken']).toBe('tok');
    expect(xhr.headers['X-Requested-With']).toBe('XMLHttpRequest');
    xhr.progress(50, 200);
    xhr.progress(200, 200);
    xhr.respond(200, { changed_profile: true });
    await expect(promise).resolves.toEqual({ changed_profile: true });
    expect(onUploadProgress.mock.calls.map(([p]) => p.fraction)).toEqual([0.25, 1]);
  });

  it('rejects with a parsed RequestError and follows a same-host redirect', async () => {
    const { promise } = await upload();
    FakeXhr.last.respond(400, { status: 'fail', message: 'Bad image', redirect_url: '/c/' }, 'Bad');
    await expect(promise).rejects.toMatchObject({
      statusCode: 400,
      statusText: 'Bad',
      message: 'Bad image',
    });
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/c/');
  });

  it('reports network errors and timeouts as network RequestErrors', async () => {
    const first = (await upload()).promise;
    FakeXhr.last.dispatchEvent(new Event('error'));
    await expect(first).rejects.toMatchObject({ networkError: true, code: 'network' });
    const second = (await upload()).promise;
    FakeXhr.last.dispatchEvent(new Event('timeout'));
    await expect(second).rejects.toMatchObject({ networkError: true, code: 'timeout' });
  });

  it('is silent when the caller aborts', async () => {
    const controller = new AbortController();
    const { promise } = await upload(undefined, controller.signal);
    controller.abort();
    const error = await promise.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(error).not.toBeInstanceOf(RequestError);
  });
});
