/**
 * Where the keyboard's focus goes when a page changes inside the app (src/app/routeFocus.ts). The
 * link a member presses usually goes away with its page; the focus then fell to the document, so
 * the next Tab started over at the top of the site and a screen reader announced nothing.
 */
import { expect, test, type Page } from './fixtures';
import { DEMO, LoginPage } from './pages/LoginPage';

async function logIn(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await page.waitForURL((url) => url.pathname === '/');
}

/** What has the focus, as a member would name it: its tag, href, id and text. */
function focused(page: Page) {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return {
      tag: active?.tagName.toLowerCase() ?? '',
      id: active?.id ?? '',
      href: active?.getAttribute('href') ?? null,
      text: active?.textContent?.trim().slice(0, 40) ?? '',
    };
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('a grid post opens with the focus on the page, and Back returns it to the tile', async ({
    page,
  }) => {
    await logIn(page);
    await page.goto(`/${DEMO.username}/`);
    const tile = page.getByRole('main').locator('a[href^="/p/"]').nth(4);
    await expect(tile).toBeVisible();
    const href = await tile.getAttribute('href');
    await tile.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/p/'));
    // The post page's heading (for screen readers) takes the focus, and shows itself while it
    // has it: the keyboard's focus is never out of sight.
    const heading = page.getByRole('heading', { level: 1, name: /^Post by / });
    await expect(heading).toBeFocused();
    expect((await heading.boundingBox())?.width).toBeGreaterThan(40);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === `/${DEMO.username}/`);
    await expect.poll(async () => (await focused(page)).href).toBe(href);
  });

  test('a page chosen from the Menu sheet takes the focus on its heading', async ({ page }) => {
    await logIn(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    const sheet = page.getByRole('dialog', { name: 'Menu' });
    await sheet.getByRole('link', { name: 'Edit profile' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/accounts/edit/');
    // Not back on the Menu button the sheet opened from: that was the page left.
    await expect(page.getByRole('heading', { level: 1, name: 'Edit profile' })).toBeFocused();
  });
});

test('Back after leaving by a post’s menu focuses a control on screen', async ({ page }) => {
  await logIn(page);
  const post = page.getByRole('article').nth(2);
  await post.getByRole('button', { name: 'More options' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Go to post' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/p/'));
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/');
  await expect
    .poll(() =>
      page.evaluate(() => {
        const active = document.activeElement;
        if (!active?.closest('main') || active.tagName === 'MAIN') return 'not a control in main';
        const rect = active.getBoundingClientRect();
        return rect.bottom > 0 && rect.top < window.innerHeight ? 'on screen' : 'off screen';
      }),
    )
    .toBe('on screen');
});

test('a search result chosen with the keyboard takes the focus to its page', async ({ page }) => {
  await logIn(page);
  const search = page.getByRole('combobox', { name: 'Search' }).first();
  await search.click();
  await search.pressSequentially('ana.');
  const result = page.getByRole('option').filter({ hasText: 'ana.lima' }).first();
  await expect(result).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === '/ana.lima/');
  await expect(page.getByRole('heading', { level: 1, name: 'ana.lima' })).toBeFocused();
});

test('a profile’s Saved and Posts tabs keep the focus on the tab pressed', async ({ page }) => {
  await logIn(page);
  await page.goto(`/${DEMO.username}/`);
  const tabs = page.getByRole('navigation', { name: 'Profile sections' });
  await tabs.getByRole('link', { name: 'Saved' }).focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === `/${DEMO.username}/saved/`);
  await expect(tabs.getByRole('link', { name: 'Saved' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Saved' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(tabs.getByRole('link', { name: 'Posts' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === `/${DEMO.username}/`);
  await expect(tabs.getByRole('link', { name: 'Posts' })).toBeFocused();
});

test('a page reached by a link in the page takes the focus on its heading', async ({ page }) => {
  await logIn(page);
  const post = page.getByRole('article').first();
  const owner = post.locator('header .post-header__username');
  const username = (await owner.textContent())?.trim() ?? '';
  await owner.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname === `/${username}/`);
  await expect(page.getByRole('heading', { level: 1, name: username })).toBeFocused();
  // The next Tab goes on from the profile's heading, not from the top of the site.
  await page.keyboard.press('Tab');
  const next = await focused(page);
  expect(next.href).not.toBe('/');
  expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
});

test('“View all comments” leads to the post, and Back returns the focus to it', async ({
  page,
}) => {
  await logIn(page);
  const viewAll = page
    .getByRole('main')
    .getByRole('link', { name: /^View all \d+ comments$/ })
    .first();
  // Other tests' new posts (few comments) may come first: scroll until a post has more.
  await expect(async () => {
    if ((await viewAll.count()) === 0) await page.mouse.wheel(0, 1200);
    await expect(viewAll).toBeAttached({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  await viewAll.scrollIntoViewIfNeeded();
  const href = await viewAll.getAttribute('href');
  await viewAll.focus();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.pathname.startsWith('/p/'));
  await expect.poll(async () => (await focused(page)).tag).not.toBe('body');
  await page.goBack();
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(async () => (await focused(page)).href).toBe(href);
});

test('the Activity popup takes the focus, and Escape gives it back', async ({ page }) => {
  await logIn(page);
  const button = page.getByRole('navigation', { name: 'Main' }).getByRole('button', {
    name: 'Activity',
  });
  await button.focus();
  await page.keyboard.press('Enter');
  const popup = page.getByRole('dialog', { name: 'Activity' });
  expect(await popup.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await expect(popup.getByText(/liked your post|started following you/).first()).toBeVisible();
  // The arrow keys scroll the popup's list, not the page behind it.
  await page.keyboard.press('End');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.keyboard.press('Tab');
  expect(await popup.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);
  await expect(button).toBeFocused();
});
