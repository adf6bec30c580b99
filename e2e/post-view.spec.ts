import { expect, test, type Page } from './fixtures';
import { DEMO, LoginPage } from './pages/LoginPage';

// The post page and the post modal at desktop size (issue 17): the media takes the photo's shape,
// the modal steps through the grid it was opened from, Share copies the link.

interface GridPost {
  id: string;
  shortcode: string;
  dimensions: { width: number; height: number };
}

/** Every post object with dimensions in a graph response (a profile grid page). */
function postsIn(value: unknown, found: GridPost[] = []): GridPost[] {
  if (Array.isArray(value)) {
    for (const item of value) postsIn(item, found);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.shortcode === 'string' && record.dimensions) {
      found.push(record as unknown as GridPost);
    }
    for (const child of Object.values(record)) postsIn(child, found);
  }
  return found;
}

async function logIn(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await page.waitForURL((url) => url.pathname === '/');
}

/** Opens demo's profile and returns the posts its grid received. */
async function openDemoGrid(page: Page): Promise<GridPost[]> {
  const posts: GridPost[] = [];
  page.on('response', async (res) => {
    if (!res.url().includes('/graphql/query/') || !res.ok()) return;
    postsIn(await res.json().catch(() => null), posts);
  });
  await page.goto(`/${DEMO.username}/`);
  await expect(page.locator('a[href^="/p/"]').first()).toBeVisible();
  await expect.poll(() => posts.length).toBeGreaterThan(2);
  return posts;
}

/** Height of the black bars around the photo, as a share of its box. */
async function barShare(page: Page, scope: string): Promise<number> {
  const box = await page.locator(`${scope} .post-detail__media`).boundingBox();
  const img = await page.locator(`${scope} .post-detail__media img`).first().boundingBox();
  if (!box || !img) throw new Error('no media box');
  return 1 - (img.width * img.height) / (box.width * box.height);
}

test.use({ viewport: { width: 1280, height: 860 } });

test('a landscape photo fills its box on the post page and in the modal', async ({ page }) => {
  await logIn(page);
  const posts = await openDemoGrid(page);
  const isLandscape = (p: GridPost) => p.dimensions.width > p.dimensions.height * 1.5;
  // Specs that run before this one post photos as demo, so the seed's landscape post may be
  // further down the grid: scroll for more pages until it has come (the grid loads as it scrolls).
  for (let more = 0; more < 10 && !posts.some(isLandscape); more++) {
    const seen = posts.length;
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => posts.length).toBeGreaterThan(seen);
  }
  const landscape = posts.find(isLandscape);
  expect(landscape, 'demo has a landscape post').toBeTruthy();
  const { id, shortcode } = landscape as GridPost;

  await page.locator(`a[href="/p/${id}/?taken-by=${DEMO.username}"]`).click();
  const dialog = page.getByRole('dialog', { name: 'Post' });
  await expect(dialog.locator('.post-detail__media img').first()).toBeVisible();
  expect(await barShare(page, '.post-modal')).toBeLessThan(0.02);
  await page.keyboard.press('Escape');

  await page.goto(`/p/${shortcode}/`);
  await expect(page.locator('.post-detail__media img').first()).toBeVisible();
  expect(await barShare(page, '.post-page')).toBeLessThan(0.02);
  // And the comments beside it keep room to read (at 935 px wide they had a 75 px slot).
  const comments = await page.locator('.post-page .post-detail__comments').boundingBox();
  expect(comments?.height).toBeGreaterThan(180);
});

test('the modal steps through the profile grid with ‹ › and the arrow keys', async ({ page }) => {
  await logIn(page);
  const posts = await openDemoGrid(page);
  const tiles = page.locator('.post-grid a[href^="/p/"]');
  const hrefs = await tiles.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs[0]).toMatch(new RegExp(`^/p/\\d+/\\?taken-by=${DEMO.username}$`));
  await tiles.nth(1).click();
  const dialog = page.getByRole('dialog', { name: 'Post' });
  await expect(dialog.getByRole('article')).toBeVisible();

  await dialog.getByRole('button', { name: 'Next post' }).click();
  await expect(page).toHaveURL(hrefs[2] ?? '');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(hrefs[0] ?? '');
  await expect(dialog.getByRole('button', { name: 'Previous post' })).toHaveCount(0);
  const first = posts.find((p) => hrefs[0]?.startsWith(`/p/${p.id}/`));
  await expect(dialog.getByRole('article')).toHaveAccessibleName(
    `Post by ${first ? DEMO.username : '?'}`,
  );

  // Steps replaced the address: Close goes back to the grid, the focus to the tile of the post
  // shown last (the first), not the one the modal was opened from (the second).
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL(`/${DEMO.username}/`);
  await expect(dialog).toHaveCount(0);
  await expect(tiles.nth(0)).toBeFocused();
});

test('Back from the author’s profile opened in the modal shows the modal over Explore again', async ({
  page,
}) => {
  await logIn(page);
  await page.goto('/explore/');
  await expect(page.getByRole('main').locator('a[href^="/p/"]').nth(20)).toBeAttached();
  await page.evaluate(() => window.scrollTo(0, 600));
  const tile = page.getByRole('main').locator('a[href^="/p/"]').filter({ visible: true }).nth(3);
  await tile.click();
  const dialog = page.getByRole('dialog', { name: 'Post' });
  await expect(dialog.getByRole('article')).toBeVisible();
  const scrolled = await page.evaluate(() => Math.round(window.scrollY));
  expect(scrolled).toBeGreaterThan(0);
  const author = dialog.getByRole('article').locator('header').getByRole('link').first();
  const profile = await author.getAttribute('href');
  const modalAddress = page.url();
  await author.click();
  await page.waitForURL((url) => url.pathname === profile);
  await expect(dialog).toHaveCount(0);

  await page.goBack();
  await expect(page).toHaveURL(modalAddress);
  await expect(dialog.getByRole('article')).toBeVisible();
  // With the focus on the link it was left by, as Back does on a page.
  await expect(author).toBeFocused();
  // Over Explore where it was left, which Close returns to.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page).toHaveURL('/explore/');
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scrolled);
});

test('Share copies the post link and says "Link copied"', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await logIn(page);
  // This Chromium has no system share sheet: the link goes to the clipboard.
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'share', { value: undefined });
  });
  await page.reload();
  const card = page.getByRole('article').first();
  const code = /^\/p\/([^/]+)\//.exec(
    (await card.locator('a[href^="/p/"]').first().getAttribute('href')) ?? '',
  )?.[1];
  await card.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('Link copied')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(new URL(copied).pathname).toBe(`/p/${code}/`);
});
