// page_timing telemetry (accounts-platform §1 "performance timing"): one event per page load with
// the navigation timing of the document, sent once the load event has finished.
import { logClientEvent } from './eventLog';

type PerformanceLike = Pick<Performance, 'getEntriesByType'>;

/** Milliseconds since the navigation started, rounded; null when the browser did not record it. */
const ms = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) && value > 0 ? Math.round(value) : null;

/** The page_timing fields, or null without Navigation Timing level 2 (old browsers). */
export function collectPageTiming(perf: PerformanceLike): Record<string, unknown> | null {
  const [nav] = perf.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!nav) return null;
  const fcp = perf.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
  return {
    navigation_type: nav.type,
    ttfb: ms(nav.responseStart),
    dom_content_loaded: ms(nav.domContentLoadedEventEnd),
    load: ms(nav.loadEventEnd),
    first_contentful_paint: ms(fcp?.startTime),
  };
}

export interface PageTimingDeps {
  win?: Window;
  perf?: PerformanceLike;
  log?: (name: string, extra: Record<string, unknown>) => void;
}

/** Logs page_timing after the load event; returns a cancel for a page torn down before it. */
export function logPageTimingAfterLoad(deps: PageTimingDeps = {}): () => void {
  const win = deps.win ?? window;
  const perf = deps.perf ?? win.performance;
  const log = deps.log ?? logClientEvent;
  if (typeof perf?.getEntriesByType !== 'function') return () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // loadEventEnd is only set after every load listener has returned, so read it a task later.
  const report = () => {
    timer = setTimeout(() => {
      const timing = collectPageTiming(perf);
      if (timing) log('page_timing', timing);
    }, 0);
  };
  if (win.document.readyState === 'complete') {
    report();
    return () => clearTimeout(timer);
  }
  win.addEventListener('load', report, { once: true });
  return () => {
    win.removeEventListener('load', report);
    clearTimeout(timer);
  };
}
