/** Order statistics for bench samples. Every figure the suite prints comes from here. */

export interface Summary {
  median: number;
  min: number;
  max: number;
  p95: number;
  runs: number;
}

/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

/** Median with the usual mean of the two middle values for an even count. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function summarize(samples: readonly number[]): Summary {
  return {
    median: median(samples),
    min: samples.length ? Math.min(...samples) : Number.NaN,
    max: samples.length ? Math.max(...samples) : Number.NaN,
    p95: percentile(samples, 95),
    runs: samples.length,
  };
}

/** a / b, or null when either side is missing or b is zero (never Infinity in the report). */
export function ratio(a: number | undefined, b: number | undefined): number | null {
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) {
    return null;
  }
  return a / b;
}

/** Rounds for display and JSON: 3 significant digits below 100, whole numbers above. */
export function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  if (Math.abs(value) >= 100) return Math.round(value);
  return Number(value.toPrecision(3));
}
