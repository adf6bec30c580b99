import { expect, test, type Locator, type Page } from './fixtures';
import { DEMO, LoginPage } from './pages/LoginPage';

const FEED_QUERY_ID = '17842794232208280';

/** Page object for the home feed and its post cards (accessible names as a user reads them). */
class FeedPage {
  /** Posts received from the feed query so far (the DOM is windowed, so it cannot be counted). */
  loadedPosts = 0;
  feedPages = 0;

  constructor(readonly page: Page) {
    page.on('response', async (res) => {
      if (!res.url().includes(`query_id=${FEED_QUERY_ID}`) || !res.ok()) return;
      const body = (await res.json()) as {
        data: { user: { edge_web_feed_timeline: { edges: { node: { __typename: string } }[] } } };
      };
      const edges = body.data.user.edge_web_feed_timeline.edges;
      this.feedPages += 1;
      this.loadedPosts += edges.filter(
        (e) => e.node.__typename !== 'GraphSuggestedUserFeedUnit',
      ).length;
    });
  }

  get posts(): Locator {
    return this.page.getByRole('article');
  }

  async shortcodeOf(card: Locator): Promise<string> {
    const href = await card.locator('a[href^="/p/"]').first().getAttribute('href');
    const match = /^\/p\/([^/]+)\//.exec(href ?? '');
    if (!match) throw new Error(`No post link in card: ${href}`);
    return match[1];
  }

  async scrollUntilLoaded(posts: number) {
    await expect(this.posts.first()).toBeVisible();
    await expect(async () => {
      await this.page.mouse.wheel(0, 4000);
      expect(this.loadedPosts).toBeGreaterThanOrEqual(posts);
    }).toPass({ timeout: 30_000, intervals: [300] });
  }
}

async function postInfo(page: Page, shortcode: string) {
  return page.evaluate(async (code) => {
    const res = await fetch(`/api/v1/media/${code}/info/`, { credentials: 'same-origin' });
    const body = (await res.json()) as {
      media: {
        id: string;
        viewer_has_liked: boolean;
        viewer_has_saved: boolean;
        edge_media_preview_like: { count: number };
      };
    };
    return body.media;
  }, shortcode);
}

async function logInAsDemo(page: Page): Promise<FeedPage> {
  const feed = new FeedPage(page);
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await page.waitForURL((url) => url.pathname === '/');
  await expect(feed.posts.first()).toBeVisible();
  return feed;
}

test('demo scrolls the feed to the third page while the DOM stays small', async ({ page }) => {
  const feed = await logInAsDemo(page);
  await feed.scrollUntilLoaded(25);
  expect(feed.feedPages).toBeGreaterThanOrEqual(3);
  // The list is windowed: far fewer cards are mounted than were loaded.
  expect(await feed.posts.count()).toBeLessThan(feed.loadedPosts);
});

/** How far the top of the post card holding `href` is from the screen's top. */
function cardTop(page: Page, href: string) {
  return page.evaluate((link) => {
    const card = document.querySelector(`a[href="${link}"]`)?.closest('article');
    return card ? Math.round(card.getBoundingClientRect().top) : null;
  }, href);
}

for (const viewport of [
  { width: 1280, height: 860 },
  { width: 375, height: 800 },
]) {
  test(`Back to the feed at ${viewport.width} px shows the post it was left at, where it was`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const feed = await logInAsDemo(page);
    // The banner above the feed comes with its own answer; Back must not wait for it again.
    await expect(page.locator('.promo-banner')).toBeVisible();
    await feed.scrollUntilLoaded(12);
    // A card a few screens down (the windowed list renders it a frame after the scroll), its
    // header then 150 px below the top of the screen.
    await page.evaluate(() => window.scrollTo(0, 3000));
    let href: string | null = null;
    await expect
      .poll(async () => {
        href = await page.evaluate(() => {
          const card = [...document.querySelectorAll('article')].find(
            (c) => c.getBoundingClientRect().top >= 0,
          );
          return card?.querySelector('a[href^="/p/"]')?.getAttribute('href') ?? null;
        });
        return href;
      })
      .not.toBeNull();
    await page.evaluate((link) => {
      const card = document.querySelector(`a[href="${link}"]`)!.closest('article')!;
      window.scrollTo(0, window.scrollY + card.getBoundingClientRect().top - 150);
    }, href!);
    await expect.poll(() => cardTop(page, href!)).toBe(150);
    const author = page
      .getByRole('article')
      .filter({ has: page.locator(`a[href="${href}"]`) })
      .locator('header a[href^="/"]:not([href^="/p/"]):not([href^="/explore/"])')
      .first();
    await author.click();
    await page.waitForURL((url) => url.pathname !== '/');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => cardTop(page, href!)).toBe(150);
    // And it stays there once everything on the page has come.
    await page.waitForLoadState('networkidle');
    expect(await cardTop(page, href!)).toBe(150);
  });
}

