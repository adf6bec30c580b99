/**
 * Photo creation end to end (content spec §4 "Photo creation"): demo picks the 14 MP photo, picks
 * Clarendon, writes a caption with a hashtag, takes a suggested place and shares. The connection
 * drops in the middle of the tus upload after half of the bytes arrived; the upload resumes from
 * that offset and the post appears in the feed. The stored image is 1080 px on its long side,
 * carries the filter and no EXIF (so no GPS).
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type Request } from './fixtures';
import sharp from 'sharp';
import { setDeviceScale } from './pages/deviceScale';
import { DEMO, LoginPage } from './pages/LoginPage';

const PHOTO = fileURLToPath(
  new URL('../tests/fixtures/photos/large-nikon-d3100-14mp.jpg', import.meta.url),
);
const UPLOAD_PATH = '/create/upload/resumable/';

/** Page object for /create/style/ (crop, then filters) and /create/details/. */
class CreateFlow {
  constructor(readonly page: Page) {}

  async choosePhoto(file: string) {
    const chooser = this.page.waitForEvent('filechooser');
    await this.page.getByRole('button', { name: 'New post' }).click();
    await (await chooser).setFiles(file);
    await expect(this.page).toHaveURL(/\/create\/style\/$/);
    await expect(this.cropArea).toBeVisible({ timeout: 20_000 });
  }

  get cropArea() {
    return this.page.getByRole('group', { name: 'Crop area' });
  }

  get next() {
    return this.page.getByRole('button', { name: 'Next' });
  }

  filter(name: string) {
    return this.page.getByRole('button', { name, exact: true });
  }

  get caption() {
    return this.page.getByLabel('Write a caption…');
  }

  get locationSearch() {
    return this.page.getByRole('searchbox', { name: 'Add location' });
  }

  get share() {
    return this.page.getByRole('button', { name: 'Share' });
  }
}

interface TusRequest {
  method: string;
  offset: number | null;
}

const offsetOf = (headers: Record<string, string>) => {
  const value = headers['upload-offset'];
  return value === undefined ? null : Number(value);
};

/**
 * Drops the connection in the middle of the first PATCH: only the first half of its body reaches
 * the server (tus stores it and moves the offset), then the browser sees a reset instead of an
 * answer. tus-js-client must ask the server for its offset (HEAD) and send only the rest.
 */
function cutFirstPatchInHalf(page: Page) {
  const requests: TusRequest[] = [];
  const headOffsets: number[] = [];
  let cut: { bodyLength: number; sent: number; serverOffset: number | null } | null = null;
  const isTus = (request: Request) => new URL(request.url()).pathname.startsWith(UPLOAD_PATH);

  page.on('request', (request) => {
    if (isTus(request)) {
      requests.push({ method: request.method(), offset: offsetOf(request.headers()) });
    }
  });
  page.on('response', (response) => {
    const offset = offsetOf(response.headers());
    if (isTus(response.request()) && response.request().method() === 'HEAD' && offset !== null) {
      headOffsets.push(offset);
    }
  });
  const ready = page.route(
    (url) => url.pathname.startsWith(UPLOAD_PATH),
    async (route) => {
      const request = route.request();
      const body = request.postDataBuffer();
      if (request.method() !== 'PATCH' || cut !== null || !body) return route.continue();
      const firstHalf = body.subarray(0, Math.floor(body.length / 2));
      const response = await route.fetch({
        postData: firstHalf,
        headers: { ...request.headers(), 'content-length': String(firstHalf.length) },
      });
      cut = {
        bodyLength: body.length,
        sent: firstHalf.length,
        serverOffset: offsetOf(response.headers()),
      };
      await route.abort('connectionreset');
    },
  );
  return { ready, requests, headOffsets, cut: () => cut };
}

/** Mean absolute difference per channel (0..255) between two same-sized RGB images. */
async function meanDifference(a: Buffer, b: Buffer, width: number, height: number) {
  const raw = (input: Buffer) =>
    sharp(input).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  const [pa, pb] = await Promise.all([raw(a), raw(b)]);
  let sum = 0;
  for (let i = 0; i < pa.length; i++) sum += Math.abs(pa[i] - pb[i]);
  return sum / pa.length;
}

