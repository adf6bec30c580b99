#!/usr/bin/env node
// `npm test`: lint, typecheck, unit, server, build, budgets, e2e and the quick bench, in that order
// (with TEST_DATABASE_URL, the server tests on PostgreSQL too, beside e2e and the bench).
// Every step runs even when an earlier one fails, so one run shows everything that is broken.
// Counts from every suite are added up and printed as the last line: "N passed, N failed,
// N flaky", where flaky counts the tests that passed only on a retry (they are among the passed;
// each is named above the summary, to be fixed at its cause). test-results/summary.json keeps
// `passed` and `failed` for .ci/run, plus `flaky`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

// Vitest's default on a 2-core machine is one worker; the test files are independent (each server
// test gets its own data dir or PostgreSQL schema), so use both cores.
const workers = Math.max(2, os.availableParallelism() - 1);

/** A vitest project's run with `maxWorkers`, its JSON report at test-results/<report>.json. */
const vitestStep = (name, project, maxWorkers, report) => ({
  name,
  cmd: `npx vitest run --project ${project} --maxWorkers=${maxWorkers} --reporter=default --reporter=json --outputFile.json=test-results/${report}.json`,
  report: `test-results/${report}.json`,
  kind: 'vitest',
});

const steps = [
  {
    name: 'lint',
    cmd: 'npx eslint . --max-warnings 0 && npx stylelint "src/**/*.css" && npx prettier --check .',
  },
  { name: 'typecheck', cmd: 'npm run --silent typecheck' },
  vitestStep('unit', 'unit', workers, 'unit'),
  vitestStep('server', 'server', workers, 'server'),
  { name: 'build', cmd: 'npm run build' },
  // JavaScript budgets over the build (route chunks, entry); / itself in e2e/budgets.spec.ts.
  { name: 'budgets', cmd: 'node scripts/check-budgets.mjs', needs: 'build' },
  {
    name: 'e2e',
    // One retry, so a test that fails and then passes is counted as flaky rather than hidden.
    cmd: 'npx playwright test --retries=1',
    report: 'test-results/e2e.json',
    kind: 'playwright',
    needs: 'build',
  },
];
if (fs.existsSync('bench/run.ts')) {
  steps.push({ name: 'bench --quick', cmd: 'npx tsx bench/run.ts --quick', needs: 'build' });
}
// With TEST_DATABASE_URL (an empty PostgreSQL database; .ci/run starts one), the server tests
// run again against it, each test file's apps in schemas of their own. They run *beside* the
// e2e suite and the bench, which keep about one of two cores busy: started before e2e at a lower
// priority (nice 10), their output kept in a log and shown when they end, after the last step.
if (process.env.TEST_DATABASE_URL) {
  steps.splice(
    steps.findIndex((s) => s.name === 'e2e'),
    0,
    {
      ...vitestStep('server (PostgreSQL)', 'server', 1, 'server-pg'),
      env: { DATABASE_URL: process.env.TEST_DATABASE_URL },
      beside: true,
    },
  );
}

const only = process.argv.slice(2);
const results = [];
/** Steps running beside the others: { step, log, started, done }. */
const besides = [];
fs.mkdirSync('test-results', { recursive: true });

function countVitest(file) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  // A test file that fails to load has no assertion results: count it as one failure.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).length,
  ).length;
  // Vitest retries only where a test asks for it (`retry`); one that needed it is flaky.
  const named = (test) =>
    (r.testResults ?? []).flatMap((f) =>
      (f.assertionResults ?? []).filter(test).map((t) => `${f.name}: ${t.fullName}`),
    );
  const flakyNames = named((t) => t.status === 'passed' && (t.retryCount ?? 0) > 0);
  const failedNames = [
    ...named((t) => t.status === 'failed'),
    ...(r.testResults ?? [])
      .filter((f) => f.status === 'failed' && !(f.assertionResults ?? []).length)
      .map((f) => `${f.name}: did not load`),
  ];
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + brokenFiles,
    flakyNames,
    failedNames,
  };
}
/** The titles of the Playwright tests whose status is `status` ('flaky', 'unexpected'). */
function playwrightNamed(status, suites, titles = []) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === status)
          titles.push(`${spec.file}: ${[suite.title, spec.title].join(' › ')} [${t.projectName}]`);
      }
    }
    playwrightNamed(status, suite.suites, titles);
  }
  return titles;
}
function countPlaywright(file) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + (r.errors?.length ?? 0),
    flakyNames: playwrightNamed('flaky', r.suites),
    failedNames: [
      ...playwrightNamed('unexpected', r.suites),
      ...(r.errors ?? []).map((e) => `error: ${String(e.message ?? '').split('\n')[0]}`),
    ],
  };
}

