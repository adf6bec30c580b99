import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures';
import { expectAccessible, networkQuiet, watchRequests } from './a11y';
import { DEMO, LoginPage } from './pages/LoginPage';

// axe-core over every page, logged out and logged in, and over every dialog and menu a member
// opens, at a phone's 375 px and a desktop's 1280 px (issue 17): no serious or critical WCAG 2.2
// A/AA violation anywhere.

const WIDTHS = [375, 1280] as const;

const VISITOR_PAGES = [
  '/accounts/login/',
  '/accounts/emailsignup/',
  '/accounts/password/reset/',
  '/explore/',
  '/explore/tags/sunset/',
  '/explore/locations/',
  `/${DEMO.username}/`,
  '/about/camera',
  '/no-such-page-here/',
];

const MEMBER_PAGES = [
  '/',
  '/explore/',
  '/explore/search/',
  '/explore/people/',
  '/explore/tags/sunset/',
  '/explore/locations/',
  `/${DEMO.username}/`,
  `/${DEMO.username}/saved/`,
  `/${DEMO.username}/collections/`,
  '/accounts/activity',
  '/accounts/activity?followRequests=1',
  '/accounts/edit/',
  '/accounts/password/change/',
  '/accounts/privacy_and_security/',
  '/emails/settings/',
  '/accounts/comment_filter/',
  '/accounts/manage_access/',
  '/accounts/contact_history/',
  '/accounts/deactivate/',
];

const PHOTO = fileURLToPath(
  new URL('../tests/fixtures/photos/orientation-landscape-1.jpg', import.meta.url),
);

/**
 * Opens a page and waits until it has drawn its content (no spinner, network quiet). Every page
 * but the home page names itself in the tab's title (WCAG 2.4.2): "{page} • Glint".
 */
