import type { Rng } from '../random.ts';

/**
 * Picks items with a chance proportional to their weight, in O(log n) per pick (binary search
 * over running sums), so thousands of members can each draw dozens of follows.
 */
export class Weighted<T> {
  private readonly sums: Float64Array;
  private readonly total: number;

  constructor(
    readonly items: readonly T[],
    weights: readonly number[],
  ) {
    this.sums = new Float64Array(items.length);
    let total = 0;
    weights.forEach((w, i) => {
      total += w;
      this.sums[i] = total;
    });
    this.total = total;
  }

  pick(rng: Rng): T {
    const x = rng.next() * this.total;
    let lo = 0;
    let hi = this.sums.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.sums[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo];
  }

  /**
   * Up to n distinct items that `accept` lets through. Fewer when the draws keep hitting
   * refused or repeated items (bounded tries, so a tiny or heavily skewed list cannot spin).
   */
  sample(rng: Rng, n: number, accept: (item: T) => boolean = () => true): T[] {
    const out = new Set<T>();
    for (let tries = 0; out.size < n && tries < 20 * n + 50; tries++) {
      const item = this.pick(rng);
      if (accept(item)) out.add(item);
    }
    return [...out];
  }
}

/** Up to n distinct items of `items` drawn uniformly, without shuffling the whole list. */
export function sampleFew<T>(
  rng: Rng,
  items: readonly T[],
  n: number,
  accept: (item: T) => boolean = () => true,
): T[] {
  const out = new Set<T>();
  if (!items.length) return [];
  for (let tries = 0; out.size < n && tries < 20 * n + 50; tries++) {
    const item = items[Math.floor(rng.next() * items.length)];
    if (accept(item)) out.add(item);
  }
  return [...out];
}
