import { expect, test } from './fixtures';

// A carousel on a phone (issue 19: dots, arrows, swipe and keyboard): a sideways swipe turns the
// photo, with real touch events in Chromium, where the browser's own panning could take them.

test.use({ viewport: { width: 375, height: 800 }, hasTouch: true, isMobile: true });

test('a sideways swipe turns a carousel photo, and back', async ({ page, context }) => {
  await page.goto('/demo/');
  const tile = page
    .locator('a[href^="/p/"]')
    .filter({ has: page.getByRole('img', { name: 'Carousel' }) })
    .first();
  await page.goto((await tile.getAttribute('href')) ?? '/');
  const media = page.locator('.post-media--carousel').first();
  const position = media.locator('[aria-live]');
  await expect(position).toHaveText(/^Photo 1 of \d+$/);

  const box = (await media.boundingBox())!;
  const cdp = await context.newCDPSession(page);
  const y = box.y + box.height / 2;
  async function swipe(from: number, to: number) {
    const x = (share: number) => box.x + box.width * share;
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [{ x: x(from), y }],
    });
    for (let i = 1; i <= 8; i += 1) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x(from + ((to - from) * i) / 8), y: y + i }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }

  await swipe(0.8, 0.1);
  await expect(position).toHaveText(/^Photo 2 of \d+$/);
  await swipe(0.2, 0.9);
  await expect(position).toHaveText(/^Photo 1 of \d+$/);
  // A short nudge is not a turn.
  await swipe(0.5, 0.45);
  await expect(position).toHaveText(/^Photo 1 of \d+$/);
});
