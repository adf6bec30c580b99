/**
 * Case 2, exif-read: exifr orientation + GPS (the pipeline's readPhotoMetadata) on the photo
 * inputs, in the page, on bytes already read. Each sample is one call; the result is checked so
 * a fast wrong answer cannot pass.
 */
import path from 'node:path';
import { measured } from '../lib/entries';
import { benchInputs } from '../lib/inputs';
import { interleave } from '../lib/interleave';
import { openBenchPage } from '../lib/page';
import type { BenchCase, Entry } from '../lib/types';

/** One call is ~ms: more counted calls than the export case keeps the median stable. */
const CALLS_PER_RUN = 5;

export const exifRead: BenchCase = {
  name: 'exif-read',
  title: 'EXIF orientation + GPS (exifr)',
  async run(env) {
    const { all } = await benchInputs(env.quick);
    const page = await openBenchPage(
      env,
      all.map((i) => i.file),
    );
    const entries: Entry[] = [];
    try {
      const samples = await interleave(
        all.map((input) => ({
          name: input.label,
          run: async () => {
            const out = [];
            for (let i = 0; i < (env.quick ? 1 : CALLS_PER_RUN); i += 1) {
              const name = path.basename(input.file);
              out.push(await page.page.evaluate((n) => window.glintBench.exif(n), name));
            }
            return out;
          },
        })),
        env.warmup,
        env.runs,
      );
      for (const input of all) {
        const calls = (samples.get(input.label) ?? []).flat();
        const wrong = calls.find(
          (c) => c.orientation !== input.orientation || c.hasGps !== input.hasGps,
        );
        entries.push(
          measured(
            {
              case: 'exif-read',
              input: input.label,
              contender: 'exifr orientation + GPS',
              metric: 'time',
              unit: 'ms',
              ...(wrong
                ? { note: `wrong result: orientation ${wrong.orientation}, GPS ${wrong.hasGps}` }
                : {}),
            },
            calls.map((c) => c.ms),
            undefined,
            {
              orientation: calls[0]?.orientation ?? null,
              gps: calls[0]?.hasGps ?? null,
              fileBytes: input.bytes,
            },
          ),
        );
        if (wrong) entries[entries.length - 1].status = 'error';
      }
    } finally {
      await page.close();
    }
    return entries;
  },
};
