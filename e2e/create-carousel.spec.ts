/**
 * Carousel creation end to end (issue 19): demo picks three photos at once, reorders them by
 * drag and by keyboard and back, frames all of them 4:5, gives each a different filter (Clarendon, Moon, Juno) and its own alt text, and shares. The carousel shows
 * in the feed and on the post page, each photo with its alt text; the stored photos carry their
 * own filter (Moon is black and white, the others are not).
 */
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
import { expectAccessible } from './a11y';
import { DEMO, LoginPage } from './pages/LoginPage';

const photo = (name: string) =>
  fileURLToPath(new URL(`../tests/fixtures/photos/${name}`, import.meta.url));
const PHOTOS = [
  photo('orientation-landscape-1.jpg'),
  photo('gps-sony-hx5v.jpg'),
  photo('orientation-portrait-1.jpg'),
];
const LOOKS = ['Clarendon', 'Moon', 'Juno'];
const ALTS = [
  'A waterfall over a cliff at dusk',
  'A pier stretching into a calm sea',
  'A tall waterfall seen from below',
];

/** Page object for the carousel tray of the create flow. */
class CarouselTray {
  constructor(readonly page: Page) {}

  photo(n: number, of = 3) {
    return this.page.getByRole('button', { name: `Photo ${n} of ${of}`, exact: true });
  }

  async edit(n: number) {
    await this.photo(n).click();
    await expect(this.photo(n)).toHaveAttribute('aria-pressed', 'true');
  }
}

/** Mean |R−G| + |G−B| per pixel: near 0 for a black-and-white photo. */
async function colourfulness(bytes: Buffer) {
  const { data } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let sum = 0;
  for (let i = 0; i < data.length; i += 3) {
    sum += Math.abs(data[i] - data[i + 1]) + Math.abs(data[i + 1] - data[i + 2]);
  }
  return sum / (data.length / 3);
}

/** Logs demo in and picks `files` at once from the site's New post. */
async function pickAsDemo(page: Page, files: string[]) {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).not.toHaveURL(/\/accounts\/login\//);
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'New post' }).first().click();
  await (await chooser).setFiles(files);
}

