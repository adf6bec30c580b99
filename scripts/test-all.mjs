#!/usr/bin/env node
// `npm test`: lint, typecheck, unit, server, build, budgets, e2e and the quick bench, in that order.
// Every step runs even when an earlier one fails, so one run shows everything that is broken.
// Counts from every suite are added up and printed as the last line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

const steps = [
  { name: 'lint', cmd: 'npx eslint . --max-warnings 0 && npx prettier --check .' },
  { name: 'typecheck', cmd: 'npm run --silent typecheck' },
  {
    name: 'unit',
    cmd: 'npx vitest run --project unit --reporter=default --reporter=json --outputFile.json=test-results/unit.json',
    report: 'test-results/unit.json',
    kind: 'vitest',
  },
  {
    name: 'server',
    cmd: 'npx vitest run --project server --reporter=default --reporter=json --outputFile.json=test-results/server.json',
    report: 'test-results/server.json',
    kind: 'vitest',
  },
  { name: 'build', cmd: 'npm run build' },
  // JavaScript budgets over the build (route chunks, entry); / itself in e2e/budgets.spec.ts.
  { name: 'budgets', cmd: 'node scripts/check-budgets.mjs', needs: 'build' },
  {
    name: 'e2e',
    cmd: 'npx playwright test',
    report: 'test-results/e2e.json',
    kind: 'playwright',
    needs: 'build',
  },
];
if (fs.existsSync('bench/run.ts')) {
  steps.push({ name: 'bench --quick', cmd: 'npx tsx bench/run.ts --quick', needs: 'build' });
}

const only = process.argv.slice(2);
const results = [];
fs.mkdirSync('test-results', { recursive: true });

function countVitest(file) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  // A test file that fails to load has no assertion results: count it as one failure.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).length,
  ).length;
  return { passed: r.numPassedTests, failed: r.numFailedTests + brokenFiles };
}
function countPlaywright(file) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const s = r.stats ?? {};
  return {
    passed: (s.expected ?? 0) + (s.flaky ?? 0),
    failed: (s.unexpected ?? 0) + (r.errors?.length ?? 0),
  };
}

for (const step of steps) {
  if (only.length && !only.includes(step.name)) continue;
  const dep = step.needs && results.find((r) => r.name === step.needs);
  if (dep && dep.failed) {
    console.log(`\n=== ${step.name}: skipped (${step.needs} failed)`);
    results.push({ name: step.name, passed: 0, failed: 1 });
    continue;
  }
  console.log(`\n=== ${step.name}: ${step.cmd}`);
  if (step.report) fs.rmSync(step.report, { force: true });
  const started = Date.now();
  const run = spawnSync(step.cmd, {
    shell: true,
    stdio: 'inherit',
    env: { ...process.env, FORCE_COLOR: '0' },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  let counts = run.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
  if (step.report && fs.existsSync(step.report)) {
    try {
      counts = step.kind === 'vitest' ? countVitest(step.report) : countPlaywright(step.report);
      if (run.status !== 0 && counts.failed === 0) counts.failed = 1;
    } catch {
      // An unreadable report counts as one failure below.
    }
  }
  results.push({ name: step.name, ...counts, seconds });
  console.log(`=== ${step.name}: ${counts.passed} passed, ${counts.failed} failed (${seconds} s)`);
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
fs.writeFileSync('test-results/summary.json', JSON.stringify({ passed, failed, results }, null, 2));
console.log('\nSummary:');
for (const r of results)
  console.log(`  ${r.name.padEnd(14)} ${r.passed} passed, ${r.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