/** Standard deviation of the luma: Clarendon adds contrast. */
async function lumaSpread(input: Buffer) {
  const stats = await sharp(input).greyscale().stats();
  return stats.channels[0].stdev;
}

/** Pixel size from the JPEG frame header, and the APPn segments before it. */
function inspectJpeg(bytes: Buffer) {
  const app: string[] = [];
  let i = 2;
  while (i + 9 < bytes.length && bytes[i] === 0xff) {
    const marker = bytes[i + 1];
    const length = bytes.readUInt16BE(i + 2);
    if (marker >= 0xe0 && marker <= 0xef) {
      app.push(`APP${marker - 0xe0} ${bytes.subarray(i + 4, i + 8).toString('latin1')}`);
    }
    if (marker >= 0xc0 && marker <= 0xc2) {
      return { height: bytes.readUInt16BE(i + 5), width: bytes.readUInt16BE(i + 7), app };
    }
    i += 2 + length;
  }
  throw new Error('No JPEG frame header found');
}

test('demo shares a filtered photo with caption and suggested place; the upload survives a cut', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).not.toHaveURL(/\/accounts\/login\//);

  const upload = cutFirstPatchInHalf(page);
  await upload.ready;
  const flow = new CreateFlow(page);
  await flow.choosePhoto(PHOTO);

  // Crop: the original shape, whole frame (the Normal reference below is the whole photo).
  await page.getByRole('button', { name: 'Original' }).click();
  await expect(page.getByRole('button', { name: 'Original' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await flow.next.click();

  // Style: Clarendon at a lighter strength.
  await flow.filter('Clarendon').click();
  await expect(flow.filter('Clarendon')).toHaveAttribute('aria-pressed', 'true');
  await expect(flow.filter('Normal')).toHaveAttribute('aria-pressed', 'false');
  // The strength shows under the thumbnails without scrolling the filter panel, which overflows
  // at this window height.
  const strength = page.getByLabel('Filter strength');
  const inPanel = await strength.evaluate((input) => {
    const panel = input.closest('[aria-label="Edit"] .create-panel');
    if (!panel) return false;
    const [box, frame] = [input.getBoundingClientRect(), panel.getBoundingClientRect()];
    return (
      panel.scrollHeight > panel.clientHeight && box.top >= frame.top && box.bottom <= frame.bottom
    );
  });
  expect(inPanel).toBe(true);
  await strength.fill('80');
  await flow.next.click();

  // Details: caption with a hashtag, and one of the suggested places (the photo has no GPS, so
  // the suggestions are the most tagged places).
  await expect(page).toHaveURL(/\/create\/details\/$/);
  // A mention picked from the people offered while it is typed.
  await flow.caption.fill('Fields after the rain #GlintSunset with ');
  await flow.caption.pressSequentially('@ana');
  const people = page.getByRole('listbox', { name: 'People' });
  await expect(people.getByRole('option').first()).toContainText(/^ana\./);
  await flow.caption.press('Enter');
  await expect(people).toBeHidden();
  const caption = (await flow.caption.inputValue()).trim();
  expect(caption).toMatch(/^Fields after the rain #GlintSunset with @ana\.[a-z0-9._]+$/);
  await expect(page.getByText(`${caption.length + 1}/2,200`)).toBeVisible();
  const suggestion = page
    .getByRole('list', { name: 'Suggested places' })
    .getByRole('button')
    .first();
  await expect(suggestion).toBeVisible();
  const placeName = (await suggestion.textContent())?.trim() ?? '';
  expect(placeName).not.toBe('');
  await suggestion.click();
  await expect(page.getByRole('button', { name: 'Remove location' })).toBeVisible();
  await expect(page.locator('.location-chosen__name')).toHaveText(placeName);

  const configured = page.waitForResponse((r) => r.url().endsWith('/create/configure/'));
  await flow.share.click();
  const { media } = (await (await configured).json()) as { media: { code: string } };

  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText('Your post has been shared.')).toBeVisible();

  // The first PATCH was cut after half of its bytes: the server kept them, tus asked for the
  // offset (HEAD) and sent the rest from there, in the same upload (one POST).
  const cut = upload.cut();
  expect(cut).not.toBeNull();
  expect(cut!.sent).toBeGreaterThan(0);
  expect(cut!.serverOffset).toBe(cut!.sent);
  const patches = upload.requests.filter((r) => r.method === 'PATCH');
  expect(patches[0]?.offset).toBe(0);
  const afterCut = upload.requests.slice(upload.requests.indexOf(patches[0]) + 1);
  expect(afterCut[0]?.method).toBe('HEAD');
  expect(upload.headOffsets[0]).toBe(cut!.sent);
  expect(afterCut.find((r) => r.method === 'PATCH')?.offset).toBe(cut!.sent);
  expect(upload.requests.filter((r) => r.method === 'POST')).toHaveLength(1);

  const info = await page.request.get(`/api/v1/media/${media.code}/info/`);
  expect(info.ok()).toBe(true);
  const post = (await info.json()).media as {
    caption: string;
    display_url: string;
    location: { name: string } | null;
  };
  expect(post.caption).toBe(caption);
  expect(post.location?.name).toBe(placeName);

  // The post shows in the feed: its picture, the place and the hashtag as a link.
  const card = page
    .getByRole('article')
    .filter({ has: page.locator(`a[href="/p/${media.code}/"]`) });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: placeName })).toBeVisible();
  await expect(card.getByRole('link', { name: '#GlintSunset' })).toHaveAttribute(
    'href',
    '/explore/tags/glintsunset/',
  );
  await expect(card.locator('img.post-media__img')).toHaveAttribute('src', post.display_url);

  // Stored: 1080 on the long side, whole frame, no EXIF (so no GPS).
  const image = await page.request.get(post.display_url);
  expect(image.ok()).toBe(true);
  const stored = await image.body();
  const jpeg = inspectJpeg(stored);
  expect([jpeg.width, jpeg.height]).toEqual([1080, 720]);
  expect(jpeg.app.some((segment) => segment.startsWith('APP1 Exif'))).toBe(false);
  expect((await sharp(stored).metadata()).exif).toBeUndefined();

  // Filtered: a Normal export is the photo resized (measured: about 1 level per channel apart);
  // Clarendon at 80% moves the pixels far more (about 20) and spreads the tones (contrast).
  const normal = await sharp(PHOTO).rotate().resize(1080, 720, { fit: 'fill' }).jpeg().toBuffer();
  expect(await meanDifference(stored, normal, 1080, 720)).toBeGreaterThan(6);
  expect(await lumaSpread(stored)).toBeGreaterThan((await lumaSpread(normal)) + 1);
});

