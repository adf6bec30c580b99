import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
import { QUERY_IDS } from '../src/api/queryIds';
import type { ReelsTrayData, WireReel, WireStoryPlaceholder } from '../src/api/storyTypes';
import { DEMO, LoginPage } from './pages/LoginPage';

// Issue 18 against the real server with the demo seed: the placeholder drawn while the picture
// is slow, finger drags between reels and down to close, the desktop neighbour previews.

const isHome = (url: URL) => url.pathname === '/';
const PHONE = { width: 375, height: 812 };
/** Opening the viewer mounts Pixi in a software renderer: on a busy 2-core machine, seconds. */
const OPEN = { timeout: 45_000 };

async function trayReels(page: Page): Promise<WireReel[]> {
  const qs = `query_id=${QUERY_IDS.reelsTray}&variables=${encodeURIComponent('{}')}`;
  const res = await page.request.get(`/graphql/query/?${qs}`);
  expect(res.ok()).toBe(true);
  const data = ((await res.json()) as { data: ReelsTrayData }).data;
  return data.user.feed_reels_tray.edge_reels_tray_to_reel.edges.map((e) => e.node);
}

/** Logs demo in on home and returns the tray's reels other than demo's own. */
async function logIn(page: Page): Promise<WireReel[]> {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).toHaveURL(isHome);
  return (await trayReels(page)).filter((r) => r.user.username !== DEMO.username);
}

const announcement = (page: Page) => page.getByTestId('story-announcement');
const viewerDialog = (page: Page) => page.getByRole('dialog', { name: 'Stories' });

/** The mean RGB of the placeholder's pixels. */
function meanOf(placeholder: WireStoryPlaceholder): number[] {
  const bytes = Buffer.from(placeholder.rgb, 'base64');
  const sum = [0, 0, 0];
  for (let i = 0; i < bytes.length; i += 3) for (let c = 0; c < 3; c++) sum[c] += bytes[i + c];
  return sum.map((s) => s / (bytes.length / 3));
}

/**
 * The mean RGB of a band of the picture between the spinner (at mid-height) and the reply bar's
 * dark fade under someone else's story (the bottom ≈ 23 %): only the picture or its placeholder.
 */
async function meanOnScreen(page: Page): Promise<number[]> {
  const png = await page.screenshot({
    clip: { x: 0, y: PHONE.height * 0.56, width: PHONE.width, height: PHONE.height * 0.2 },
  });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 3) for (let c = 0; c < 3; c++) sum[c] += data[i + c];
  return sum.map((s) => s / (info.width * info.height));
}

