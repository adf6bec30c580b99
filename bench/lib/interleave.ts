/**
 * Runs contenders round-robin (A B C A B C …) so drift in machine state (thermal, caches, GC,
 * other processes) lands on every contender alike: `warmup` uncounted rounds, then `runs`
 * counted ones. Each contender returns one sample object per call.
 */
export interface Contender<T> {
  name: string;
  run(round: number): Promise<T>;
}

export async function interleave<T>(
  contenders: readonly Contender<T>[],
  warmup: number,
  runs: number,
): Promise<Map<string, T[]>> {
  const samples = new Map<string, T[]>(contenders.map((c) => [c.name, []]));
  for (let round = 0; round < warmup + runs; round += 1) {
    for (const contender of contenders) {
      const sample = await contender.run(round - warmup);
      if (round >= warmup) samples.get(contender.name)?.push(sample);
    }
  }
  return samples;
}
