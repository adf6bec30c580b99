#!/usr/bin/env node
// Screenshots of app pages in Debian's Chromium (playwright-core; never `playwright install`).
//
//   node scripts/screenshot.mjs --base http://localhost:3998 --widths 375,1280 --out /tmp/shots \
//     [--login demo:glint-demo] [--full] /accounts/login/ / /explore/
//
// Writes <out>/<path-slug>-<width>.png for every path × width. --login logs in through the login
// form first (so member pages render); --full captures the whole page instead of the viewport.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';

const CHROMIUM_FLAGS = [
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

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string', default: 'http://localhost:3998' },
    widths: { type: 'string', default: '375,1280' },
    height: { type: 'string', default: '' },
    out: { type: 'string', default: '/tmp/glint-screenshots' },
    login: { type: 'string' },
    full: { type: 'boolean', default: false },
    executable: { type: 'string', default: '/usr/bin/chromium' },
  },
});

const paths = positionals.length > 0 ? positionals : ['/'];
const widths = values.widths.split(',').map((w) => Number.parseInt(w, 10));
mkdirSync(values.out, { recursive: true });

function slug(path) {
  const cleaned = path.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '');
  return cleaned === '' ? 'home' : cleaned;
}

async function logIn(page, credentials) {
  const [username, password] = credentials.split(':');
  await page.goto(new URL('/accounts/login/', values.base).href);
  await page.getByLabel('Phone number, username, or email').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.startsWith('/accounts/login')),
    page.getByRole('button', { name: 'Log in' }).click(),
  ]);
}

const browser = await chromium.launch({ executablePath: values.executable, args: CHROMIUM_FLAGS });
try {
  for (const width of widths) {
    const height = values.height ? Number.parseInt(values.height, 10) : width < 736 ? 812 : 900;
    const context = await browser.newContext({
      viewport: { width, height },
      deviceScaleFactor: 1,
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[pageerror] ${error.message}`));
    if (values.login) await logIn(page, values.login);
    for (const path of paths) {
      await page.goto(new URL(path, values.base).href, { waitUntil: 'networkidle' });
      const file = join(values.out, `${slug(path)}-${width}.png`);
      await page.screenshot({ path: file, fullPage: values.full });
      console.log(file);
    }
    await context.close();
  }
} finally {
  await browser.close();
}
