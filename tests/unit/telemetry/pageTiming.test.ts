// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectPageTiming, logPageTimingAfterLoad } from '../../../src/lib/pageTiming';

const navigation = {
  type: 'navigate',
  responseStart: 120.4,
  domContentLoadedEventEnd: 480.6,
  loadEventEnd: 0, // still 0 while load listeners run
};

function fakePerformance(withPaint = true) {
  return {
    getEntriesByType: vi.fn((type: string) => {
      if (type === 'navigation') return [navigation];
      if (type === 'paint' && withPaint)
        return [
          { name: 'first-paint', startTime: 300 },
          { name: 'first-contentful-paint', startTime: 350.2 },
        ];
      return [];
    }),
  } as unknown as Performance;
}

/** A window whose readyState the test controls, with real event dispatch. */
function fakeWindow(readyState: DocumentReadyState) {
  const target = new EventTarget();
  return Object.assign(target, { document: { readyState } }) as unknown as Window;
}

describe('page_timing', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    navigation.loadEventEnd = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('logs navigation timing once, after the load event has finished', () => {
    const win = fakeWindow('interactive');
    const log = vi.fn();
    logPageTimingAfterLoad({ win, perf: fakePerformance(), log });
    vi.runAllTimers();
    expect(log).not.toHaveBeenCalled();
    win.dispatchEvent(new Event('load'));
    navigation.loadEventEnd = 900.7; // set by the browser once the load handlers return
    vi.runAllTimers();
    win.dispatchEvent(new Event('load'));
    vi.runAllTimers();
    expect(log).toHaveBeenCalledTimes(1);
    expect(log).toHaveBeenCalledWith('page_timing', {
      navigation_type: 'navigate',
      ttfb: 120,
      dom_content_loaded: 481,
      load: 901,
      first_contentful_paint: 350,
    });
  });

  it('logs at once when the page had already loaded; FCP is null when unknown', () => {
    navigation.loadEventEnd = 900;
    const log = vi.fn();
    logPageTimingAfterLoad({ win: fakeWindow('complete'), perf: fakePerformance(false), log });
    vi.runAllTimers();
    expect(log).toHaveBeenCalledWith(
      'page_timing',
      expect.objectContaining({ load: 900, first_contentful_paint: null }),
    );
  });

  it('logs nothing without Navigation Timing, or when cancelled first', () => {
    const log = vi.fn();
    const none = { getEntriesByType: () => [] } as unknown as Performance;
    expect(collectPageTiming(none)).toBeNull();
    logPageTimingAfterLoad({ win: fakeWindow('complete'), perf: none, log });
    const cancel = logPageTimingAfterLoad({
      win: fakeWindow('complete'),
      perf: fakePerformance(),
      log,
    });
    cancel();
    vi.runAllTimers();
    expect(log).not.toHaveBeenCalled();
  });
});
