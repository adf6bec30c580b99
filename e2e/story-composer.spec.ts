import { expect, test, type Page, type Request } from './fixtures';
import type { ReelsMediaData, ReelsTrayData } from '../src/api/storyTypes';
import { DEMO } from './pages/LoginPage';
import { STORY_PHOTO as PHOTO, graph, isHome, logInDemo as logIn } from './pages/storyHelpers';
import { expectAccessible } from './a11y';

// The story composer's tools (issue 18 part 4) in real WebGL: for each new element (text styles,
// alignment, backgrounds, a turned and scaled text, a pen stroke) the picture on screen and the
// exported 1080×1920 JPEG agree; and a story with two texts, a background and a pen stroke is
// posted and plays in the viewer.

/** Page object for /create/story/ (accessible names as a user reads them). */
class Composer {
  constructor(readonly page: Page) {}

  get canvas() {
    return this.page.getByRole('application', { name: 'Story canvas' });
  }
  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }
  radio(name: string) {
    return this.page.getByRole('radio', { name, exact: true });
  }

  async open(page: Page) {
    await page.goto('/create/story/');
    const chooser = page.waitForEvent('filechooser');
    await this.button('Choose a photo').click();
    await (await chooser).setFiles(PHOTO);
    await expect(this.button('Add text')).toBeVisible({ timeout: 30_000 });
    await expect(this.canvas.locator('canvas')).toBeVisible();
    // The chooser is gone: the picture takes the focus, not the page.
    await expect(this.canvas).toBeFocused();
  }

  /** A new text layer: words, then the style choices made while typing, then Done. */
  async addText(words: string, choices: { radios?: string[]; colour?: string } = {}) {
    await this.button('Add text').click();
    await this.page.getByLabel('Story text').fill(words);
    for (const name of choices.radios ?? []) {
      await this.radio(name).check();
      await expect(this.radio(name)).toBeChecked();
    }
    if (choices.colour) await this.button(choices.colour).click();
    await this.button('Done').click();
    await expect(this.page.getByLabel('Story text')).toHaveCount(0);
  }

  /** A stroke with the pen across the upper half of the picture. */
  async draw(colour: string, width: string) {
    await this.button('Draw').click();
    await expect(this.button('Draw')).toHaveAttribute('aria-pressed', 'true');
    await this.radio(width).check();
    await this.button(colour).click();
    const box = (await this.canvas.boundingBox())!;
    const at = (fx: number, fy: number) =>
      [box.x + box.width * fx, box.y + box.height * fy] as const;
    await this.page.mouse.move(...at(0.2, 0.35));
    await this.page.mouse.down();
    for (let i = 1; i <= 16; i++) {
      await this.page.mouse.move(...at(0.2 + i * 0.035, 0.35 + Math.sin(i / 2.5) * 0.06));
    }
    await this.page.mouse.up();
    await this.button('Done drawing').click();
  }

  /** The picture on screen, without the selection frame or the focus ring. */
  async preview(): Promise<Buffer> {
    const texts = this.page.getByRole('group', { name: 'Texts on the picture' });
    if ((await texts.getByRole('button', { pressed: true }).count()) > 0) {
      await this.canvas.focus();
      await this.page.keyboard.press('Escape'); // puts the selected text down
      await expect(texts.getByRole('button', { pressed: true })).toHaveCount(0);
    }
    await this.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await this.page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))),
    );
    return this.canvas.locator('canvas').screenshot();
  }
}

/** The JPEG in a multipart upload body (the 'photo' part). */
function photoPart(request: Request): Buffer {
  const body = request.postDataBuffer()!;
  const boundary = /boundary=(.+)$/.exec(request.headers()['content-type'] ?? '')![1];
  const header = body.indexOf('filename="story.jpg"');
  const start = body.indexOf('\r\n\r\n', header) + 4;
  const end = body.indexOf(`\r\n--${boundary}`, start);
  return body.subarray(start, end);
}

/**
 * Shares, holding the upload: the exported JPEG is kept and the server answers 503, so the
 * composer stays open with the draft (Retry toast) for the next element.
 */
async function exported(page: Page): Promise<Buffer> {
  let jpeg: Buffer | null = null;
  await page.route('**/create/upload/photo/', async (route) => {
    jpeg = photoPart(route.request());
    await route.fulfill({ status: 503, json: { message: 'Held by the test.', status: 'fail' } });
  });
  await page.getByRole('button', { name: 'Share to story', exact: true }).click();
  await expect.poll(() => jpeg !== null).toBe(true);
  await expect(page.getByRole('button', { name: 'Share to story', exact: true })).toBeEnabled();
  await page.unroute('**/create/upload/photo/');
  return jpeg!;
}

