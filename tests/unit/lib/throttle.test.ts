// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttle } from '../../../src/lib/throttle';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('throttle', () => {
  it('runs at once, then once more with the latest arguments', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 250);
    throttled(1);
    throttled(2);
    throttled(3);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(250);
    expect(fn.mock.calls).toEqual([[1], [3]]);
    vi.advanceTimersByTime(1000);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('runs immediately again once the interval has passed', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 250);
    throttled('a');
    vi.advanceTimersByTime(300);
    throttled('b');
    expect(fn.mock.calls).toEqual([['a'], ['b']]);
  });

  it('cancel drops the pending trailing call', () => {
    const fn = vi.fn();
    const throttled = throttle(fn, 250);
    throttled(1);
    throttled(2);
    throttled.cancel();
    vi.advanceTimersByTime(500);
    expect(fn.mock.calls).toEqual([[1]]);
  });
});
