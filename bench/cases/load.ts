/**
 * Case 8, load: N simulated members (default 50; --members N), each logged in as a different
 * seeded member on its own keep-alive connection, run a member's mix of reads and writes
 * (bench/lib/memberMix.ts) against one server for a bounded time (60 s; --quick 5 s with 20
 * members). Per operation: throughput, p50/p99 latency and errors. Then, with the server idle,
 * the database is checked against every acknowledged write (bench/lib/writeCheck.ts): lost and
 * duplicated writes and count mismatches must be 0, or the case fails.
 *
 * The run writes, so it gets its own server on a fresh copy of the seeded data: the 10× seed
 * (300 members, 2 000 posts) for a full run so 50 different members exist, the demo seed for
 * --quick. With --database-url it runs on that PostgreSQL database instead (emptied and seeded
 * with the demo seed by the server on start: a correctness check, not a timing).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onPath } from '../../scripts/cluster/apt';
import { startRedis } from '../../scripts/cluster/redis';
import { measured, skipped } from '../lib/entries';
import { openBenchDatabase } from '../lib/benchDb';
import { memberCandidates, planMembers, type PoolPerson } from '../lib/loadPlan';
import { MemberClient } from '../lib/memberClient';
import { OPS, runMix, type MixMember, type MixResult } from '../lib/memberMix';
import { freePort, startServer, type BenchServer } from '../lib/server';
import { DEMO, logInAs, type Session } from '../lib/session';
import { percentile } from '../lib/stats';
import { checkWritesLanded, type CountCheck, type WriteCheckResult } from '../lib/writeCheck';
import type { BenchCase, CaseEnv, Entry } from '../lib/types';

const FULL = { members: 50, seconds: 60, seed: { members: 300, posts: 2000 }, label: '10× seed' };
const QUICK = { members: 20, seconds: 5, seed: {}, label: 'demo seed' };
/** Bound on one member's actions, beside the time bound. */
const MAX_ACTIONS_PER_MEMBER = 100_000;

/** Logs in `wanted` distinct members, skipping any whose login fails; sequential and bounded. */
async function logInMembers(
  server: BenchServer,
  candidates: PoolPerson[],
  wanted: number,
): Promise<{ sessions: Map<string, Session>; failures: string[] }> {
  const sessions = new Map<string, Session>();
  const failures: string[] = [];
  for (const c of candidates) {
    if (sessions.size >= wanted) break;
    try {
      sessions.set(c.id, await logInAs(server.baseUrl, c.username, DEMO.password));
    } catch (error) {
      failures.push(String(error instanceof Error ? error.message : error).slice(0, 120));
    }
  }
  return { sessions, failures };
}

/** Completed requests in each whole second of the run. */
function perSecond(doneAtMs: number[], seconds: number): number[] {
  const windows = Array.from({ length: Math.max(1, Math.floor(seconds)) }, () => 0);
  for (const at of doneAtMs) {
    const i = Math.floor(at / 1000);
    if (i < windows.length) windows[i] += 1;
  }
  return windows;
}

/**
 * `generatorCpu`: the share of one core this bench process (the 50 members' HTTP clients) used
 * during the run — CPU the server processes did not have on this 2-core machine.
 */
function opEntries(result: MixResult, input: string, generatorCpu: string): Entry[] {
  const entries: Entry[] = [];
  const rows = OPS.map((op) => [op, result.ops.get(op)!] as const);
  const all = {
    latenciesMs: rows.flatMap(([, stats]) => stats.latenciesMs),
    doneAtMs: rows.flatMap(([, stats]) => stats.doneAtMs),
    errors: rows.reduce((n, [, stats]) => n + stats.errors, 0),
  };
  const firstErrors = rows.flatMap(([, stats]) => stats.firstErrors).slice(0, 3);
  for (const [op, stats] of [...rows, ['all requests', { ...all, firstErrors }] as const]) {
    if (!stats.latenciesMs.length) continue;
    const entry = measured(
      {
        case: 'load',
        input,
        contender: op,
        metric: 'throughput',
        unit: 'req/s',
        higherIsBetter: true,
        ...(stats.errors
          ? { note: `${stats.errors} errors: ${stats.firstErrors.join(' | ').slice(0, 300)}` }
          : {}),
      },
      perSecond(stats.doneAtMs, result.seconds),
      undefined,
      {
        p50Ms: percentile(stats.latenciesMs, 50),
        p99Ms: percentile(stats.latenciesMs, 99),
        requests: stats.latenciesMs.length,
        errors: stats.errors,
        ...(op === 'all requests' ? { generatorCpu } : {}),
      },
    );
    if (stats.errors) entry.status = 'error';
    entries.push(entry);
  }
  return entries;
}

function countEntry(input: string, contender: string, unit: string, check: CountCheck): Entry {
  const base = { case: 'load', input, contender, metric: 'count', unit };
  if (check.mismatches === null) return skipped(base, check.detail);
  const entry = measured(base, [check.mismatches], undefined, { over: check.detail });
  if (check.mismatches) {
    entry.status = 'error';
    entry.note = `must be 0: ${check.detail}`;
  }
  return entry;
}