interface Comparison {
  /** Pixels where the element shows on screen (they differ from the bare picture). */
  element: number;
  /** Mean colour distance between screen and export over those pixels. */
  meanDistance: number;
  /** Share of those pixels where the export differs from the bare picture's export too. */
  shownInExport: number;
}

/**
 * Compares the screen with the export where the element is: the export is scaled to the
 * screen's size, and the element's pixels are those where the screen differs from the bare
 * picture's screen. The top 80 CSS px (under the toolbar's shade) and the bottom 80 (where the
 * held upload's toast shows) are left out.
 */
async function compare(
  page: Page,
  shots: { preview: Buffer; bare: Buffer; exported: Buffer; bareExported: Buffer },
): Promise<Comparison> {
  const encoded = Object.fromEntries(
    Object.entries(shots).map(([k, v]) => [k, v.toString('base64')]),
  ) as Record<keyof typeof shots, string>;
  return page.evaluate(async (images) => {
    // Decoded from the bytes (a data: fetch would break the page's CSP).
    const load = (b64: string, type: string) =>
      createImageBitmap(new Blob([Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))], { type }));
    const preview = await load(images.preview, 'image/png');
    const { width, height } = preview;
    const pixels = async (b64: string, type: string) => {
      const bitmap = await load(b64, type);
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d')!;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, width, height);
      return ctx.getImageData(0, 0, width, height).data;
    };
    const p = await pixels(images.preview, 'image/png');
    const b = await pixels(images.bare, 'image/png');
    const e = await pixels(images.exported, 'image/jpeg');
    const be = await pixels(images.bareExported, 'image/jpeg');
    const distance = (x: Uint8ClampedArray, y: Uint8ClampedArray, i: number) =>
      Math.hypot(x[i] - y[i], x[i + 1] - y[i + 1], x[i + 2] - y[i + 2]);
    let element = 0;
    let sum = 0;
    let shown = 0;
    for (let y = 80; y < height - 80; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        if (distance(p, b, i) < 60) continue;
        element += 1;
        sum += distance(p, e, i);
        if (distance(e, be, i) >= 30) shown += 1;
      }
    }
    return { element, meanDistance: sum / Math.max(1, element), shownInExport: shown / element };
  }, encoded);
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('each new element looks the same on screen and in the exported story', async ({ page }) => {
    test.setTimeout(180_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page);
    const composer = new Composer(page);
    await composer.open(page);
    const bare = await composer.preview();
    const bareExported = await exported(page);

    // Each element, and the undo steps that take it away (a run of one key is one step).
    const elements: [string, () => Promise<void>, number?][] = [
      ['big Classic text, centred', () => composer.addText('Hello Glint')],
      [
        'Modern, solid pink plate, right-aligned lines',
        () =>
          composer.addText('Sunday swim\nat dawn', {
            radios: ['Modern', 'Solid background', 'Align right'],
            colour: 'Pink',
          }),
      ],
      [
        'Serif, soft plate, left-aligned',
        () =>
          composer.addText('with the best\npeople', {
            radios: ['Serif', 'Soft background', 'Align left'],
            colour: 'Yellow',
          }),
      ],
      [
        'Typewriter in green',
        () => composer.addText('typed out', { radios: ['Typewriter'], colour: 'Green' }),
      ],
      ['Neon in blue', () => composer.addText('neon', { radios: ['Neon'], colour: 'Blue' })],
      [
        'a text scaled up and turned with the keys',
        async () => {
          await composer.addText('turned', { radios: ['Classic'], colour: 'Orange' });
          await composer.canvas.focus();
          for (let i = 0; i < 6; i++) await page.keyboard.press('+');
          for (let i = 0; i < 4; i++) await page.keyboard.press(']');
          for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowUp');
        },
        4,
      ],
      ['a thick yellow pen stroke', () => composer.draw('Yellow', 'Thick')],
    ];

    for (const [name, make, undoSteps = 1] of elements) {
      await make();
      const shots = { preview: await composer.preview(), bare, bareExported };
      const exportedNow = await exported(page);
      const result = await compare(page, { ...shots, exported: exportedNow });
      test.info().annotations.push({ type: name, description: JSON.stringify(result) });
      // The element is there on screen, in the export at the same place, in the same colours.
      expect(result.element, name).toBeGreaterThan(400);
      expect(result.shownInExport, name).toBeGreaterThan(0.9);
      expect(result.meanDistance, name).toBeLessThan(30);
      // Undo takes the element away again, so each is compared on its own.
      for (let i = 0; i < undoSteps; i++) await composer.button('Undo').click();
      await expect(composer.button('Undo')).toBeDisabled();
      const after = await compare(page, {
        ...shots,
        preview: await composer.preview(),
        exported: bareExported,
      });
      expect(after.element, `${name} undone`).toBeLessThan(50);
    }
    expect(errors).toEqual([]);
  });
});

