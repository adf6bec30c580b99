/**
 * Case 5, feed: JavaScript a visit downloads (gzip -6 of each built file, what a compressing
 * host would send) for / and each lazy route; time to the first post image on a cold and a warm
 * load of /; DOM size after scrolling through 500 posts.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { BrowserContext } from 'playwright-core';
import { measured, skipped } from '../lib/entries';
import { interleave } from '../lib/interleave';
import { feedPosts, type FoundPost } from '../lib/posts';
import { shareSession } from '../lib/session';
import type { BenchCase, BenchEnv, Entry } from '../lib/types';
import { scrollFeed } from './feedScroll';

const DIST = path.resolve('dist');
const gzipSize = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 6 }).length;

/** Scripts index.html loads by itself (entry + modulepreloads): shared by every route. */
function entryScripts(): Set<string> {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const urls = [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  );
  return new Set(urls.map((u) => new URL(u, 'http://x/').pathname));
}

function routesFor(
  env: BenchEnv,
  post: FoundPost | undefined,
): { path: string; member: boolean }[] {
  const user = post?.owner ?? env.session.username;
  if (env.quick) {
    return [
      { path: '/', member: true },
      { path: '/explore/', member: true },
      { path: '/accounts/login/', member: false },
    ];
  }
  return [
    { path: '/', member: true },
    { path: '/explore/', member: true },
    { path: '/explore/search/', member: true },
    ...(post ? [{ path: `/p/${post.shortcode}/`, member: true }] : []),
    { path: `/${user}/`, member: true },
    { path: '/accounts/activity/', member: true },
    { path: '/accounts/edit/', member: true },
    { path: '/create/style/', member: true },
    { path: `/stories/${user}/`, member: true },
    { path: '/accounts/login/', member: false },
    { path: '/accounts/emailsignup/', member: false },
  ];
}

async function newContext(env: BenchEnv, member: boolean): Promise<BrowserContext> {
  const context = await env.browser.newContext();
  if (member) await shareSession(context, env.session);
  return context;
}

async function scriptsOf(env: BenchEnv, route: string, member: boolean): Promise<Set<string>> {
  const context = await newContext(env, member);
  const scripts = new Set<string>();
  try {
    const page = await context.newPage();
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (res.request().resourceType() === 'script' && url.pathname.startsWith('/assets/')) {
        scripts.add(url.pathname);
      }
    });
    await page.goto(env.server.baseUrl + route, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  } finally {
    await context.close();
  }
  return scripts;
}

async function jsBytes(env: BenchEnv, post: FoundPost | undefined): Promise<Entry[]> {
  const entry = entryScripts();
  const entryBytes = [...entry].reduce((n, p) => n + gzipSize(path.join(DIST, p)), 0);
  const entries: Entry[] = [];
  for (const route of routesFor(env, post)) {
    const scripts = await scriptsOf(env, route.path, route.member);
    const total = [...scripts].reduce((n, p) => n + gzipSize(path.join(DIST, p)), 0);
    const lazy = [...scripts].filter((p) => !entry.has(p));
    const lazyBytes = lazy.reduce((n, p) => n + gzipSize(path.join(DIST, p)), 0);
    entries.push(
      measured(
        {
          case: 'feed',
          input: route.member ? 'logged in' : 'logged out',
          contender: route.path === '/' ? '/ (entry + home)' : route.path,
          metric: route.path === '/' ? 'JS gzip, total' : 'JS gzip, route chunks',
          unit: 'bytes',
        },
        [route.path === '/' ? total : lazyBytes],
        undefined,
        { totalBytes: total, entryBytes, files: scripts.size, routeFiles: lazy.length },
      ),
    );
  }
  return entries;
}

/** Records when the first post image (/media/p/…) finished loading, from the page's clock. */
const FIRST_POST_PROBE = `
  window.__firstPostAt = null;
  document.addEventListener('load', (e) => {
    const t = e.target;
    if (window.__firstPostAt === null && t instanceof HTMLImageElement && /\\/media\\/p\\//.test(t.currentSrc || t.src)) {
      window.__firstPostAt = performance.now();
    }
  }, true);
`;

async function firstPost(env: BenchEnv): Promise<Entry[]> {
  const warm = await newContext(env, true);
  await warm.addInitScript(FIRST_POST_PROBE);
  const warmPage = await warm.newPage();
  const load = async (context: BrowserContext, reuse: boolean) => {
    const page = reuse ? warmPage : await context.newPage();
    await page.goto(`${env.server.baseUrl}/`);
    const handle = await page.waitForFunction(
      () => (window as unknown as { __firstPostAt: number | null }).__firstPostAt,
      null,
      { timeout: 20_000 },
    );
    return (await handle.jsonValue()) as number;
  };
  try {
    await load(warm, true); // fills the warm context's HTTP cache
    const samples = await interleave<number>(
      [
        {
          name: 'cold',
          run: async () => {
            const context = await newContext(env, true);
            await context.addInitScript(FIRST_POST_PROBE);
            try {
              return await load(context, false);
            } finally {
              await context.close();
            }
          },
        },
        { name: 'warm', run: () => load(warm, true) },
      ],
      env.warmup,
      env.runs,
    );
    const base = { case: 'feed', input: 'seeded server, logged in', metric: 'time', unit: 'ms' };
    return [
      measured(
        { ...base, contender: 'navigation → first post image (cold cache)' },
        samples.get('cold') ?? [],
      ),
      measured(
        { ...base, contender: 'navigation → first post image (warm cache)' },
        samples.get('warm') ?? [],
      ),
    ];
  } finally {
    await warm.close();
  }
}

export const feed: BenchCase = {
  name: 'feed',
  title: 'Feed: JavaScript bytes, first post, DOM size',
  async run(env) {
    const posts = await feedPosts(env.session).catch(() => []);
    const entries = await jsBytes(env, posts[0]);
    if (!posts.length) {
      const reason = 'no posts in the feed (demo seed missing)';
      const base = { case: 'feed', input: '', unit: 'ms' };
      return [
        ...entries,
        skipped({ ...base, contender: 'navigation → first post image', metric: 'time' }, reason),
        skipped(
          { ...base, contender: 'DOM nodes after 500 posts', metric: 'DOM', unit: 'nodes' },
          reason,
        ),
      ];
    }
    entries.push(...(await firstPost(env)));
    const context = await newContext(env, true);
    try {
      entries.push(await scrollFeed(env, context, env.quick ? 24 : 500));
    } finally {
      await context.close();
    }
    return entries;
  },
};
