/**
 * The Content-Security-Policy in the browser, and proof that the suite's watch (e2e/fixtures.ts)
 * notices a violation: every other spec passes only because it saw none.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

test('an inline script is refused, and the watch sees it three ways', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/explore/');
  await expect(page.getByRole('link', { name: 'Explore' }).first()).toBeVisible();
  // The page's own data block was read (a visitor: logged-out nav) and ran nothing.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.inlineRan = true';
    document.body.append(script);
    return (window as unknown as { inlineRan?: boolean }).inlineRan === true;
  });
  expect(ran).toBe(false);

  let found: string[] = [];
  await expect
    .poll(async () => {
      found = [...found, ...(await cspViolations.take())];
      return ['event:', 'console:', 'report:'].filter((way) =>
        found.some((l) => l.startsWith(way)),
      );
    })
    .toEqual(['event:', 'console:', 'report:']);
  expect(found.every((line) => /script-src/.test(line))).toBe(true);
});

test('inline event handlers and blob: workers are refused on app pages', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/accounts/login/');
  const ran = await page.evaluate(async () => {
    const flags = window as unknown as { handlerRan?: boolean };
    const button = document.createElement('button');
    button.setAttribute('onclick', 'window.handlerRan = true');
    document.body.append(button);
    button.click();
    const worker = new Worker(
      URL.createObjectURL(new Blob(['postMessage(1)'], { type: 'text/javascript' })),
    );
    const workerRan = await new Promise<boolean>((resolve) => {
      worker.onmessage = () => resolve(true);
      worker.onerror = () => resolve(false);
    });
    return { handler: flags.handlerRan === true, worker: workerRan };
  });
  expect(ran).toEqual({ handler: false, worker: false });
  // Until the server has both reports too: the page's event and console lines come first, and a
  // report posted after this test ended would be charged to the next one.
  let found: string[] = [];
  await expect
    .poll(async () => {
      found = [...found, ...(await cspViolations.take())];
      return ['script-src-attr', 'worker-src'].filter((d) =>
        ['event:', 'console:', 'report:'].every((way) =>
          found.some((l) => l.startsWith(way) && l.includes(d)),
        ),
      );
    })
    .toEqual(['script-src-attr', 'worker-src']);
});

test('another site can frame the embed page, and no other page', async ({
  page,
  baseURL,
  cspViolations,
}) => {
  await page.goto('/demo/');
  // A grid tile links to /p/{mediaId}/?taken-by=… (content §2); opened as a page, the address
  // becomes the post's own /p/{shortcode}/, which the embed page takes.
  const href = await page.locator('a[href^="/p/"]').first().getAttribute('href');
  const mediaId = /^\/p\/([^/]+)\//.exec(href ?? '')?.[1];
  expect(mediaId).toBeTruthy();
  await page.goto(href ?? '');
  await expect(page).not.toHaveURL(new RegExp(`/p/${mediaId}/`));
  const code = /^\/p\/([^/]+)\//.exec(new URL(page.url()).pathname)?.[1];
  expect(code).toBeTruthy();
  // Another site: a page of its own, on another port of this machine (a real server: the
  // browser's local-network checks refuse loopback frames in a page that has no address).
  const blog = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(`<!doctype html><title>A blog</title>
      <iframe id="embed" src="${baseURL}/p/${code}/embed/" width="400" height="600"></iframe>
      <iframe id="post" src="${baseURL}/p/${code}/" width="400" height="600"></iframe>`);
  });
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = blog.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    const embed = page.frameLocator('#embed');
    await expect(embed.getByRole('link', { name: 'View on Glint' })).toBeVisible();
    await expect(page.frameLocator('#post').locator('#root')).toHaveCount(0);

    // The refusal of the post page is itself a reported violation, the only one of this test.
    let found: string[] = [];
    await expect
      .poll(async () => {
        found = [...found, ...(await cspViolations.take())];
        return found.some((line) => line.startsWith('report: frame-ancestors'));
      })
      .toBe(true);
    expect(found.filter((line) => !/frame-ancestors/.test(line))).toEqual([]);
  } finally {
    blog.close();
  }
});
