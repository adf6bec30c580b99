/**
 * The Edit tab end to end (issue 19): demo picks a photo, raises Brightness with the keyboard on
 * the Edit tab beside Filters, and shares. The stored photo (the one the feed shows) is the
 * brighter export rendered from the original, not the photo as picked.
 */
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { expectAccessible } from './a11y';
import { DEMO, LoginPage } from './pages/LoginPage';

const PHOTO = fileURLToPath(
  new URL('../tests/fixtures/photos/orientation-landscape-1.jpg', import.meta.url),
);

async function meanLuma(input: Buffer, width: number, height: number) {
  const stats = await sharp(input).resize(width, height, { fit: 'fill' }).greyscale().stats();
  return stats.channels[0].mean;
}

test('a post with one adjustment shares, and the shared photo shows it (brighter)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).not.toHaveURL(/\/accounts\/login\//);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'New post' }).click();
  await (await chooser).setFiles(PHOTO);
  await expect(page.getByRole('group', { name: 'Crop area' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Original' }).click();
  await page.getByRole('button', { name: 'Next' }).click();

  // The Edit tab beside Filters; keyboard only: arrow to the tab, Tab to the first control.
  const filtersTab = page.getByRole('tab', { name: 'Filters' });
  await expect(filtersTab).toHaveAttribute('aria-selected', 'true');
  await filtersTab.focus();
  await page.keyboard.press('ArrowRight');
  const editTab = page.getByRole('tab', { name: 'Edit' });
  await expect(editTab).toHaveAttribute('aria-selected', 'true');
  await expect(editTab).toBeFocused();
  const brightness = page.getByRole('slider', { name: 'Brightness' });
  await brightness.focus();
  await page.keyboard.press('End');
  await expect(brightness).toHaveValue('100');
  for (let i = 0; i < 40; i += 1) await page.keyboard.press('ArrowLeft');
  await expect(brightness).toHaveValue('60');
  await expect(brightness).toHaveAttribute('aria-valuetext', '+60');
  const reset = page.getByRole('button', { name: 'Reset Brightness' });
  await expect(reset).toBeEnabled();
  // The other controls are still at 0: their Reset buttons are off.
  await expect(page.getByRole('button', { name: 'Reset Contrast' })).toBeDisabled();
  await expectAccessible(page, 'the Edit tab');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/create\/details\/$/);
  await page.getByLabel('Write a caption…').fill('Brighter fields');
  const configured = page.waitForResponse((r) => r.url().endsWith('/create/configure/'));
  await page.getByRole('button', { name: 'Share' }).click();
  const { media } = (await (await configured).json()) as { media: { code: string } };
  await page.waitForURL((url) => url.pathname === '/');

  const info = await page.request.get(`/api/v1/media/${media.code}/info/`);
  const post = (await info.json()).media as { display_url: string };
  const card = page
    .getByRole('article')
    .filter({ has: page.locator(`a[href="/p/${media.code}/"]`) });
  await expect(card.locator('img.post-media__img')).toHaveAttribute('src', post.display_url);

  const stored = await (await page.request.get(post.display_url)).body();
  const { width, height } = await sharp(stored).metadata();
  expect([width, height]).toEqual([1080, 720]);
  const picked = await sharp(PHOTO).rotate().resize(1080, 720, { fit: 'fill' }).jpeg().toBuffer();
  // Brightness +60 lifts the mid-tones: measured about +25 levels of mean luma on this photo;
  // a Normal export is within about 1 level of the resized original.
  const lift = (await meanLuma(stored, 270, 180)) - (await meanLuma(picked, 270, 180));
  expect(lift).toBeGreaterThan(12);
});
