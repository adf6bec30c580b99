/**
 * Shared setup of the media pipeline e2e specs: one page on the lab harness (lab/media.html)
 * with the shared photo fixtures served at /__fixtures__/<name> (copied into tests/fixtures/photos with their manifest and licences).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import type { GlintLab } from '../lab/mediaLab';

export const FIXTURES = fileURLToPath(new URL('../tests/fixtures/photos/', import.meta.url));

export interface Fixture {
  name: string;
  format: string;
  orientation: number | null;
  orientedWidth: number | null;
  orientedHeight: number | null;
  gps: { lat: number; lng: number } | null;
  jpeg: { truncatedOrCorrupt: boolean } | null;
}

export const manifest: Fixture[] = JSON.parse(
  fs.readFileSync(path.join(FIXTURES, 'manifest.json'), 'utf8'),
).files;

declare global {
  interface Window {
    glintLab: GlintLab;
  }
}

/** Opens the lab page; fixtures are served without a MIME hint so the pipeline must sniff. */
export async function openMediaLab(browser: Browser): Promise<Page> {
  const page = await browser.newPage();
  await page.route('**/__fixtures__/*', (route) => {
    const name = decodeURIComponent(new URL(route.request().url()).pathname.split('/').pop() ?? '');
    return route.fulfill({
      body: fs.readFileSync(path.join(FIXTURES, path.basename(name))),
      contentType: 'application/octet-stream',
    });
  });
  await page.goto('/lab/media.html');
  await page.waitForFunction(() => 'glintLab' in window);
  return page;
}
