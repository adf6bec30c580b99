/** Opens the bench harness page (dist/lab/bench.html, served by the project's server). */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BenchEnv } from './types';
import { shareSession } from './session';
// Brings window.glintBench's type (declared by the page's entry) into the Node side.
import type {} from '../../lab/bench';

export interface BenchPage {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export async function openBenchPage(
  env: BenchEnv,
  files: string[] = [],
  options: { baseUrl?: string; browser?: Browser } = {},
): Promise<BenchPage> {
  const context = await (options.browser ?? env.browser).newContext();
  await shareSession(context, env.session);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const url = `${options.baseUrl ?? env.server.baseUrl}/lab/bench.html`;
  const res = await page.goto(url);
  if (!res || !res.ok()) {
    throw new Error(`GET ${url}: ${res?.status()} (run \`npm run build\` first)`);
  }
  await page
    .waitForFunction(() => window.glintBench?.ready === true, null, { timeout: 60_000 })
    .catch((error: unknown) => {
      throw new Error(`bench page did not start: ${errors.join('; ') || String(error)}`);
    });
  if (files.length) await page.setInputFiles('#files', files);
  return { context, page, close: () => context.close() };
}
