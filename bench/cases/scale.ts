/**
 * Case 9, scale: does the home feed stay as fast when the data grows? The demo member's feed
 * query (the app's exact variables) on three databases in one run — the demo seed, 10× (300
 * members, 2 000 posts) and 100× (3 000 members, 20 000 posts) — one request at a time (300
 * after a warm-up) and at concurrency 10 (bench/lib/load.ts), reported as p50/p99 and as the
 * ratio of each p50 to the demo database's. Every request's variables differ, so the server keeps no
 * answer for them (ANSWER_CACHE): these rows are the query's own cost. All servers run at once and are measured in
 * interleaved rounds, so machine drift hits every size alike. --quick: the demo seed and a 2×
 * one (60 members, 400 posts), few requests. Seeded directories are cached (seed-cache).
 */
import { measured } from '../lib/entries';
import { openBenchDatabase } from '../lib/benchDb';
import { interleave } from '../lib/interleave';
import { runLoad } from '../lib/load';
import { MemberClient } from '../lib/memberClient';
import { unkeptHomeFeedPath } from '../lib/posts';
import { startServer, type BenchServer, type SeedSize } from '../lib/server';
import { cookieHeader, logIn, type Session } from '../lib/session';
import { median, percentile, ratio } from '../lib/stats';
import type { BenchCase, CaseEnv, Entry } from '../lib/types';

interface Dataset {
  label: string;
  size: SeedSize;
}

const FULL = {
  datasets: [
    { label: 'demo', size: {} },
    { label: '10×', size: { members: 300, posts: 2000 } },
    { label: '100×', size: { members: 3000, posts: 20000 } },
  ] as Dataset[],
  rounds: 10,
  sequentialPerRound: 30,
  warmupRequests: 20,
  burstMs: 500,
};
const QUICK = {
  datasets: [
    { label: 'demo', size: {} },
    { label: '2×', size: { members: 60, posts: 400 } },
  ] as Dataset[],
  rounds: 3,
  sequentialPerRound: 10,
  warmupRequests: 5,
  burstMs: 200,
};
const CONCURRENCY = 10;

interface Running {
  dataset: Dataset;
  server: BenchServer;
  session: Session;
  client: MemberClient;
  members: number;
  posts: number;
}

interface Sample {
  latenciesMs: number[];
  errors: number;
  requestsPerSecond?: number;
}

async function datasetSize(server: BenchServer): Promise<{ members: number; posts: number }> {
  const db = await openBenchDatabase(server);
  try {
    const count = async (table: 'users' | 'posts') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { members: await count('users'), posts: await count('posts') };
  } finally {
    await db.destroy();
  }
}

async function sequential(client: MemberClient, count: number): Promise<Sample> {
  const sample: Sample = { latenciesMs: [], errors: 0 };
  for (let i = 0; i < count; i += 1) {
    const reply = await client.get(unkeptHomeFeedPath());
    sample.latenciesMs.push(reply.ms);
    if (reply.status < 200 || reply.status >= 300) sample.errors += 1;
  }
  return sample;
}

function entriesFor(
  running: Running[],
  samples: Map<string, Sample[]>,
  mode: 'one at a time' | `concurrency ${number}`,
  rounds: string,
): Entry[] {
  const demoP50 = median(
    samples.get(`${running[0].dataset.label}|${mode}`)?.flatMap((s) => s.latenciesMs) ?? [],
  );
  return running.map(({ dataset, members, posts }) => {
    const runs = samples.get(`${dataset.label}|${mode}`) ?? [];
    const latencies = runs.flatMap((s) => s.latenciesMs);
    const errors = runs.reduce((n, s) => n + s.errors, 0);
    const rps = runs.flatMap((s) =>
      s.requestsPerSecond === undefined ? [] : [s.requestsPerSecond],
    );
    const entry = measured(
      {
        case: 'scale',
        input: `${dataset.label}: ${members} members, ${posts} posts`,
        contender: `feed query, ${mode}`,
        metric: 'latency',
        unit: 'ms',
        ...(errors ? { note: `${errors} non-2xx responses or socket errors` } : {}),
      },
      latencies,
      { vsDemo: ratio(median(latencies), demoP50) },
      {
        p99Ms: percentile(latencies, 99),
        requests: latencies.length,
        ...(rps.length ? { reqPerS: median(rps) } : {}),
        rounds,
        errors,
      },
    );
    if (errors) entry.status = 'error';
    return entry;
  });
}

async function runScale(env: CaseEnv): Promise<Entry[]> {
  const shape = env.quick ? QUICK : FULL;
  const running: Running[] = [];
  try {
    // One after the other: a missing size is seeded (and cached) before the next starts.
    for (const dataset of shape.datasets) {
      const server = await startServer(env.log, { ...dataset.size, shareMedia: true });
      const session = await logIn(server.baseUrl, server.seeded).catch(async (error: unknown) => {
        await server.stop();
        throw error;
      });
      const size = await datasetSize(server);
      running.push({ dataset, server, session, client: new MemberClient(session), ...size });
      env.log(`scale: ${dataset.label} up (${size.members} members, ${size.posts} posts)`);
    }
    const contenders = running.flatMap((r) => [
      {
        name: `${r.dataset.label}|one at a time`,
        run: (round: number) =>
          sequential(r.client, round < 0 ? shape.warmupRequests : shape.sequentialPerRound),
      },
      {
        name: `${r.dataset.label}|concurrency ${CONCURRENCY}`,
        run: (round: number) =>
          runLoad(
            r.server.baseUrl,
            {
              method: 'GET',
              path: unkeptHomeFeedPath,
              headers: {
                cookie: cookieHeader(r.session.cookies),
                'x-requested-with': 'XMLHttpRequest',
              },
            },
            { concurrency: CONCURRENCY, durationMs: round < 0 ? 300 : shape.burstMs },
          ),
      },
    ]);
    const samples = await interleave<Sample>(contenders, 1, shape.rounds);
    return [
      ...entriesFor(
        running,
        samples,
        'one at a time',
        `${shape.rounds} × ${shape.sequentialPerRound} requests`,
      ),
      ...entriesFor(
        running,
        samples,
        `concurrency ${CONCURRENCY}`,
        `${shape.rounds} × ${shape.burstMs} ms`,
      ),
    ];
  } finally {
    for (const r of running) {
      r.client.close();
      await r.server.stop();
    }
  }
}

export const scale: BenchCase = {
  name: 'scale',
  title: 'Home feed latency as the data grows (demo, 10×, 100×)',
  standalone: true,
  run: runScale,
};
