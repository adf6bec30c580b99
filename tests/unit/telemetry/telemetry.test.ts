import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../src/api/client';
import {
  BATCH_SEND_DELAY_MS,
  SESSION_GAP_MS,
  STORED_EVENT_TTL_MS,
  TELEMETRY_STORAGE_KEY,
  createTelemetry,
  restoreQueue,
  shouldReportError,
  type TelemetryEvent,
} from '../../../src/lib/telemetry';

const httpError = (status: number) =>
  new RequestError({
    code: 'http',
    statusCode: status,
    statusText: '',
    responseText: '',
    parsed: null,
  });

function setup(
  post = vi.fn().mockResolvedValue({ status: 'ok' }),
  random = () => 0.5,
  mode = 'production',
  mirror: (events: TelemetryEvent[]) => void = vi.fn(),
) {
  const t = createTelemetry({
    post,
    now: Date.now,
    random,
    storage: window.localStorage,
    mode,
    mirror,
  });
  const sentBatches = () =>
    post.mock.calls
      .filter(([url]) => url === '/ajax/bz')
      .map(([, body]) => JSON.parse((body as { q: string }).q) as TelemetryEvent[]);
  return { t, post, sentBatches, mirror };
}

describe('telemetry events', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('sends one batch 10 s after the first pending event', async () => {
    const { t, post, sentBatches } = setup();
    t.logEvent('feed_view', { n: 1 });
    await vi.advanceTimersByTimeAsync(5_000);
    t.logEvent('like');
    await vi.advanceTimersByTimeAsync(BATCH_SEND_DELAY_MS - 5_001);
    expect(post).not.toHaveBeenCalled();
    expect(t.snapshot().map((q) => q.status)).toEqual(['pending', 'pending']);
    await vi.advanceTimersByTimeAsync(1);
    expect(sentBatches()).toHaveLength(1);
    expect(sentBatches()[0].map((e) => e.name)).toEqual(['feed_view', 'like']);
    expect(sentBatches()[0][0].extra).toEqual({ n: 1 });
    expect(t.snapshot()).toEqual([]); // sent items leave the queue
  });

  it('sends at once when 1000 events are pending', async () => {
    const { t, sentBatches } = setup();
    for (let i = 0; i < 1000; i++) t.logEvent('e', { i });
    await vi.advanceTimersByTimeAsync(0);
    expect(sentBatches()).toHaveLength(1);
    expect(sentBatches()[0]).toHaveLength(1000);
  });

  it('marks a batch sending while the request runs', async () => {
    let finish: (v: unknown) => void = () => undefined;
    const post = vi.fn(() => new Promise((resolve) => (finish = resolve)));
    const { t } = setup(post);
    t.logEvent('a');
    await vi.advanceTimersByTimeAsync(BATCH_SEND_DELAY_MS);
    t.logEvent('b');
    expect(t.snapshot().map((q) => [q.event.name, q.status])).toEqual([
      ['a', 'sending'],
      ['b', 'pending'],
    ]);
    finish({ status: 'ok' });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.snapshot().map((q) => q.event.name)).toEqual(['b']);
  });

  it('retries failures with status 400-599 and network errors, drops others', async () => {
    const post = vi
      .fn()
      .mockRejectedValueOnce(httpError(503))
      .mockRejectedValueOnce(
        new RequestError({
          code: 'network',
          statusCode: 0,
          statusText: '',
          responseText: '',
          parsed: null,
        }),
      )
      .mockResolvedValueOnce({ status: 'ok' });
    const { t, sentBatches } = setup(post);
    t.logEvent('a');
    await vi.advanceTimersByTimeAsync(BATCH_SEND_DELAY_MS);
    expect(t.snapshot().map((q) => q.status)).toEqual(['pending']);
    await vi.advanceTimersByTimeAsync(BATCH_SEND_DELAY_MS * 2);
    expect(sentBatches()).toHaveLength(3);
    expect(t.snapshot()).toEqual([]);

    post.mockRejectedValueOnce(new Error('bug in serialisation'));
    t.logEvent('b');
    await vi.advanceTimersByTimeAsync(BATCH_SEND_DELAY_MS);
    expect(t.snapshot()).toEqual([]);
  });

  it('renews the event session after 3 minutes of inactivity', async () => {
    const { t } = setup(vi.fn(() => new Promise(() => undefined)));
    t.logEvent('a');
    await vi.advanceTimersByTimeAsync(SESSION_GAP_MS);
    t.logEvent('b'); // exactly 3 minutes: same session
    await vi.advanceTimersByTimeAsync(SESSION_GAP_MS + 1);
    t.logEvent('c');
    const [a, b, c] = t.snapshot().map((q) => q.event.session_id);
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it('continues the event session across page loads; a new one only after 3 minutes idle', async () => {
    const { t } = setup(vi.fn(() => new Promise(() => undefined)));
    t.logEvent('first page');
    await vi.advanceTimersByTimeAsync(60_000);
    const { t: reloaded } = setup(vi.fn(() => new Promise(() => undefined)));
    reloaded.logEvent('after a reload');
    await vi.advanceTimersByTimeAsync(SESSION_GAP_MS + 1);
    const { t: later } = setup(vi.fn(() => new Promise(() => undefined)));
    later.logEvent('back after a break');
    const ids = later.snapshot().map((q) => q.event.session_id);
    expect(ids).toHaveLength(3);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('keeps pending events across reloads for a day', async () => {
    const { t } = setup(vi.fn(() => new Promise(() => undefined)));
    t.logEvent('kept');
    const stored = JSON.parse(window.localStorage.getItem(TELEMETRY_STORAGE_KEY)!) as unknown;
    const { t: reloaded, sentBatches } = setup();
    expect(reloaded.snapshot().map((q) => [q.event.name, q.status])).toEqual([['kept', 'pending']]);
    reloaded.start();
    await vi.advanceTimersByTimeAsync(BATCH_SEND_DELAY_MS);
    expect(sentBatches()[0].map((e) => e.name)).toEqual(['kept']);
    expect(restoreQueue(stored, Date.now() + STORED_EVENT_TTL_MS + 1)).toEqual([]);
    expect(restoreQueue('garbage', Date.now())).toEqual([]);
  });
});

describe('logging host copy', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    window.localStorage.clear();
  });
  afterEach(() => vi.useRealTimers());

  it('gets the same batch as /ajax/bz, and a retried batch only once', async () => {
    const post = vi.fn().mockRejectedValueOnce(httpError(503)).mockResolvedValue({ status: 'ok' });
    const mirror = vi.fn();
    const { t, sentBatches } = setup(post, undefined, undefined, mirror);
    t.logEvent('a', { n: 1 });
    await vi.advanceTimersByTimeAsync(BATCH_SEND_DELAY_MS);
    expect(mirror).toHaveBeenCalledTimes(1);
    expect(mirror.mock.calls[0][0]).toEqual(sentBatches()[0]);
    t.logEvent('b');
    await vi.advanceTimersByTimeAsync(BATCH_SEND_DELAY_MS);
    expect(sentBatches()[1].map((e) => e.name)).toEqual(['a', 'b']); // the retry holds a again
    expect(mirror).toHaveBeenCalledTimes(2);
    expect((mirror.mock.calls[1][0] as TelemetryEvent[]).map((e) => e.name)).toEqual(['b']);
  });

  it('never disturbs the main batch when the copy throws', async () => {
    const mirror = vi.fn(() => {
      throw new Error('logging host down');
    });
    const { t, sentBatches } = setup(undefined, undefined, undefined, mirror);
    t.logEvent('a');
    await vi.advanceTimersByTimeAsync(BATCH_SEND_DELAY_MS);
    expect(mirror).toHaveBeenCalledTimes(1);
    expect(sentBatches()).toHaveLength(1);
    expect(t.snapshot()).toEqual([]);
  });
});

describe('uncaught error reporting', () => {
  beforeEach(() => vi.useRealTimers());

  it('samples at 10 percent, always on canary', () => {
    expect(shouldReportError('production', () => 0.05)).toBe(true);
    expect(shouldReportError('production', () => 0.1)).toBe(false);
    expect(shouldReportError('canary', () => 0.99)).toBe(true);
  });

  it('reports window errors and unhandled rejections to /client_error/', () => {
    const post = vi.fn().mockResolvedValue({ status: 'ok' });
    let roll = 0.05;
    const { t } = setup(post, () => roll);
    const stop = t.start();
    window.dispatchEvent(new ErrorEvent('error', { message: 'boom', error: new Error('boom') }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: 'nope' });
    window.dispatchEvent(rejection);
    roll = 0.5;
    window.dispatchEvent(new ErrorEvent('error', { message: 'not sampled' }));
    stop();
    const reports = post.mock.calls.filter(([url]) => url === '/client_error/');
    expect(reports.map(([, body]) => (body as { message: string }).message)).toEqual([
      'boom',
      'nope',
    ]);
    expect(reports[0][1]).toMatchObject({ url: window.location.href, stack: expect.any(String) });
  });
});