test('demo shares a 3-photo carousel, a filter and alt text on each, one adjustment', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await pickAsDemo(page, PHOTOS);
  await expect(page.getByRole('group', { name: 'Crop area' })).toBeVisible({ timeout: 20_000 });
  const tray = new CarouselTray(page);
  for (const n of [1, 2, 3]) await expect(tray.photo(n)).not.toHaveAttribute('aria-busy');
  await expect(tray.photo(1)).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(page, 'the crop step with the carousel tray');

  // Reorder by drag: the third photo dropped on the first takes its place (the photo being
  // edited moves to second), then dropped back on the last place restores the order.
  await tray.photo(3).dragTo(tray.photo(1));
  await expect(tray.photo(2)).toHaveAttribute('aria-pressed', 'true');
  await tray.photo(1).dragTo(tray.photo(3));
  await expect(tray.photo(1)).toHaveAttribute('aria-pressed', 'true');
  // And by keyboard: Alt+→ moves the focused photo one place on, Alt+← back.
  await tray.photo(1).focus();
  await page.keyboard.press('Alt+ArrowRight');
  await expect(tray.photo(2)).toHaveAttribute('aria-pressed', 'true');
  await expect(tray.photo(2)).toBeFocused();
  await page.keyboard.press('Alt+ArrowLeft');
  await expect(tray.photo(1)).toHaveAttribute('aria-pressed', 'true');
  // One aspect for all: 4:5 portrait.
  await page.getByRole('button', { name: '4:5' }).click();
  await expect(page.getByRole('button', { name: '4:5' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Next' }).click();

  // A different look on each photo.
  for (const [i, look] of LOOKS.entries()) {
    await tray.edit(i + 1);
    const button = page.getByRole('button', { name: look, exact: true });
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  }
  // One adjustment, on the third photo only: its Edit tab takes the colour out.
  await page.getByRole('tab', { name: 'Edit' }).click();
  await page.getByRole('slider', { name: 'Saturation' }).fill('-100');
  await expect(page.getByRole('slider', { name: 'Saturation' })).toHaveAttribute(
    'aria-valuetext',
    '−100',
  );
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/create\/details\/$/);

  await page.getByLabel('Write a caption…').fill('Three places #glintcarousel');
  await page.getByRole('button', { name: 'Accessibility' }).click();
  for (const [i, alt] of ALTS.entries()) {
    await page.getByRole('textbox', { name: `Alt text for photo ${i + 1}` }).fill(alt);
  }
  await expectAccessible(page, "the details step with each photo's alt text");
  const configured = page.waitForResponse((r) => r.url().endsWith('/create/configure_sidecar/'));
  await page.getByRole('button', { name: 'Share' }).click();
  const answer = await configured;
  expect(answer.status()).toBe(200);
  const { media } = (await answer.json()) as { media: { code: string } };
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText('Your post has been shared.')).toBeVisible();

  // The feed shows the carousel, its first photo described by its alt text.
  const card = page
    .getByRole('article')
    .filter({ has: page.locator(`a[href="/p/${media.code}/"]`) });
  await expect(card.getByRole('img', { name: ALTS[0] })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Next' })).toBeVisible();

  // The post page steps through the three photos, each with its own alt text.
  await page.goto(`/p/${media.code}/`);
  const post = page.getByRole('article').first();
  await expect(post.getByText('Three places')).toBeVisible();
  for (const [i, alt] of ALTS.entries()) {
    if (i > 0) await post.getByRole('button', { name: 'Next' }).click();
    await expect(post.getByRole('img', { name: alt })).toBeVisible();
  }

  // Stored in order, each with its own look and adjustments: the Moon photo and the third,
  // desaturated on its Edit tab, are black and white; the first keeps its colour.
  const info = await page.request.get(`/api/v1/media/${media.code}/info/`);
  const children = (
    (await info.json()) as {
      media: {
        edge_sidecar_to_children: {
          edges: { node: { display_url: string; dimensions: { width: number; height: number } } }[];
        };
      };
    }
  ).media.edge_sidecar_to_children.edges.map((e) => e.node);
  expect(children).toHaveLength(3);
  // Every photo came out 4:5, whatever its own shape.
  for (const { dimensions } of children) {
    expect(dimensions.width / dimensions.height).toBeCloseTo(0.8, 2);
  }
  const colour = [];
  for (const child of children) {
    const file = await page.request.get(child.display_url);
    expect(file.ok()).toBe(true);
    colour.push(await colourfulness(await file.body()));
  }
  expect(colour[1]).toBeLessThan(2);
  expect(colour[0]).toBeGreaterThan(8);
  expect(colour[2]).toBeLessThan(2);
});

/** The tray thumbnail's drawn size (width / height), or null while it shows the file itself. */
function thumbShape(tray: CarouselTray, n: number, of: number) {
  return tray
    .photo(n, of)
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement) => canvas.width / canvas.height)
    .catch(() => null);
}

test('the tray shows each photo as it is framed: its aspect and turn', async ({ page }) => {
  // A landscape photo and a portrait one.
  await pickAsDemo(page, [PHOTOS[0], PHOTOS[2]]);
  const tray = new CarouselTray(page);
  for (const n of [1, 2]) await expect(tray.photo(n, 2)).not.toHaveAttribute('aria-busy');

  await page.getByRole('button', { name: 'Original' }).click();
  await expect.poll(() => thumbShape(tray, 1, 2)).toBeGreaterThan(1.2);
  await expect.poll(() => thumbShape(tray, 2, 2)).toBeLessThan(0.9);
  // A quarter turn of the photo being edited turns its thumbnail, and only its own.
  await page.getByRole('button', { name: 'Rotate' }).click();
  await expect.poll(() => thumbShape(tray, 1, 2)).toBeLessThan(0.9);
  await expect.poll(() => thumbShape(tray, 2, 2)).toBeLessThan(0.9);
  // One aspect for all: square frames both.
  await page.getByRole('button', { name: 'Square' }).click();
  await expect.poll(() => thumbShape(tray, 1, 2)).toBe(1);
  await expect.poll(() => thumbShape(tray, 2, 2)).toBe(1);
  // The other photo keeps the turn given to the first once it is the one being edited.
  await tray.photo(2, 2).click();
  await page.getByRole('button', { name: 'Original' }).click();
  await expect.poll(() => thumbShape(tray, 1, 2)).toBeLessThan(0.9);
  await expect.poll(() => thumbShape(tray, 2, 2)).toBeLessThan(0.9);
});
