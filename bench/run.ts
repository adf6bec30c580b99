/**
 * `npm run bench [-- --quick] [-- --gpu] [-- --case name[,name]]`
 *
 * Starts the project's server (built client, temporary data, demo seed) on 127.0.0.1, drives
 * Debian's Chromium over the bench pages, prints one table and writes bench/results/latest.json
 * and latest.html. --quick runs every case once on tiny inputs (a smoke test that keeps the suite
 * from rotting): any case error fails it. A full run reports case errors in the table and JSON
 * and still exits 0, so one broken case never throws away minutes of figures.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CASES } from './cases';
import { launchBrowser } from './lib/browser';
import { writeHtml, writeJson, type RunInfo } from './lib/report';
import { FULL_RUN_SEED_POSTS, startServer } from './lib/server';
import { logIn } from './lib/session';
import { renderTable } from './lib/table';
import type { BenchEnv, CaseOutcome } from './lib/types';

interface Options {
  quick: boolean;
  gpu: boolean;
  cases: string[];
}

function parseArgs(argv: string[]): Options {
  const options: Options = { quick: false, gpu: false, cases: [] };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--quick') options.quick = true;
    else if (arg === '--gpu') options.gpu = true;
    else if (arg === '--case') options.cases.push(...(argv[(i += 1)] ?? '').split(','));
    else if (arg.startsWith('--case=')) options.cases.push(...arg.slice(7).split(','));
    else throw new Error(`unknown argument ${arg} (use --quick, --gpu, --case name)`);
  }
  const known = CASES.map((c) => c.name);
  const unknown = options.cases.filter((c) => !known.includes(c));
  if (unknown.length)
    throw new Error(`unknown case ${unknown.join(', ')}; cases: ${known.join(', ')}`);
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

async function main(): Promise<number> {
  const options = parseArgs(process.argv.slice(2));
  if (!fs.existsSync(path.resolve('dist/lab/bench.html'))) {
    log('dist/lab/bench.html is missing: run `npm run build` first');
    return 2;
  }
  const started = Date.now();
  const loadStart = os.loadavg()[0];
  const selected = CASES.filter((c) => !options.cases.length || options.cases.includes(c.name));
  log(`${options.quick ? 'quick' : 'full'} run: ${selected.map((c) => c.name).join(', ')}`);
  if (loadStart > os.cpus().length) {
    log(`load average ${loadStart.toFixed(1)} on ${os.cpus().length} cores: figures will be noisy`);
  }

  // The full run seeds more posts so the feed case can scroll through 500 of them.
  const server = await startServer(log, { posts: options.quick ? undefined : FULL_RUN_SEED_POSTS });
  const outcomes: CaseOutcome[] = [];
  let info: RunInfo | null = null;
  try {
    const session = await logIn(server.baseUrl, server.seeded);
    const { browser, args, version } = await launchBrowser(options.gpu);
    try {
      const env: BenchEnv = {
        quick: options.quick,
        gpu: options.gpu,
        warmup: options.quick ? 0 : 1,
        runs: options.quick ? 1 : 7,
        browser,
        server,
        session,
        log,
      };
      for (const benchCase of selected) {
        const caseStart = Date.now();
        log(`case ${benchCase.name} …`);
        try {
          const entries = await benchCase.run(env);
          const status = entries.some((e) => e.status === 'error')
            ? 'error'
            : entries.every((e) => e.status === 'skipped')
              ? 'skipped'
              : 'ok';
          outcomes.push({
            ...benchCase,
            status,
            seconds: (Date.now() - caseStart) / 1000,
            entries,
          });
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          log(`case ${benchCase.name} failed: ${error instanceof Error ? error.stack : message}`);
          outcomes.push({
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
          });
        }
        log(`case ${benchCase.name}: ${((Date.now() - caseStart) / 1000).toFixed(1)} s`);
      }
      info = {
        startedAt: new Date(started).toISOString(),
        seconds: (Date.now() - started) / 1000,
        quick: options.quick,
        gpu: options.gpu,
        chromium: `Chromium ${version}`,
        chromiumArgs: args,
        node: process.version,
        cpus: os.cpus().length,
        cpuModel: os.cpus()[0]?.model ?? 'unknown',
        memoryGb: Math.round(os.totalmem() / 2 ** 30),
        commit: gitCommit(),
        seeded: server.seeded,
        loadAverage: { start: loadStart, end: os.loadavg()[0] },
      };
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
  }

  console.log(renderTable(outcomes));
  if (info) {
    log(`wrote ${path.relative('.', writeJson(info, outcomes))}`);
    log(`wrote ${path.relative('.', writeHtml(info, outcomes))}`);
  }
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
