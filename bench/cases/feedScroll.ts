/**
 * Scrolls the home feed until `target` distinct posts have been shown (or the feed ends) and
 * reports the DOM node count there: a virtualised feed stays flat, a naive one grows per post.
 */
import type { BrowserContext } from 'playwright-core';
import { measured } from '../lib/entries';
import type { BenchEnv, Entry } from '../lib/types';

const POST_IMAGE = /\/media\/p\/([^/]+)\//;
const MAX_MS = 150_000;

export async function scrollFeed(
  env: BenchEnv,
  context: BrowserContext,
  target: number,
): Promise<Entry> {
  const page = await context.newPage();
  await page.goto(`${env.server.baseUrl}/`);
  const seen = new Set<string>();
  const started = Date.now();
  let idleRounds = 0;
  while (seen.size < target && idleRounds < 8 && Date.now() - started < MAX_MS) {
    const ids = await page.evaluate((source) => {
      const re = new RegExp(source);
      const found = [...document.images].map((img) => re.exec(img.currentSrc || img.src)?.[1]);
      window.scrollBy(0, window.innerHeight * 2);
      return found.filter((id): id is string => Boolean(id));
    }, POST_IMAGE.source);
    const before = seen.size;
    for (const id of ids) seen.add(id);
    idleRounds = seen.size === before ? idleRounds + 1 : 0;
    await page.waitForTimeout(seen.size === before ? 400 : 100);
  }
  const dom = await page.evaluate(() => ({
    nodes: document.getElementsByTagName('*').length,
    images: document.images.length,
    heapMb:
      ((performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ??
        0) /
      2 ** 20,
  }));
  await page.close();
  const ended = seen.size < target;
  return measured(
    {
      case: 'feed',
      input: 'seeded server, logged in',
      contender: `DOM nodes after scrolling ${seen.size} posts`,
      metric: 'DOM',
      unit: 'nodes',
      ...(ended
        ? { note: `the feed ended (or stalled) after ${seen.size} of ${target} posts` }
        : {}),
    },
    [dom.nodes],
    undefined,
    {
      postsSeen: seen.size,
      images: dom.images,
      jsHeapMb: dom.heapMb,
      scrollMs: Date.now() - started,
    },
  );
}
