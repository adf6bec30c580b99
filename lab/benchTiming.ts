/** Timing helpers for the bench page: wall time of a job plus main-thread long tasks during it. */

interface Span {
  start: number;
  end: number;
}

const longTasks: Span[] = [];
const record = (entries: PerformanceEntryList) => {
  for (const e of entries) longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
};
const observer = new PerformanceObserver((list) => record(list.getEntries()));
observer.observe({ type: 'longtask', buffered: true });

const nextFrame = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));

/** Milliseconds of long tasks (> 50 ms main-thread tasks) overlapping [start, end]. */
export function longTaskMs(start: number, end: number): number {
  record(observer.takeRecords());
  let total = 0;
  for (const t of longTasks) total += Math.max(0, Math.min(end, t.end) - Math.max(start, t.start));
  return total;
}

export interface Timed<T> {
  ms: number;
  longTaskMs: number;
  value: T;
}

export async function timed<T>(job: () => Promise<T>): Promise<Timed<T>> {
  const start = performance.now();
  const value = await job();
  const end = performance.now();
  // Long-task entries are queued after the task ends; one frame later they are all recorded.
  await nextFrame();
  return { ms: end - start, longTaskMs: longTaskMs(start, end), value };
}

export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}
