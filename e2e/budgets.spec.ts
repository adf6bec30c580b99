/**
 * The JavaScript budget for `/` (issue 20): everything a member's and a visitor's home page
 * downloads (the entry plus the chunks it loads once there, until the network is idle), gzip -6
 * of each built file as bench/cases/feed.ts counts it. Route chunks are checked over the build by
 * scripts/check-budgets.mjs.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test, type Page } from './fixtures';
import { DEMO, LoginPage } from './pages/LoginPage';

const HOME_BUDGET = 125_000;

function recordScripts(page: Page): Set<string> {
  const scripts = new Set<string>();
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (res.request().resourceType() === 'script' && url.pathname.startsWith('/assets/')) {
      scripts.add(url.pathname);
    }
  });
  return scripts;
}

function gzipBytes(scripts: Set<string>): number {
  const bytes = [...scripts].reduce(
    (n, file) =>
      n +
      zlib.gzipSync(fs.readFileSync(path.join(process.env.DIST_DIR ?? 'dist', file)), { level: 6 })
        .length,
    0,
  );
  test.info().annotations.push({
    type: 'JavaScript for /',
    description: `${bytes} bytes gzip in ${scripts.size} files`,
  });
  return bytes;
}

test('a visitor’s / downloads at most 125 KB of JavaScript (gzip)', async ({ page }) => {
  const scripts = recordScripts(page);
  await page.goto('/');
  await expect(page.getByLabel('Phone number, username, or email')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.size).toBeGreaterThan(0);
  expect(gzipBytes(scripts), [...scripts].join(', ')).toBeLessThanOrEqual(HOME_BUDGET);
});

test('a member’s / downloads at most 125 KB of JavaScript (gzip)', async ({ page, context }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page.getByRole('article').first()).toBeVisible();

  const home = await context.newPage();
  const scripts = recordScripts(home);
  await home.goto('/');
  await expect(home.getByRole('article').first()).toBeVisible();
  await home.waitForLoadState('networkidle');
  expect(gzipBytes(scripts), [...scripts].join(', ')).toBeLessThanOrEqual(HOME_BUDGET);
});
