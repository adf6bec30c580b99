import { expect, test, type Page } from './fixtures';
import { QUERY_IDS } from '../src/api/queryIds';
import type { ReelsMediaData, ReelsTrayData, WireReel } from '../src/api/storyTypes';
import { storyFrame } from '../src/canvas/story/layout';
import { storyResolution } from '../src/canvas/story/resolution';
import { setDeviceScale } from './pages/deviceScale';
import { DEMO, LoginPage } from './pages/LoginPage';

// Stories against the real server with the demo seed: the tray on home, the full-screen Pixi
// viewer, moving through items and reels (the route is replaced), and closing back home.
// Expectations come from the app's own queries, so the spec does not depend on seed names or
// on what earlier runs already marked seen.

// Not /\/$/: the login page's own URL ends with a slash too.
const isHome = (url: URL) => url.pathname === '/';

async function graph<T>(page: Page, name: keyof typeof QUERY_IDS, variables: object): Promise<T> {
  const qs = `query_id=${QUERY_IDS[name]}&variables=${encodeURIComponent(JSON.stringify(variables))}`;
  const res = await page.request.get(`/graphql/query/?${qs}`);
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

async function trayReels(page: Page): Promise<WireReel[]> {
  const data = await graph<ReelsTrayData>(page, 'reelsTray', {});
  return data.user.feed_reels_tray.edge_reels_tray_to_reel.edges.map((e) => e.node);
}

/** Where a reel starts: its first unseen item, or item 0 when all are seen. */
async function startOf(page: Page, reel: WireReel) {
  const data = await graph<ReelsMediaData>(page, 'reelsMedia', {
    reel_ids: [reel.id],
    precomposed_overlay: false,
  });
  const items = data.reels_media[0].items;
  const seen = data.reels_media[0].seen;
  const first = seen === null ? 0 : items.findIndex((i) => i.taken_at_timestamp > seen);
  return { index: first === -1 ? 0 : first, count: items.length };
}

/** Page object for the story viewer (accessible names as a user reads them). */
class StoryViewer {
  constructor(readonly page: Page) {}

  get dialog() {
    return this.page.getByRole('dialog', { name: 'Stories' });
  }
  get canvas() {
    return this.dialog.locator('canvas');
  }
  get announcement() {
    return this.page.getByTestId('story-announcement');
  }
  button(name: 'Previous' | 'Next' | 'Pause' | 'Play' | 'Close') {
    return this.dialog.getByRole('button', { name, exact: true });
  }
  /** `opening`: the viewer mounts Pixi first (software WebGL on a busy machine: seconds). */
  async expectStory(index: number, count: number, username: string, opening = false) {
    await expect(this.announcement).toHaveText(
      `Story ${index + 1} of ${count} by ${username}`,
      opening ? { timeout: 45_000 } : undefined,
    );
  }
}

test('the tray opens the viewer; Next moves through items and reels; Escape closes', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).toHaveURL(isHome);

  const reels = (await trayReels(page)).filter((r) => r.user.username !== DEMO.username);
  expect(reels.length).toBeGreaterThanOrEqual(2);
  const unseenIndex = reels.findIndex((r) => r.seen === null || r.seen < r.latest_reel_media);
  const first = reels[Math.max(0, unseenIndex)];
  const following = reels[reels.indexOf(first) + 1];
  const username = first.user.username;
  const start = await startOf(page, first);

  const tray = page.getByRole('region', { name: 'Stories' });
  await expect(tray.getByRole('button', { name: /^Story by / }).first()).toBeVisible();
  const seenWord =
    first.seen !== null && first.seen >= first.latest_reel_media ? 'seen' : 'not seen';
  await tray.getByRole('button', { name: `Story by ${username}, ${seenWord}` }).click();

  const viewer = new StoryViewer(page);
  await expect(page).toHaveURL(`/stories/${username}/`);
  await expect(viewer.canvas).toBeVisible({ timeout: 45_000 });
  await viewer.expectStory(start.index, start.count, username, true);
  // Focus moves into the viewer and Space pauses there, so only our Next presses move it on
  // (no 5 s auto-advance mid-test).
  await expect(viewer.dialog).toBeFocused();
  await page.keyboard.press('Space');
  await expect(viewer.button('Play')).toBeVisible();

  const historyLength = await page.evaluate(() => history.length);
  for (let i = start.index + 1; i < start.count; i++) {
    await viewer.button('Next').click();
    await viewer.expectStory(i, start.count, username);
  }
  // Past the last item: the next reel, with the route replaced rather than pushed. (Its start is
  // read first: showing an item marks it seen.)
  const next = await startOf(page, following);
  await viewer.button('Next').click();
  await expect(page).toHaveURL(`/stories/${following.user.username}/`);
  await viewer.expectStory(next.index, next.count, following.user.username);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  // Tab cycles through the viewer's controls and never leaves it.
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  expect(await viewer.dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(isHome);
  await expect(viewer.dialog).toBeHidden();
  // The reel watched to its end now shows a seen ring, and focus is back on it.
  const opener = tray.getByRole('button', { name: `Story by ${username}, seen` });
  await expect(opener).toBeVisible();
  await expect(opener).toBeFocused();
});