function checkEntries(input: string, check: WriteCheckResult): Entry[] {
  const { writes } = check;
  const kinds = (field: 'lost' | 'duplicated') =>
    Object.entries(writes.byKind)
      .map(([kind, k]) => `${kind} ${k[field]}/${k.checked}`)
      .join(', ');
  const entries = [
    measured(
      {
        case: 'load',
        input,
        contender: 'lost writes (must be 0)',
        metric: 'count',
        unit: 'writes',
      },
      [writes.lost],
      undefined,
      {
        acknowledged: writes.acknowledged,
        judged: writes.checked,
        notJudged: writes.uncertain,
        byKind: kinds('lost'),
      },
    ),
    measured(
      {
        case: 'load',
        input,
        contender: 'duplicated writes (must be 0)',
        metric: 'count',
        unit: 'writes',
      },
      [writes.duplicated],
      undefined,
      { byKind: kinds('duplicated') },
    ),
  ];
  for (const e of entries) if (e.median) e.status = 'error';
  entries.push(
    countEntry(input, 'posts.like_count ≠ count(likes)', 'posts', check.likeCount),
    countEntry(input, "feed_items ≠ own + followees' posts", 'rows', check.feedItems),
  );
  return entries;
}

/** One run of the mix against a fresh server: one process, or `processes` sharing a Redis. */
async function runOnce(
  env: CaseEnv,
  processes?: { count: number; redisUrl: string },
): Promise<Entry[]> {
  const shape = env.quick ? QUICK : FULL;
  const wanted = env.members ?? shape.members;
  const onPostgres = Boolean(env.databaseUrl);
  const server = await startServer(env.log, {
    // PostgreSQL is seeded by the server on start: the demo size keeps that to seconds.
    ...(onPostgres ? {} : shape.seed),
    databaseUrl: env.databaseUrl,
    shareMedia: true,
    processes,
  });
  const clients: MixMember[] = [];
  try {
    const db = await openBenchDatabase(server);
    try {
      const candidates = await memberCandidates(db, wanted);
      const { sessions, failures } = await logInMembers(server, candidates, wanted);
      if (failures.length) env.log(`load: ${failures.length} logins failed: ${failures[0]}`);
      if (!sessions.size)
        throw new Error(`no member could log in (${failures[0] ?? 'no members'})`);
      const picked = candidates.filter((c) => sessions.has(c.id));
      for (const plan of await planMembers(db, picked)) {
        clients.push({ plan, client: new MemberClient(sessions.get(plan.id)!) });
      }
      const seedLabel = onPostgres ? 'PostgreSQL, demo seed' : `SQLite, ${shape.label}`;
      const where = processes ? `, ${processes.count} server processes + Redis` : '';
      const input = `${clients.length} members, ${shape.seconds} s, ${seedLabel}${where}`;
      env.log(`load: ${input} …`);
      const runTag = crypto.randomBytes(4).toString('hex');
      const cpuFrom = process.cpuUsage();
      const wallFrom = performance.now();
      const result = await runMix(clients, {
        durationMs: shape.seconds * 1000,
        maxActionsPerMember: MAX_ACTIONS_PER_MEMBER,
        runTag,
      });
      const cpu = process.cpuUsage(cpuFrom);
      const generatorCpu = `${(((cpu.user + cpu.system) / 1000 / (performance.now() - wallFrom)) * 100).toFixed(0)}% of one core`;
      for (const { client } of clients) client.close();
      // Every member's loop has ended and every answer is in: the server is idle.
      const check = await checkWritesLanded(
        db,
        result.writes,
        clients.map((c) => c.plan.id),
        runTag,
      );
      env.log(
        `load: ${check.writes.acknowledged} acknowledged writes; lost ${check.writes.lost}, ` +
          `duplicated ${check.writes.duplicated}, like_count ${check.likeCount.detail}, ` +
          `feed_items ${check.feedItems.detail}`,
      );
      return [...opEntries(result, input, generatorCpu), ...checkEntries(input, check)];
    } finally {
      await db.destroy();
    }
  } finally {
    for (const { client } of clients) client.close();
    await server.stop();
  }
}

/** Server processes in the second run: one per core, at least two. */
const PROCESSES = Math.max(2, os.availableParallelism());

/**
 * The mix against one server process, then (SQLite, when redis-server is installed) against
 * PROCESSES processes sharing the port, the database file and a Redis, as SERVER_PROCESSES runs
 * them: the same members, seed and checks, one after the other in the same run.
 */
async function runLoadCase(env: CaseEnv): Promise<Entry[]> {
  const entries = await runOnce(env);
  if (env.databaseUrl) return entries;
  if (!onPath('redis-server')) {
    env.log('load: redis-server is not installed: the several-process run is skipped');
    return entries;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-bench-redis-'));
  const redis = await startRedis({ dir, port: await freePort() });
  try {
    return [...entries, ...(await runOnce(env, { count: PROCESSES, redisUrl: redis.url }))];
  } finally {
    await redis.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const load: BenchCase = {
  name: 'load',
  title: 'Simulated members: a mix of reads and writes, then every acknowledged write checked',
  standalone: true,
  run: runLoadCase,
};
