/**
 * The seed's only source of randomness: mulberry32, a tiny 32-bit PRNG. Every choice the seed
 * makes goes through one of these, so the same seed number always yields the same data.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }

  /** n distinct items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], n: number): T[] {
    return this.shuffle(items).slice(0, Math.max(0, n));
  }

  /**
   * An independent generator seeded from this one. Pictures draw from a fork, so tweaking how a
   * picture is drawn never shifts the data (usernames, shortcodes…) chosen after it.
   */
  fork(): Rng {
    return new Rng(Math.floor(this.next() * 4294967296));
  }
}

/**
 * Deterministic numeric-string ids. They start at 10^18 — 19 digits like ids from server/ids.ts
 * newId(), but always smaller, so seeded rows sort before anything created later.
 */
export class IdCounter {
  private n = 0n;
  next(): string {
    this.n += 1n;
    return (1_000_000_000_000_000_000n + this.n).toString();
  }
}