test('a reel opened again from the tray marks the item it resumes at seen', async ({ page }) => {
  // A member no other test logs in as, with reels of two or more items none of which are seen.
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn('tom.wanders', DEMO.password);
  await expect(page).toHaveURL(isHome);
  let reel: WireReel | undefined;
  for (const candidate of await trayReels(page)) {
    const start = await startOf(page, candidate);
    if (candidate.seen === null && start.count >= 2) {
      reel = candidate;
      break;
    }
  }
  expect(reel, 'a reel of two or more unseen items').toBeDefined();
  const { username } = reel!.user;
  const items = (
    await graph<ReelsMediaData>(page, 'reelsMedia', {
      reel_ids: [reel!.id],
      precomposed_overlay: false,
    })
  ).reels_media[0].items;
  const seenPost = (itemId: string) =>
    page.waitForRequest(
      (req) =>
        req.url().includes('/stories/reel/seen') &&
        new URLSearchParams(req.postData() ?? '').get('reelMediaId') === itemId,
    );
  const tray = page.getByRole('region', { name: 'Stories' });
  const viewer = new StoryViewer(page);

  const firstSeen = seenPost(items[0].id);
  await tray.getByRole('button', { name: `Story by ${username}, not seen` }).click();
  await viewer.expectStory(0, items.length, username, true);
  await firstSeen;
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(isHome);

  // The second time the viewer is warm and the picture prefetched: it shows in the first frame.
  const secondSeen = seenPost(items[1].id);
  await tray.getByRole('button', { name: `Story by ${username}, not seen` }).click();
  await viewer.expectStory(1, items.length, username);
  await secondSeen;
});

test('an Escape pressed at once after a tray tap closes the viewer before it shows', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).toHaveURL(isHome);
  const opener = page
    .getByRole('region', { name: 'Stories' })
    .getByRole('button', { name: /^Story by / })
    .first();
  await opener.focus();
  // The viewer's code and renderer take a few frames to start: the Escape comes before that.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(isHome);
  await expect(opener).toBeFocused();
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('dialog', { name: 'Stories' })).toHaveCount(0);
});