async function open(page: Page, path: string) {
  watchRequests(page);
  await page.goto(path);
  await expect(page.locator('main, [role="main"], h1').first()).toBeVisible();
  await networkQuiet(page);
  await expect(page.locator('.spinner, [aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 });
  await expect(page).toHaveTitle(path === '/' ? 'Glint' : /^\S.* • Glint$/);
}

async function logIn(page: Page) {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await page.waitForURL((url) => url.pathname === '/');
}

/** The post page of demo's first grid post, and a location page, found through the app. */
async function contentPaths(page: Page): Promise<string[]> {
  await open(page, `/${DEMO.username}/`);
  const href = await page.locator('a[href^="/p/"]').first().getAttribute('href');
  const mediaId = /^\/p\/(\d+)\//.exec(href ?? '')?.[1];
  await page.goto(href ?? '/');
  await expect(page.getByRole('article').first()).toBeVisible();
  const post = new URL(page.url()).pathname;
  const place = await page.locator('a[href^="/explore/locations/"]').first().getAttribute('href');
  return [
    post,
    `${post}liked_by/`,
    `${post}embed/`,
    ...(mediaId ? [`/media/${mediaId}/flag/`] : []),
    ...(place ? [place] : []),
  ];
}

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 700 ? 800 : 860 } });

    test('every page a visitor can open', async ({ page }) => {
      test.setTimeout(240_000);
      for (const path of [...VISITOR_PAGES, ...(await contentPaths(page))]) {
        await open(page, path);
        await expectAccessible(page, `${path} (logged out)`);
      }
    });

    test('every page a member can open', async ({ page }) => {
      test.setTimeout(300_000);
      await logIn(page);
      for (const path of [...MEMBER_PAGES, ...(await contentPaths(page))]) {
        await open(page, path);
        await expectAccessible(page, path);
      }
    });

    test('every dialog and menu a member opens', async ({ page }) => {
      test.setTimeout(240_000);
      await logIn(page);
      await open(page, '/');

      // The post options of the first post in the feed.
      await page.getByRole('button', { name: 'More options' }).first().click();
      const options = page.getByRole('dialog', { name: 'Post options' });
      await expect(options).toBeVisible();
      await expectAccessible(page, 'post options');
      await page.keyboard.press('Escape');
      await expect(options).toHaveCount(0);

      if (width >= 736) {
        await page.getByRole('button', { name: 'Activity' }).click();
        await expect(page.getByRole('dialog', { name: 'Activity' })).toBeVisible();
        await expect(page.locator('.activity-popup .spinner')).toHaveCount(0);
        // Content §9: the notification dropdown is at most 362 px high, "See all activity" included.
        const popup = await page.getByRole('dialog', { name: 'Activity' }).boundingBox();
        expect(popup?.height).toBeLessThanOrEqual(362);
        await expectAccessible(page, 'activity dropdown');
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: 'Profile' }).click();
        await expect(page.getByRole('link', { name: 'Settings' })).toBeVisible();
        await expectAccessible(page, 'profile menu');
        await page.keyboard.press('Escape');

        await page.getByRole('combobox', { name: 'Search' }).fill('a');
        await expect(page.getByRole('listbox').first()).toBeVisible();
        await networkQuiet(page, 150, 5_000);
        await expectAccessible(page, 'search dropdown');
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('button', { name: 'Menu' }).click();
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await expect(menu).toBeVisible();
        await expectAccessible(page, 'mobile menu');
        await menu.getByRole('button', { name: 'More' }).click();
        await expect(page.getByRole('dialog', { name: 'More options' })).toBeVisible();
        await expectAccessible(page, 'mobile menu, more');
        await page.keyboard.press('Escape');
      }

      // Demo's profile: followers, and (wide) a post modal over the grid.
      await open(page, `/${DEMO.username}/`);
      await page.getByRole('button', { name: /followers/ }).click();
      await expect(page.getByRole('dialog', { name: 'Followers' })).toBeVisible();
      await expect(page.locator('[role="dialog"] .spinner')).toHaveCount(0);
      await expectAccessible(page, 'followers list');
      await page.keyboard.press('Escape');

      if (width >= 736) {
        await page.locator('a[href^="/p/"]').first().click();
        const modal = page.getByRole('dialog', { name: 'Post' });
        await expect(modal.getByRole('article')).toBeVisible();
        await expectAccessible(page, 'post modal');
        await page.keyboard.press('Escape');
      }

      // Demo's own post: its options lead to the delete confirmation (cancelled).
      await page.locator('a[href^="/p/"]').first().click();
      await page.getByRole('button', { name: 'More options' }).last().click();
      await page.getByRole('button', { name: 'Delete', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete post?' });
      await expect(confirm).toBeVisible();
      await expectAccessible(page, 'delete confirmation');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await expect(confirm).toHaveCount(0);

      // Another member's profile: its options and the block confirmation (cancelled).
      await open(page, '/ana.lima/');
      await page.getByRole('button', { name: 'Options' }).click();
      await expect(page.getByRole('dialog', { name: 'Options' })).toBeVisible();
      await expectAccessible(page, 'profile options');
      await page.getByRole('button', { name: 'Block this user' }).click();
      const block = page.getByRole('dialog', { name: 'Block ana.lima?' });
      await expect(block).toBeVisible();
      await expectAccessible(page, 'block confirmation');
      await block.getByRole('button', { name: 'Cancel' }).click();
      await expect(block).toHaveCount(0);
    });

    // The screens and dialogs only other specs open: the story viewer, the photo create flow
    // (choose, crop and its discard confirmation, style, details), the story composer and the
    // logout question. One login; nothing is shared.
    test('the story viewer, the create flow, the story composer and logging out', async ({
      page,
    }) => {
      test.setTimeout(240_000);
      await logIn(page);
      await open(page, '/');

      const tray = page.getByRole('region', { name: 'Stories' });
      await tray
        .getByRole('button', { name: /^Story by / })
        .first()
        .click();
      const viewer = page.getByRole('dialog', { name: 'Stories' });
      await expect(viewer.locator('canvas')).toBeVisible();
      await viewer.getByRole('button', { name: 'Pause' }).click();
      await expectAccessible(page, 'the story viewer');
      await page.keyboard.press('Escape');
      await expect(viewer).toHaveCount(0);

      await page.goto('/create/details/');
      await expect(page.getByRole('button', { name: 'Choose a photo' })).toBeVisible();
      await expectAccessible(page, 'create: choose a photo');

      await open(page, '/');
      const chooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'New post' }).click();
      await (await chooser).setFiles(PHOTO);
      await expect(page.getByRole('group', { name: 'Crop area' })).toBeVisible({ timeout: 20_000 });
      await expectAccessible(page, 'create: crop');
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      const discard = page.getByRole('dialog', { name: 'Discard post?' });
      await expect(discard).toBeVisible();
      await expectAccessible(page, 'create: discard confirmation');
      await discard.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByRole('button', { name: 'Clarendon', exact: true })).toBeVisible();
      await expectAccessible(page, 'create: style');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByLabel('Write a caption…')).toBeVisible();
      await expectAccessible(page, 'create: details');

      await open(page, '/');
      const storyChooser = page.waitForEvent('filechooser');
      await page.getByRole('button', { name: 'Add to your story' }).click();
      await (await storyChooser).setFiles(PHOTO);
      await expect(page.getByRole('button', { name: 'Add text', exact: true })).toBeVisible({
        timeout: 30_000,
      });
      await expectAccessible(page, 'the story composer');

      await open(page, '/');
      if (width >= 736) await page.getByRole('button', { name: 'Profile' }).click();
      else await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Log out' }).click();
      const logout = page.getByRole('dialog', { name: 'Remember login info?' });
      await expect(logout).toBeVisible();
      await expectAccessible(page, 'the logout question');
      await logout.getByRole('button', { name: 'Not now' }).click();
      await expect(page).toHaveURL(/\/accounts\/login\//);
    });
  });
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the tab bar's sections come before the endless feed in the Tab order", async ({ page }) => {
    await logIn(page);
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.locator('body').focus();
    const reached: string[] = [];
    for (let i = 0; i < 15 && !reached.includes('New post'); i += 1) {
      await page.keyboard.press('Tab');
      reached.push(
        await page.evaluate(() => {
          const active = document.activeElement as HTMLElement | null;
          if (active?.closest('article')) return 'a post';
          return active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '';
        }),
      );
    }
    expect(reached).toContain('New post');
    expect(reached).not.toContain('a post');
  });
});