test('a reload on a creation step offers to choose a photo again', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).not.toHaveURL(/\/accounts\/login\//);
  await page.goto('/create/details/');
  await expect(page).toHaveURL(/\/create\/style\/$/);
  await expect(page.getByRole('button', { name: 'Choose a photo' })).toBeVisible();
});

test('the filter preview is drawn again, sharp, when the pixel ratio changes', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).not.toHaveURL(/\/accounts\/login\//);
  const flow = new CreateFlow(page);
  await flow.choosePhoto(
    fileURLToPath(new URL('../tests/fixtures/photos/orientation-landscape-1.jpg', import.meta.url)),
  );
  await flow.next.click();
  await expect(flow.filter('Clarendon')).toBeVisible();
  const canvas = page.locator('canvas.style-preview__canvas');
  const bufferWidth = () => canvas.evaluate((c: HTMLCanvasElement) => c.width);
  const cssWidth = await canvas.evaluate((c) => c.getBoundingClientRect().width);
  await expect.poll(bufferWidth).toBeGreaterThan(0);
  const before = await bufferWidth();

  // A zoom or a denser screen: no resize event, only the pixel ratio changes. The once-a-second
  // display-property poll notices it and the preview is drawn at the new size.
  await setDeviceScale(page, 2);
  await expect.poll(bufferWidth, { timeout: 5_000 }).toBeGreaterThan(before);
  expect(await bufferWidth()).toBeGreaterThanOrEqual(Math.min(1080, Math.floor(cssWidth * 2)));
});