test('a profile with a live story wears the ring and opens it; Escape comes back', async ({
  page,
}) => {
  const { username } = (await logInForOthersReel(page)).user;
  await page.goto(`/${username}/`);
  const ring = page
    .getByRole('main')
    .getByRole('link', { name: new RegExp(`^Story by ${username}, `) });
  await expect(ring).toBeVisible();
  await ring.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/stories/${username}/`);
  const viewer = new StoryViewer(page);
  await expect(viewer.canvas).toBeVisible({ timeout: 45_000 });
  await expect(viewer.dialog).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`/${username}/`);
  await expect(ring).toBeFocused();
});

/** Logs demo in and returns a reel in the tray that is not demo's own. */
async function logInForOthersReel(page: Page): Promise<WireReel> {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).toHaveURL(isHome);
  const reel = (await trayReels(page)).find((r) => r.user.username !== DEMO.username);
  expect(reel).toBeDefined();
  return reel!;
}

test('a story link opened directly plays, and Close goes home', async ({ page }) => {
  const reel = await logInForOthersReel(page);
  const { username } = reel.user;
  const start = await startOf(page, reel);

  await page.goto(`/stories/${username}/`);
  const viewer = new StoryViewer(page);
  await expect(viewer.canvas).toBeVisible({ timeout: 45_000 });
  await viewer.expectStory(start.index, start.count, username, true);
  await page.keyboard.press('ArrowLeft');
  if (start.index > 0) await viewer.expectStory(start.index - 1, start.count, username);
  await viewer.button('Close').click();
  await expect(page).toHaveURL(isHome);
});

test('a story video plays muted, can be unmuted, and moves on when it ends', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).toHaveURL(isHome);
  const reels = (await trayReels(page)).filter((r) => r.user.username !== DEMO.username);
  const media = await graph<ReelsMediaData>(page, 'reelsMedia', {
    reel_ids: reels.map((r) => r.id),
    precomposed_overlay: false,
  });
  const withVideo = media.reels_media.find((r) => r.items.some((i) => i.is_video));
  expect(withVideo, 'the demo seed has a story video').toBeDefined();
  const reel = reels.find((r) => r.id === withVideo!.id)!;
  const { username } = reel.user;
  const videoIndex = withVideo!.items.findIndex((i) => i.is_video);
  const count = withVideo!.items.length;
  const start = await startOf(page, reel);

  // Only the current video is fetched, so this response is the one the viewer plays.
  const video = page.waitForResponse((res) => new URL(res.url()).pathname.endsWith('.webm'));
  await page.goto(`/stories/${username}/`);
  const viewer = new StoryViewer(page);
  await viewer.expectStory(start.index, count, username, true);
  await viewer.button('Pause').click();
  for (let i = start.index; i > videoIndex; i--) await page.keyboard.press('ArrowLeft');
  for (let i = start.index; i < videoIndex; i++) await viewer.button('Next').click();
  await viewer.expectStory(videoIndex, count, username);

  // Only a video has a sound switch; it starts muted.
  await expect(viewer.dialog.getByRole('button', { name: 'Unmute' })).toBeVisible();
  expect((await video).ok()).toBe(true);
  await viewer.dialog.getByRole('button', { name: 'Unmute' }).click();
  await expect(viewer.dialog.getByRole('button', { name: 'Mute' })).toBeVisible();

  // Played to its end, the video hands over to what comes next without a press.
  await viewer.button('Play').click();
  await expect(viewer.announcement).not.toHaveText(
    `Story ${videoIndex + 1} of ${count} by ${username}`,
    {
      timeout: 20_000,
    },
  );
  await expect(viewer.dialog.getByRole('button', { name: /^(Mute|Unmute)$/ })).toBeHidden();
});

test('the viewer follows a pixel-ratio change and stays sharp', async ({ page }) => {
  const reel = await logInForOthersReel(page);
  await page.goto(`/stories/${reel.user.username}/`);
  const viewer = new StoryViewer(page);
  await expect(viewer.canvas).toBeVisible({ timeout: 45_000 });
  const size = () =>
    viewer.canvas.evaluate((c: HTMLCanvasElement) => ({
      buffer: c.width,
      css: Math.round(c.getBoundingClientRect().width),
    }));
  const before = await size();
  expect(before.buffer).toBe(before.css);

  // A zoom or a denser screen changes only the pixel ratio (no resize event). The buffer follows
  // it, up to the story's own density and pixel count (1080×1920, issue 18).
  const { width, height } = page.viewportSize()!;
  const frame = storyFrame(width, height);
  const resolution = storyResolution(2, width, height, frame.width, frame.height);
  expect(resolution).toBeGreaterThan(1);
  await setDeviceScale(page, 2);
  await expect
    .poll(async () => (await size()).buffer, { timeout: 5_000 })
    .toBe(Math.round(before.css * resolution));
  expect((await size()).css).toBe(before.css);
});
