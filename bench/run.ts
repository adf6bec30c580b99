/**
 * `npm run bench [-- --quick] [-- --gpu] [-- --case name[,name]] [-- --members N]
 *   [-- --database-url postgres://…] [-- --cluster]`
 *
 * Starts the project's server (built client, temporary data, demo seed) on 127.0.0.1, drives
 * Debian's Chromium over the bench pages, prints one table and writes bench/results/latest.json
 * and latest.html. --quick runs every case once on tiny inputs (a smoke test that keeps the suite
 * from rotting): any case error fails it. A full run reports case errors in the table and JSON
 * and still exits 0, so one broken case never throws away minutes of figures. Standalone cases
 * (load, scale) start their own servers; --members and --database-url are the load case's (how
 * many members; PostgreSQL instead of SQLite). --cluster runs the upload and api cases on the
 * embedded server and then again on the local cluster (bench/lib/cluster.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CASES } from './cases';
import { launchBrowser } from './lib/browser';
import { CLUSTER_CASES, asClusterOutcome, startBenchCluster } from './lib/cluster';
import { writeHtml, writeJson, type RunInfo } from './lib/report';
import { FULL_RUN_SEED_POSTS, startServer } from './lib/server';
import { logIn } from './lib/session';
import { renderTable } from './lib/table';
import type { BenchCase, BenchEnv, CaseEnv, CaseOutcome, Entry } from './lib/types';

interface Options {
  quick: boolean;
  gpu: boolean;
  cases: string[];
  members?: number;
  databaseUrl?: string;
  cluster: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { quick: false, gpu: false, cases: [], cluster: false };
  // `--name value` or `--name=value`.
  const valueOf = (arg: string, name: string, i: number): [string, number] | null => {
    if (arg === name) return [argv[i + 1] ?? '', i + 1];
    if (arg.startsWith(`${name}=`)) return [arg.slice(name.length + 1), i];
    return null;
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const caseArg = valueOf(arg, '--case', i);
    const membersArg = valueOf(arg, '--members', i);
    const urlArg = valueOf(arg, '--database-url', i);
    if (arg === '--quick') options.quick = true;
    else if (arg === '--gpu') options.gpu = true;
    else if (arg === '--cluster') options.cluster = true;
    else if (caseArg) {
      options.cases.push(...caseArg[0].split(','));
      i = caseArg[1];
    } else if (membersArg) {
      options.members = Number(membersArg[0]);
      if (!Number.isInteger(options.members) || options.members < 1 || options.members > 1000) {
        throw new Error(`--members takes a whole number from 1 to 1000, not ${membersArg[0]}`);
      }
      i = membersArg[1];
    } else if (urlArg) {
      options.databaseUrl = urlArg[0];
      if (!/^postgres(ql)?:\/\//.test(options.databaseUrl)) {
        throw new Error(`--database-url takes a postgres:// URL, not ${options.databaseUrl}`);
      }
      i = urlArg[1];
    } else {
      throw new Error(
        `unknown argument ${arg} (use --quick, --gpu, --case name, --members N, --database-url URL, --cluster)`,
      );
    }
  }
  const known = CASES.map((c) => c.name);
  const unknown = options.cases.filter((c) => !known.includes(c));
  if (unknown.length)
    throw new Error(`unknown case ${unknown.join(', ')}; cases: ${known.join(', ')}`);
  if (options.cluster) {
    if (!options.cases.length) options.cases = [...CLUSTER_CASES];
    const other = options.cases.filter((c) => !CLUSTER_CASES.includes(c));
    if (other.length) {
      throw new Error(
        `--cluster runs ${CLUSTER_CASES.join(' and ')} only, not ${other.join(', ')}`,
      );
    }
  }
  return options;
}

const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** Runs one case; a throw becomes an error outcome with one row saying why. */
async function runCase(benchCase: BenchCase, run: () => Promise<Entry[]>): Promise<CaseOutcome> {
  const caseStart = Date.now();
  log(`case ${benchCase.name} …`);
  let outcome: CaseOutcome;
  try {
    const entries = await run();
    const status = entries.some((e) => e.status === 'error')
      ? 'error'
      : entries.every((e) => e.status === 'skipped')
        ? 'skipped'
        : 'ok';
    outcome = {
      name: benchCase.name,
      title: benchCase.title,
      status,
      seconds: (Date.now() - caseStart) / 1000,
      entries,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`case ${benchCase.name} failed: ${error instanceof Error ? error.stack : message}`);
    outcome = {
      name: benchCase.name,
      title: benchCase.title,
      status: 'error',
      seconds: (Date.now() - caseStart) / 1000,
      error: message,
      entries: [
        {
          case: benchCase.name,
          input: '',
          contender: '',
          metric: '',
          unit: '',
          status: 'error',
          note: message.split('\n')[0],
        },
      ],
    };
  }
  log(`case ${benchCase.name}: ${((Date.now() - caseStart) / 1000).toFixed(1)} s`);
  return outcome;
}

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  const selected = CASES.filter((c) => !options.cases.length || options.cases.includes(c.name));
  // Standalone cases start their own servers and need no browser: a run of only those skips the
  // shared server, the browser and the built bench pages.
  const needsBrowser = selected.some((c) => !c.standalone);
  if (needsBrowser && !fs.existsSync(path.resolve('dist/lab/bench.html'))) {
    log('dist/lab/bench.html is missing: run `npm run build` first');
    return 2;
  }
  const started = Date.now();
  const loadStart = os.loadavg()[0];
  log(`${options.quick ? 'quick' : 'full'} run: ${selected.map((c) => c.name).join(', ')}`);
  if (loadStart > os.cpus().length) {
    log(`load average ${loadStart.toFixed(1)} on ${os.cpus().length} cores: figures will be noisy`);
  }
  const caseEnv: CaseEnv = {
    quick: options.quick,
    gpu: options.gpu,
    warmup: options.quick ? 0 : 1,
    runs: options.quick ? 1 : 7,
    members: options.members,
    databaseUrl: options.databaseUrl,
    log,
  };
  const outcomes: CaseOutcome[] = [];
  let chromium = { version: 'not launched', args: [] as string[] };
  let seeded: boolean | null = null;
  const runSelected = async (env: BenchEnv | null) => {
    for (const benchCase of selected) {
      const run = async () => {
        if (benchCase.standalone) return benchCase.run(caseEnv);
        if (!env) throw new Error('this case needs the shared server and the browser');
        return benchCase.run(env);
      };
      outcomes.push(await runCase(benchCase, run));
    }
  };

  if (needsBrowser) {
    // The full run seeds more posts so the feed case can scroll through 500 of them.
    const seedPosts = options.quick ? undefined : FULL_RUN_SEED_POSTS;
    const server = await startServer(log, { posts: seedPosts });
    seeded = server.seeded;
    const { browser, args, version } = await launchBrowser(options.gpu);
    chromium = { version: `Chromium ${version}`, args };
    try {
      try {
        const session = await logIn(server.baseUrl, server.seeded);
        await runSelected({ ...caseEnv, browser, server, session });
      } finally {
        await server.stop();
      }
      if (options.cluster) {
        // The same cases again on the cluster, seeded alike, in the same browser.
        const cluster = await startBenchCluster(log, seedPosts);
        try {
          const session = await logIn(cluster.server.baseUrl, true);
          const env = { ...caseEnv, browser, server: cluster.server, session };
          for (const benchCase of selected) {
            if (benchCase.standalone) continue;
            const outcome = await runCase(benchCase, () => benchCase.run(env));
            outcomes.push(asClusterOutcome(outcome, cluster.label));
          }
        } finally {
          await cluster.stop();
        }
      }
    } finally {
      await browser.close();
    }
  } else {
    await runSelected(null);
  }

  const info: RunInfo = {
    startedAt: new Date(started).toISOString(),
    seconds: (Date.now() - started) / 1000,
    quick: options.quick,
    gpu: options.gpu,
    chromium: chromium.version,
    chromiumArgs: chromium.args,
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    commit: gitCommit(),
    seeded,
    loadAverage: { start: loadStart, end: os.loadavg()[0] },
  };
  console.log(renderTable(outcomes));
  log(`wrote ${path.relative('.', writeJson(info, outcomes))}`);
  log(`wrote ${path.relative('.', writeHtml(info, outcomes))}`);
  const failed = outcomes.filter((o) => o.status === 'error');
  log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s; ${failed.length} case(s) failed`);
  if (failed.length && (options.quick || failed.length === outcomes.length)) return 1;
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`bench could not run: ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(2);
  },
);
