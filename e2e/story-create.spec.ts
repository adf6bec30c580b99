import { expect, test, type Page } from './fixtures';
import type { ReelsMediaData, ReelsTrayData } from '../src/api/storyTypes';
import { DEMO } from './pages/LoginPage';
import { STORY_PHOTO as PHOTO, graph, isHome, logInDemo as logIn } from './pages/storyHelpers';

// Story creation end to end against the real server with the demo seed: the mobile header's
// "New story" picks a camera photo (EXIF orientation 6), the Pixi composer places pink text, the
// composite is encoded in the worker, uploaded and configured to story; home shows the toast and
// the viewer plays the new item from the own reel, first in the tray.

/** Page object for /create/story/ (accessible names as a user reads them). */
class StoryComposerPage {
  constructor(readonly page: Page) {}

  get canvas() {
    return this.page.getByRole('application', { name: 'Story canvas' });
  }
  button(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  async addText(text: string, colour: string) {
    await this.button('Add text').click();
    await this.page.getByLabel('Story text').fill(text);
    await this.button(colour).click();
    await expect(this.button(colour)).toHaveAttribute('aria-pressed', 'true');
    await this.button('Done').click();
  }
}

/** Share of pixels near `rgb` in the middle band of the stored story (where the text sits). */
async function textColourShare(page: Page, url: string, rgb: [number, number, number]) {
  return page.evaluate(
    async ({ url, rgb }) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = new OffscreenCanvas(image.naturalWidth, image.naturalHeight);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const band = ctx.getImageData(0, 760, canvas.width, 400).data;
      let near = 0;
      for (let i = 0; i < band.length; i += 4) {
        const d = Math.hypot(band[i] - rgb[0], band[i + 1] - rgb[1], band[i + 2] - rgb[2]);
        if (d < 60) near += 1;
      }
      return { width: image.naturalWidth, height: image.naturalHeight, near };
    },
    { url, rgb },
  );
}

test.describe('portrait phone', () => {
  test.use({ viewport: { width: 414, height: 896 } });

  test('New story → text in pink → shared, first in the tray and playing in the viewer', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page);

    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'New story' }).click();
    await (await chooser).setFiles(PHOTO);
    await expect(page).toHaveURL(/\/create\/story\/$/);

    const composer = new StoryComposerPage(page);
    await expect(composer.button('Add text')).toBeVisible({ timeout: 30_000 });
    await expect(composer.canvas.locator('canvas')).toBeVisible();
    await composer.addText('Hello Glint', 'Pink');
    await expect(composer.button('Edit text')).toBeVisible();
    await expect(page.getByText(/Move text: drag it/)).toBeVisible();

    const configured = page.waitForResponse('**/create/configure_to_story/');
    await composer.button('Share to story').click();
    const response = await configured;
    expect(response.status()).toBe(200);
    const { media } = (await response.json()) as { media: { pk: string } };

    await expect(page).toHaveURL(isHome);
    await expect(page.getByText('Your story was shared.')).toBeVisible();

    // The stored picture is the 1080×1920 composite with the pink text burnt in.
    const reels = await graph<ReelsMediaData>(page, 'reelsMedia', {
      reel_ids: [
        (await graph<ReelsTrayData>(page, 'reelsTray', {})).user.feed_reels_tray
          .edge_reels_tray_to_reel.edges[0].node.id,
      ],
      precomposed_overlay: false,
    });
    const own = reels.reels_media[0];
    expect(own.user.username).toBe(DEMO.username);
    const items = own.items;
    const index = items.findIndex((i) => i.id === media.pk || i.id.startsWith(`${media.pk}_`));
    expect(index).toBe(items.length - 1);
    const stored = await textColourShare(page, items[index].display_url, [209, 8, 105]);
    expect(stored).toMatchObject({ width: 1080, height: 1920 });
    expect(stored.near).toBeGreaterThan(300);

    // Own reel first in the tray; the viewer reaches the new item.
    const tray = page.getByRole('region', { name: 'Stories' });
    const first = tray.getByRole('button', { name: /^(Story by|Your story,) / }).first();
    await expect(first).toHaveAccessibleName(/^Your story, /);
    await first.click();
    const viewer = page.getByRole('dialog', { name: 'Stories' });
    await expect(viewer.locator('canvas')).toBeVisible();
    const announcement = page.getByTestId('story-announcement');
    await expect(announcement).toHaveText(
      new RegExp(`^Story \\d+ of ${items.length} by ${DEMO.username}$`),
    );
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

test.describe('landscape phone', () => {
  test.use({ viewport: { width: 896, height: 414 }, hasTouch: true, isMobile: true });

  test('story creation is refused until the phone is upright', async ({ page }) => {
    await logIn(page);
    await page.goto('/create/story/');
    await expect(page.getByRole('alert')).toContainText(
      'Turn your phone upright to create a story',
    );
    await expect(page.getByRole('button', { name: 'Choose a photo' })).toHaveCount(0);

    await page.setViewportSize({ width: 414, height: 896 });
    await expect(page.getByRole('button', { name: 'Choose a photo' })).toBeVisible();
  });
});