/** A finger drag on the viewer through Chromium's touch input: pointer events of type touch. */
async function fingerDrag(page: Page, from: [number, number], to: [number, number], steps = 4) {
  const cdp = await page.context().newCDPSession(page);
  const point = (x: number, y: number) => [{ x, y, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(...from) });
  for (let i = 1; i <= steps; i++) {
    const x = from[0] + ((to[0] - from[0]) * i) / steps;
    const y = from[1] + ((to[1] - from[1]) * i) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(x, y) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true, deviceScaleFactor: 3 });
  // A 3× phone in a software renderer on a shared machine: the first picture can take seconds.
  test.slow();

  test('a slow picture shows its placeholder at once, never a black frame', async ({ page }) => {
    const reels = await logIn(page);
    const reel = reels.find((r) => r.start_item?.placeholder);
    expect(reel, 'the tray names each reel’s start item with a placeholder').toBeDefined();
    const start = reel!.start_item!;
    // The picture never arrives (neither the tray's prefetch nor the viewer's own request).
    await page.route(`**${start.display_url}`, () => undefined);
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Stories' })
      .getByRole('button', { name: new RegExp(`^Story by ${reel!.user.username},`) })
      .click();
    await expect(viewerDialog(page).locator('canvas')).toBeVisible(OPEN);
    const expected = meanOf(start.placeholder!);
    await expect
      .poll(async () => {
        const seen = await meanOnScreen(page);
        return seen.every((v, c) => Math.abs(v - expected[c]) < 40);
      }, OPEN)
      .toBe(true);
    const seen = await meanOnScreen(page);
    expect(Math.max(...seen), 'not a black frame').toBeGreaterThan(20);
  });

  test('a finger drag moves to the next reel; a short one snaps back', async ({ page }) => {
    const reels = await logIn(page);
    const [first, second] = reels;
    await page.goto(`/stories/${first.user.username}/`);
    await expect(announcement(page)).toContainText(`by ${first.user.username}`, OPEN);
    await viewerDialog(page).getByRole('button', { name: 'Pause' }).click();

    // A short drag is not a swipe: the story slides back and stays.
    await fingerDrag(page, [300, 400], [260, 404]);
    await expect(viewerDialog(page).getByRole('button', { name: 'Play' })).toBeVisible();
    await expect(page).toHaveURL(`/stories/${first.user.username}/`);

    await fingerDrag(page, [320, 400], [40, 410]);
    await expect(page).toHaveURL(`/stories/${second.user.username}/`, OPEN);
    await expect(announcement(page)).toContainText(`by ${second.user.username}`, OPEN);
    // Back the other way.
    await fingerDrag(page, [40, 400], [330, 390]);
    await expect(page).toHaveURL(`/stories/${first.user.username}/`, OPEN);
  });

  test('a finger swipe down closes the viewer', async ({ page }) => {
    const reels = await logIn(page);
    await page.goto('/');
    await page
      .getByRole('region', { name: 'Stories' })
      .getByRole('button', { name: new RegExp(`^Story by ${reels[0].user.username},`) })
      .click();
    await expect(announcement(page)).toContainText(`by ${reels[0].user.username}`, OPEN);
    await fingerDrag(page, [180, 250], [190, 650]);
    await expect(page).toHaveURL(isHome, OPEN);
    await expect(viewerDialog(page)).toBeHidden();
  });

  test('holding the picture fades the controls away until it is released', async ({ page }) => {
    const reels = await logIn(page);
    await page.goto(`/stories/${reels[0].user.username}/`);
    await expect(announcement(page)).toContainText(`by ${reels[0].user.username}`, OPEN);
    const controls = viewerDialog(page).locator('.story-viewer__controls');
    await expect(controls).toHaveCSS('opacity', '1');
    const cdp = await page.context().newCDPSession(page);
    const touch = [{ x: 200, y: 420, id: 1, radiusX: 4, radiusY: 4, force: 1 }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: touch });
    await expect(controls).toHaveCSS('opacity', '0');
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    await expect(controls).toHaveCSS('opacity', '1');
    // A hold is not a tap: the story did not move on.
    await expect(page).toHaveURL(`/stories/${reels[0].user.username}/`);
  });

  test('the drawing buffer holds no more pixels than the 1080×1920 story', async ({ page }) => {
    const reels = await logIn(page);
    await page.goto(`/stories/${reels[0].user.username}/`);
    const canvas = viewerDialog(page).locator('canvas');
    await expect(canvas).toBeVisible(OPEN);
    const size = await canvas.evaluate((c: HTMLCanvasElement) => ({ w: c.width, h: c.height }));
    expect(size.w * size.h).toBeLessThanOrEqual(1080 * 1920);
    // Still denser than one pixel per CSS pixel on this 3× screen.
    expect(size.w).toBeGreaterThan(PHONE.width * 2);
    // The ‹ › buttons do not sit over the picture on a phone.
    await expect(viewerDialog(page).getByRole('button', { name: 'Next' })).toHaveCSS(
      'opacity',
      '0',
    );
  });
});

test('on a large screen the neighbouring reels show beside the story; a click jumps there', async ({
  page,
}) => {
  const reels = await logIn(page);
  const [first, second, third] = reels;
  await page.goto(`/stories/${second.user.username}/`);
  const dialog = viewerDialog(page);
  await expect(announcement(page)).toContainText(`by ${second.user.username}`, OPEN);
  const previous = dialog.getByRole('button', { name: `Stories by ${first.user.username}` });
  const next = dialog.getByRole('button', { name: `Stories by ${third.user.username}` });
  await expect(previous).toBeVisible();
  await expect(next).toBeVisible();
  // Beside the picture, not over it.
  const frame = await dialog.locator('canvas').boundingBox();
  const nextBox = await next.boundingBox();
  const prevButton = await dialog.getByRole('button', { name: 'Next', exact: true }).boundingBox();
  expect(nextBox!.x).toBeGreaterThan(prevButton!.x + prevButton!.width);
  expect(frame).not.toBeNull();
  await next.click();
  await expect(page).toHaveURL(`/stories/${third.user.username}/`);
  await expect(announcement(page)).toContainText(`by ${third.user.username}`);
});
