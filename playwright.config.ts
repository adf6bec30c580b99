import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// e2e runs against the built client (dist/) served by the real server on a fresh DATA_DIR with
// the demo seed. Debian's Chromium is used; Playwright never downloads a browser here.
const port = Number(process.env.E2E_PORT ?? 3100);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'glint-e2e-'));
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  // A folder of its own: Playwright empties it when a run starts, and npm test keeps the other
  // suites' reports and logs in test-results/ (the PostgreSQL server tests write there while
  // e2e runs: scripts/test-all.mjs).
  outputDir: 'test-results/e2e',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: 'npx tsx server/main.ts',
    url: `http://127.0.0.1:${port}/accounts/login/`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      NODE_ENV: 'test',
      E2E: '1',
      RATE_LIMIT: 'off',
    },
  },
});