test.describe('portrait phone', () => {
  test.use({ viewport: { width: 414, height: 896 } });

  test('two texts, a background and a pen stroke are posted and play in the viewer', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page);
    const composer = new Composer(page);
    await composer.open(page);
    await composer.addText('Sunday swim', {
      radios: ['Modern', 'Solid background'],
      colour: 'Pink',
    });
    await composer.addText('so cold', { radios: ['Serif', 'No background'], colour: 'White' });
    // The second text goes lower with the keys.
    await composer.canvas.focus();
    for (let i = 0; i < 6; i++) await page.keyboard.press('Shift+ArrowDown');
    await composer.draw('Green', 'Thick');
    const texts = page.getByRole('group', { name: 'Texts on the picture' });
    await expect(texts.getByRole('button')).toHaveCount(2);

    const configured = page.waitForResponse('**/create/configure_to_story/');
    await composer.button('Share to story').click();
    const response = await configured;
    expect(response.status()).toBe(200);
    const { media } = (await response.json()) as { media: { pk: string } };
    await expect(page).toHaveURL(isHome);
    await expect(page.getByText('Your story was shared.')).toBeVisible();

    const tray = await graph<ReelsTrayData>(page, 'reelsTray', {});
    const reels = await graph<ReelsMediaData>(page, 'reelsMedia', {
      reel_ids: [tray.user.feed_reels_tray.edge_reels_tray_to_reel.edges[0].node.id],
      precomposed_overlay: false,
    });
    const items = reels.reels_media[0].items;
    const index = items.findIndex((i) => i.id === media.pk || i.id.startsWith(`${media.pk}_`));
    expect(index).toBe(items.length - 1);

    // The stored picture carries the pink plate and the green stroke.
    const counts = await page.evaluate(async (url) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      const near = (rgb: number[]) => {
        let n = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (Math.hypot(data[i] - rgb[0], data[i + 1] - rgb[1], data[i + 2] - rgb[2]) < 50) n++;
        }
        return n;
      };
      return { width: canvas.width, pink: near([209, 8, 105]), green: near([112, 192, 80]) };
    }, items[index].display_url);
    expect(counts.width).toBe(1080);
    expect(counts.pink).toBeGreaterThan(5_000);
    expect(counts.green).toBeGreaterThan(2_000);

    // The viewer plays it: the own reel first in the tray, stepped to the new, last item.
    const first = page
      .getByRole('region', { name: 'Stories' })
      .getByRole('button', { name: /^Your story, / });
    await first.click();
    const viewer = page.getByRole('dialog', { name: 'Stories' });
    await expect(viewer.locator('canvas')).toBeVisible();
    const announcement = page.getByTestId('story-announcement');
    for (let step = 0; step < items.length; step++) {
      const text = (await announcement.textContent()) ?? '';
      if (text.startsWith(`Story ${items.length} of`)) break;
      await viewer.getByRole('button', { name: 'Next', exact: true }).click();
    }
    await expect(announcement).toHaveText(
      `Story ${items.length} of ${items.length} by ${DEMO.username}`,
    );
    expect(errors).toEqual([]);
  });
});

for (const [width, height] of [
  [375, 812],
  [1280, 900],
] as const) {
  test.describe(`${width} px`, () => {
    test.use({ viewport: { width, height } });

    test('every tool of the composer passes axe (WCAG 2.2 AA)', async ({ page }) => {
      test.setTimeout(120_000);
      await logIn(page);
      const composer = new Composer(page);
      await composer.open(page);
      await composer.button('Add text').click();
      await page.getByLabel('Story text').fill('Hello');
      await composer.radio('Solid background').check();
      await expectAccessible(page, 'the composer: typing, with the text tools');
      await composer.button('Done').click();
      await expect(composer.button('Edit text')).toBeVisible();
      await expectAccessible(page, 'the composer: a text selected');
      await composer.button('Draw').click();
      await expect(composer.radio('Medium')).toBeChecked();
      await expectAccessible(page, 'the composer: the pen');
    });
  });
}
