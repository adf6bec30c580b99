/**
 * Tag people when sharing: demo tags a member on the photo (by a press on the spot, then a
 * search), shares, and the post shows them where they were placed. The tagged member is told
 * ("tagged you in a post"), finds the post on their profile's Tagged tab, and removes
 * themselves from it.
 */
import { fileURLToPath } from 'node:url';
import { expect, test } from './fixtures';
import { expectAccessible } from './a11y';
import { DEMO, LoginPage } from './pages/LoginPage';

const PHOTO = fileURLToPath(
  new URL('../tests/fixtures/photos/orientation-landscape-1.jpg', import.meta.url),
);
/** A public member of the demo seed (demo members share the demo password). */
const TAGGED = 'sofia.ramos';

test('demo tags a member on a photo; the post shows them and they are told', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).not.toHaveURL(/\/accounts\/login\//);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'New post' }).first().click();
  await (await chooser).setFiles(PHOTO);
  await expect(page.getByRole('group', { name: 'Crop area' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/create\/details\/$/);

  await page.getByRole('button', { name: /^Tag people/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Tag people' });
  const photo = dialog.getByRole('button', { name: 'Choose where on the photo to tag someone' });
  await expect(photo.locator('img')).toBeVisible();
  // A quarter in from the left, three quarters down.
  const box = (await photo.boundingBox())!;
  await photo.click({ position: { x: box.width * 0.25, y: box.height * 0.75 } });
  const search = dialog.getByRole('searchbox', { name: 'Search for a person' });
  await expect(search).toBeFocused();
  await search.pressSequentially('sofia', { delay: 30 });
  await dialog
    .getByRole('list', { name: 'People' })
    .getByRole('button', { name: new RegExp(`^${TAGGED.replace('.', '\\.')}\\b`) })
    .click();
  await expect(
    dialog.getByRole('list', { name: 'Tagged people' }).getByText(TAGGED, { exact: true }),
  ).toBeVisible();
  await expectAccessible(page, 'the Tag people dialog with one person tagged');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: /^Tag people/ })).toContainText(TAGGED);

  const configured = page.waitForResponse((r) => r.url().endsWith('/create/configure/'));
  await page.getByRole('button', { name: 'Share' }).click();
  const answer = await configured;
  expect(answer.status()).toBe(200);
  const { media } = (await answer.json()) as { media: { code: string; pk: string } };
  await page.waitForURL((url) => url.pathname === '/');

  // The post page shows the tag where it was placed.
  await page.goto(`/p/${media.code}/`);
  await page.getByRole('button', { name: 'Tagged people' }).click();
  const tag = page.getByRole('list', { name: 'Tagged people' }).getByRole('listitem');
  await expect(tag).toHaveText(TAGGED);
  const left = await tag.evaluate((el) => parseFloat((el as HTMLElement).style.left));
  const top = await tag.evaluate((el) => parseFloat((el as HTMLElement).style.top));
  expect(Math.abs(left - 25)).toBeLessThan(3);
  expect(Math.abs(top - 75)).toBeLessThan(3);

  // The tagged member is told, and finds the post on their Tagged tab.
  const theirs = await browser.newContext();
  const other = await theirs.newPage();
  const theirLogin = new LoginPage(other);
  await theirLogin.goto();
  await theirLogin.logIn(TAGGED, DEMO.password);
  await expect(other).not.toHaveURL(/\/accounts\/login\//);
  await other.goto('/accounts/activity/');
  await expect(other.getByText('tagged you in a post.').first()).toBeVisible();
  await other.goto(`/${TAGGED}/tagged/`);
  await expect(other.locator(`a[href^="/p/"]`).first()).toBeVisible();
  const tiles = await other
    .getByRole('link', { name: /^Photo by/ })
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(tiles.some((href) => href?.startsWith(`/p/${media.pk}/`))).toBe(true);

  // They take their tag off: the post no longer shows them, nor does their Tagged tab.
  await other.goto(`/p/${media.code}/`);
  await other.getByRole('button', { name: 'More options' }).click();
  await other.getByRole('button', { name: 'Remove me from post' }).click();
  await other
    .getByRole('dialog', { name: 'Remove yourself from this post?' })
    .getByRole('button', { name: 'Remove' })
    .click();
  await expect(other.getByText("You've been removed from the post.")).toBeVisible();
  await expect(other.getByRole('button', { name: 'Tagged people' })).toBeHidden();
  await other.goto(`/${TAGGED}/tagged/`);
  await expect(other.getByRole('link', { name: /^Photo by/ }).first()).toBeVisible();
  expect(await other.locator(`a[href^="/p/${media.pk}/"]`).count()).toBe(0);
  await theirs.close();
});