for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  const dep = step.needs && results.find((r) => r.name === step.needs);
  if (dep && dep.failed) {
    console.log(`\n=== ${step.name}: skipped (${step.needs} failed)`);
    results.push({
      name: step.name,
      passed: 0,
      failed: 1,
      flaky: 0,
      flakyNames: [],
      failedNames: [`skipped: ${step.needs} failed`],
    });
    continue;
  }
  console.log(`\n=== ${step.name}: ${step.cmd}${step.beside ? ' (beside the next steps)' : ''}`);
  if (step.report) fs.rmSync(step.report, { force: true });
  const env = { ...process.env, FORCE_COLOR: '0', ...step.env };
  if (step.beside) {
    besides.push(startBeside(step, env));
    continue;
  }
  const started = Date.now();
  const run = spawnSync(step.cmd, { shell: true, stdio: 'inherit', env });
  record(step, run.status, started);
}

/** Starts a step that runs beside the ones after it, its output into a log file. */
function startBeside(step, env) {
  const log = `test-results/${step.name.replace(/[^a-z0-9]+/gi, '-')}.log`;
  const out = fs.openSync(log, 'w');
  const started = Date.now();
  // At a lower priority: it takes the CPU the steps after it leave idle, not theirs.
  const child = spawn(`nice -n 10 ${step.cmd}`, { shell: true, stdio: ['ignore', out, out], env });
  fs.closeSync(out);
  const done = new Promise((resolve) => {
    child.on('error', () => resolve(1));
    child.on('exit', (code) => resolve(code ?? 1));
  });
  return { step, log, started, done };
}

for (const { step, log, started, done } of besides) {
  const status = await done;
  console.log(`\n=== ${step.name} (ran beside the steps after it): ${step.cmd}`);
  if (fs.existsSync(log)) process.stdout.write(fs.readFileSync(log, 'utf8'));
  else console.log(`(its output, ${log}, was deleted while it ran)`);
  record(step, status, started);
}

/** Counts a finished step from its report (else its exit status) and prints its line. */
function record(step, status, started) {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let counts =
    status === 0
      ? { passed: 1, failed: 0, flakyNames: [], failedNames: [] }
      : { passed: 0, failed: 1, flakyNames: [], failedNames: [`exit status ${status}`] };
  if (step.report && fs.existsSync(step.report)) {
    try {
      counts = step.kind === 'vitest' ? countVitest(step.report) : countPlaywright(step.report);
      if (status !== 0 && counts.failed === 0) counts.failed = 1;
    } catch {
      // An unreadable report counts as one failure below.
    }
  }
  const { flakyNames, failedNames, ...tally } = counts;
  if (tally.failed && !failedNames.length) failedNames.push(`exit status ${status}`);
  results.push({
    name: step.name,
    ...tally,
    flaky: flakyNames.length,
    flakyNames,
    failedNames: failedNames.map((n) => `${step.name}: ${n}`),
    seconds,
  });
  console.log(
    `=== ${step.name}: ${counts.passed} passed, ${counts.failed} failed, ` +
      `${flakyNames.length} flaky (${seconds} s)`,
  );
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const flaky = results.reduce((n, r) => n + r.flaky, 0);
fs.writeFileSync(
  'test-results/summary.json',
  JSON.stringify({ passed, failed, flaky, results }, null, 2),
);
console.log('\nSummary:');
for (const r of results)
  console.log(`  ${r.name.padEnd(14)} ${r.passed} passed, ${r.failed} failed, ${r.flaky} flaky`);
const flakyNames = results.flatMap((r) => r.flakyNames);
if (flakyNames.length) console.log(`Passed only on a retry:\n  ${flakyNames.join('\n  ')}`);
// Named here, at the end, so that the last lines of a long run say what failed.
const failedNames = results.flatMap((r) => r.failedNames);
if (failedNames.length) console.log(`Failed:\n  ${failedNames.join('\n  ')}`);
console.log(`${passed} passed, ${failed} failed, ${flaky} flaky`);
process.exit(failed ? 1 : 0);