test('a like and a save survive a reload; the saved post is under saved', async ({ page }) => {
  const feed = await logInAsDemo(page);
  const shortcode = await feed.shortcodeOf(feed.posts.first());
  const cardByCode = feed.posts.filter({ has: page.locator(`a[href^="/p/${shortcode}/"]`) });
  // The seeded demo may already like this post: start from "not liked".
  if ((await cardByCode.getByRole('button', { name: 'Unlike' }).count()) > 0) {
    const unliked = page.waitForResponse((r) => r.url().includes('/web/likes/') && r.ok());
    await cardByCode.getByRole('button', { name: 'Unlike' }).click();
    await unliked;
  }
  const before = await postInfo(page, shortcode);
  expect(before.viewer_has_liked).toBe(false);

  const liked = page.waitForResponse((r) => r.url().includes('/web/likes/') && r.ok());
  await cardByCode.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(cardByCode.getByRole('button', { name: 'Unlike' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await liked;

  const wasSaved = before.viewer_has_saved;
  if (!wasSaved) {
    const saved = page.waitForResponse((r) => r.url().includes('/web/save/') && r.ok());
    await cardByCode.getByRole('button', { name: 'Save', exact: true }).click();
    await saved;
  }
  await expect(cardByCode.getByRole('button', { name: 'Remove' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await page.reload();
  const after = await postInfo(page, shortcode);
  expect(after.viewer_has_liked).toBe(true);
  expect(after.edge_media_preview_like.count).toBe(before.edge_media_preview_like.count + 1);

  await page.goto(`/p/${shortcode}/`);
  await expect(page.getByRole('button', { name: 'Unlike' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove' })).toBeVisible();

  // Grid tiles open the post modal at /p/{mediaId}/?saved-by= (content §2).
  await page.goto(`/${DEMO.username}/saved/`);
  await expect(page.locator(`a[href^="/p/${after.id}/"]`).first()).toBeVisible();
});

test('demo comments on a post and deletes the comment', async ({ page }) => {
  const feed = await logInAsDemo(page);
  const shortcode = await feed.shortcodeOf(feed.posts.first());
  await page.goto(`/p/${shortcode}/`);
  const text = `Lovely light ${Date.now()}`;
  await page.getByLabel('Add a comment…').fill(text);
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  const comment = page.getByRole('listitem').filter({ hasText: text });
  await expect(comment).toBeVisible();
  await expect(page.getByLabel('Add a comment…')).toHaveValue('');

  await page.reload();
  await expect(comment).toBeVisible();
  const deleted = page.waitForResponse((r) => r.url().includes('/web/comments/') && r.ok());
  await comment.hover();
  await comment.getByRole('button', { name: 'Delete comment' }).click();
  await page
    .getByRole('dialog', { name: 'Delete comment?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(comment).toHaveCount(0);
  await deleted;
  await page.reload();
  await expect(page.getByRole('list', { name: 'Comments' })).toBeVisible();
  await expect(comment).toHaveCount(0);
});

test('a visitor sees the login prompt instead of Like', async ({ page, browser }) => {
  const feed = await logInAsDemo(page);
  const shortcode = await feed.shortcodeOf(feed.posts.first());

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/p/${shortcode}/`);
  await expect(visitorPage.getByText('to like or comment.')).toBeVisible();
  await expect(visitorPage.getByRole('button', { name: 'Like', exact: true })).toHaveCount(0);
  await expect(
    visitorPage.getByRole('link', { name: 'Log in', exact: true }).first(),
  ).toHaveAttribute('href', `/accounts/login/?next=${encodeURIComponent(`/p/${shortcode}/`)}`);
  await visitor.close();
});
