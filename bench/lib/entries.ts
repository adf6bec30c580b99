/** Builds table/JSON rows from samples, so every case rounds and summarises the same way. */
import { round, summarize } from './stats';
import type { Entry, Extra } from './types';

type Base = Pick<Entry, 'case' | 'input' | 'contender' | 'metric' | 'unit'> &
  Partial<Pick<Entry, 'higherIsBetter' | 'note'>>;

export function measured(
  base: Base,
  samples: number[],
  ratios?: Record<string, number | null>,
  extra?: Extra,
): Entry {
  const s = summarize(samples);
  return {
    ...base,
    status: 'ok',
    median: round(s.median),
    min: round(s.min),
    max: round(s.max),
    p95: round(s.p95),
    runs: s.runs,
    samples: samples.map(round),
    ...(ratios ? { ratios: roundAll(ratios) } : {}),
    ...(extra ? { extra: roundAll(extra) } : {}),
  };
}

export function skipped(base: Base, reason: string): Entry {
  return { ...base, status: 'skipped', note: reason };
}

function roundAll<T extends number | string | boolean | null>(
  values: Record<string, T>,
): Record<string, T> {
  return Object.fromEntries(
    Object.entries(values).map(([k, v]) => [k, typeof v === 'number' ? round(v) : v]),
  ) as Record<string, T>;
}
