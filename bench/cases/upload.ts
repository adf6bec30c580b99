/**
 * Case 6, upload: the same JPEG through tus (chunked, resumable; what the app uses) and through
 * the single-shot form POST, from the page, interleaved. Then resume cost: the bytes the browser
 * sends for a tus upload whose connection is cut once half the file has gone out, against the
 * bytes of a clean upload through the same loopback proxy.
 */
import path from 'node:path';
import { measured } from '../lib/entries';
import { uploadPayload } from '../lib/inputs';
import { interleave } from '../lib/interleave';
import { openBenchPage } from '../lib/page';
import { startProxy } from '../lib/proxy';
import { median, ratio } from '../lib/stats';
import type { BenchCase, Entry } from '../lib/types';

/** The bench's chunk size (the app's chunked uploader may pick another; keep them in step). */
export const CHUNK_BYTES = 512 * 1024;

const mbps = (bytes: number, ms: number) => bytes / 1e6 / (ms / 1000);

export const upload: BenchCase = {
  name: 'upload',
  title: 'Chunked upload (tus) vs single-shot POST',
  async run(env) {
    const payload = await uploadPayload(env.quick);
    const name = path.basename(payload.file);
    const input = `${(payload.bytes / 1e6).toFixed(2)} MB JPEG, chunk ${CHUNK_BYTES / 1024} KiB`;
    const entries: Entry[] = [];

    const direct = await openBenchPage(env, [payload.file]);
    let speed: Map<string, number[]>;
    const patches: number[] = [];
    try {
      speed = await interleave<number>(
        [
          {
            name: 'tus',
            run: async () => {
              const s = await direct.page.evaluate(([n, c]) => window.glintBench.tusUpload(n, c), [
                name,
                CHUNK_BYTES,
              ] as const);
              patches.push(s.chunks);
              return mbps(s.bytes, s.ms);
            },
          },
          {
            name: 'form',
            run: async () => {
              const s = await direct.page.evaluate((n) => window.glintBench.formUpload(n), name);
              return mbps(s.bytes, s.ms);
            },
          },
        ],
        env.warmup,
        env.runs,
      );
    } finally {
      await direct.close();
    }
    const formMedian = median(speed.get('form') ?? []);
    const base = {
      case: 'upload',
      input,
      metric: 'throughput',
      unit: 'MB/s',
      higherIsBetter: true,
    };
    entries.push(
      measured(
        { ...base, contender: 'tus chunked (tus-js-client)' },
        speed.get('tus') ?? [],
        { vsSingleShot: ratio(median(speed.get('tus') ?? []), formMedian) },
        { patchRequests: median(patches) },
      ),
      measured({ ...base, contender: 'single-shot form POST' }, speed.get('form') ?? []),
    );

    const proxy = await startProxy(env.server.port);
    const viaProxy = await openBenchPage(env, [payload.file], { baseUrl: proxy.url });
    // PATCHes tus-js-client sent vs PATCH request lines on the wire: more on the wire means the
    // browser itself re-sent a request (Chromium retries once on a reused keep-alive socket).
    const resumedPatches: number[] = [];
    const wirePatches: number[] = [];
    try {
      const sentFor = async (cut: boolean) => {
        proxy.reset();
        if (cut) proxy.cutAfter(payload.bytes / 2);
        const cutsBefore = proxy.cuts();
        const s = await viaProxy.page.evaluate(([n, c]) => window.glintBench.tusUpload(n, c), [
          name,
          CHUNK_BYTES,
        ] as const);
        if (cut && proxy.cuts() === cutsBefore) throw new Error('the proxy never cut the upload');
        if (cut) {
          resumedPatches.push(s.requests.PATCH ?? 0);
          wirePatches.push(proxy.requests().PATCH ?? 0);
        }
        return proxy.sent();
      };
      const sent = await interleave<number>(
        [
          { name: 'clean', run: () => sentFor(false) },
          { name: 'cut', run: () => sentFor(true) },
        ],
        env.warmup,
        env.runs,
      );
      const clean = sent.get('clean') ?? [];
      const cut = sent.get('cut') ?? [];
      const again = cut.map((bytes, i) => bytes - (clean[i] ?? median(clean)));
      entries.push(
        measured(
          {
            case: 'upload',
            input,
            contender: 'tus resume after a cut at 50 %',
            metric: 'bytes sent again',
            unit: 'bytes',
          },
          again,
          undefined,
          {
            cleanUploadBytes: median(clean),
            fileBytes: payload.bytes,
            againPercentOfFile: (median(again) / payload.bytes) * 100,
            clientPatches: median(resumedPatches),
            wirePatches: median(wirePatches),
          },
        ),
      );
    } finally {
      await viaProxy.close();
      await proxy.close();
    }
    return entries;
  },
};
