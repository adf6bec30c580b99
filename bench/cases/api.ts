/**
 * Case 7, api: requests/s and latency of the feed query and the like call beside a trivial route
 * (/api/health/) of the same server, in interleaved bursts from bench/lib/load.ts (concurrency
 * 10, keep-alive, loopback). The load generator shares the 2 cores with the server: figures are
 * a floor of what the server does, and comparable with each other.
 */
import { measured, skipped } from '../lib/entries';
import { interleave } from '../lib/interleave';
import { runLoad, type LoadResult, type LoadTarget } from '../lib/load';
import { feedPosts, feedQueryPath, unkeptHomeFeedPath } from '../lib/posts';
import { ajaxHeaders, cookieHeader } from '../lib/session';
import { median, percentile, ratio } from '../lib/stats';
import type { BenchCase, Entry } from '../lib/types';

const CONCURRENCY = 10;

export const api: BenchCase = {
  name: 'api',
  title: 'API throughput and latency (loopback)',
  async run(env) {
    const { session } = env;
    const posts = await feedPosts(session).catch(() => []);
    const member = { cookie: cookieHeader(session.cookies), 'x-requested-with': 'XMLHttpRequest' };
    const targets: Record<string, LoadTarget> = {
      'GET /api/health/ (trivial)': { method: 'GET', path: '/api/health/' },
      // The same request again and again: after the first, the server's kept answer (ANSWER_CACHE)
      // until a write — here the like call's rounds.
      'feed query (12 posts)': { method: 'GET', path: feedQueryPath(12), headers: member },
      // Variables that differ on every request: the query's own cost, nothing kept.
      'feed query, not kept': { method: 'GET', path: unkeptHomeFeedPath, headers: member },
    };
    if (posts.length) {
      targets['like call'] = {
        method: 'POST',
        path: `/web/likes/${posts[0].id}/like/`,
        headers: { ...ajaxHeaders(session), 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      };
    }
    // Bursts: 7 × 0.7 s per target (4.9 s in all, within the 5 s bound), after one 0.3 s warm-up.
    const burstMs = env.quick ? 300 : 700;
    const bursts = await interleave<LoadResult>(
      Object.entries(targets).map(([name, target]) => ({
        name,
        run: (round) =>
          runLoad(session.baseUrl, target, {
            concurrency: CONCURRENCY,
            durationMs: round < 0 ? 300 : burstMs,
          }),
      })),
      env.warmup,
      env.runs,
    );
    const trivialRps = median(
      (bursts.get('GET /api/health/ (trivial)') ?? []).map((b) => b.requestsPerSecond),
    );
    const entries: Entry[] = [];
    for (const name of Object.keys(targets)) {
      const runs = bursts.get(name) ?? [];
      const latencies = runs.flatMap((b) => b.latenciesMs);
      const rps = runs.map((b) => b.requestsPerSecond);
      const errors = runs.reduce((n, b) => n + b.errors, 0);
      entries.push(
        measured(
          {
            case: 'api',
            input: `concurrency ${CONCURRENCY}, ${runs.length} × ${burstMs} ms`,
            contender: name,
            metric: 'throughput',
            unit: 'req/s',
            higherIsBetter: true,
            ...(errors ? { note: `${errors} non-2xx responses or socket errors` } : {}),
          },
          rps,
          { vsTrivial: ratio(median(rps), trivialRps) },
          {
            p50Ms: percentile(latencies, 50),
            p99Ms: percentile(latencies, 99),
            requests: latencies.length,
            errors,
          },
        ),
      );
      if (errors) entries[entries.length - 1].status = 'error';
    }
    if (!posts.length) {
      entries.push(
        skipped(
          { case: 'api', input: '', contender: 'like call', metric: 'throughput', unit: 'req/s' },
          'no posts in the feed (demo seed missing)',
        ),
      );
    }
    return entries;
  },
};
