/**
 * Photo creation end to end (content spec §4 "Photo creation"): demo picks a 14 MP photo, crops
 * it, picks Clarendon, writes a caption with a hashtag, tags a place and shares. The connection
 * drops once in the middle of the tus upload; the upload resumes from the last acknowledged
 * offset and the post appears in the feed. The stored image is 1080 px on its long side and
 * carries no EXIF.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEMO, LoginPage } from './pages/LoginPage';

const PHOTO = fileURLToPath(
  new URL('../../shared/fixtures/photos/large-nikon-d3100-14mp.jpg', import.meta.url),
);
const UPLOAD_PATH = '/create/upload/resumable/';
const CHUNK_SIZE = 512 * 1024;

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

/**
 * Records the tus requests and drops the connection once during a PATCH: the chunk reaches the
 * server, but the answer never reaches the browser (a reset mid-request). tus must then ask the
 * server for its offset (HEAD) and continue from there instead of sending the bytes again.
 */
function cutUploadOnce(page: Page) {
  const log: { method: string; offset: number | null }[] = [];
  let uploadLength = 0;
  let cut: { sentAt: number; acknowledged: number } | null = null;
  const offsetOf = (headers: Record<string, string>) => {
    const value = headers['upload-offset'];
    return value === undefined ? null : Number(value);
  };
  const ready = page.route(
    (url) => url.pathname.startsWith(UPLOAD_PATH),
    async (route) => {
      const request = route.request();
      const offset = offsetOf(request.headers());
      log.push({ method: request.method(), offset });
      if (request.method() === 'POST') {
        uploadLength = Number(request.headers()['upload-length'] ?? 0);
      }
      // With several chunks, cut after the first one so the resume has to keep it.
      const cutHere = uploadLength > CHUNK_SIZE ? (offset ?? 0) > 0 : offset === 0;
      if (request.method() === 'PATCH' && cut === null && cutHere) {
        const response = await route.fetch();
        cut = { sentAt: offset ?? 0, acknowledged: offsetOf(response.headers()) ?? 0 };
        await route.abort('connectionreset');
        return;
      }
      await route.continue();
    },
  );
  return { ready, log, cut: () => cut, uploadLength: () => uploadLength };
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

test('demo shares a filtered photo with caption and place; the upload survives a cut', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).not.toHaveURL(/\/accounts\/login\//);

  const upload = cutUploadOnce(page);
  await upload.ready;
  const flow = new CreateFlow(page);
  await flow.choosePhoto(PHOTO);

  // Crop: the original shape, nudged with the keyboard.
  await page.getByRole('button', { name: 'Original' }).click();
  await expect(page.getByRole('button', { name: 'Original' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await flow.cropArea.focus();
  await page.keyboard.press('+');
  await page.keyboard.press('ArrowLeft');
  await flow.next.click();

  // Style: Clarendon at a lighter strength.
  await flow.filter('Clarendon').click();
  await expect(flow.filter('Clarendon')).toHaveAttribute('aria-pressed', 'true');
  await expect(flow.filter('Normal')).toHaveAttribute('aria-pressed', 'false');
  await page.getByLabel('Filter strength').fill('80');
  await flow.next.click();

  // Details: caption with a hashtag, and a place found by search (the photo has no GPS).
  await expect(page).toHaveURL(/\/create\/details\/$/);
  const caption = 'Fields after the rain #GlintSunset';
  await flow.caption.fill(caption);
  await expect(page.getByText(`${caption.length}/2,200`)).toBeVisible();
  await flow.locationSearch.fill('a');
  const firstPlace = page.getByRole('list', { name: 'Places' }).getByRole('button').first();
  await expect(firstPlace).toBeVisible();
  const placeName = (await firstPlace.locator('.location-option__name').textContent()) ?? '';
  await firstPlace.click();
  await expect(page.getByRole('button', { name: 'Remove location' })).toBeVisible();

  const configured = page.waitForResponse((r) => r.url().endsWith('/create/configure/'));
  await flow.share.click();
  const { media } = (await (await configured).json()) as { media: { code: string } };

  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByText('Your post has been shared.')).toBeVisible();

  // The connection was cut once; tus asked the server for its offset and went on from there:
  // the same upload (one POST), and no byte the server had acknowledged was sent again.
  const cut = upload.cut();
  expect(cut).not.toBeNull();
  expect(cut!.acknowledged).toBeGreaterThan(cut!.sentAt);
  const cutIndex = upload.log.findIndex((e) => e.method === 'PATCH' && e.offset === cut!.sentAt);
  const afterCut = upload.log.slice(cutIndex + 1);
  expect(afterCut[0]?.method).toBe('HEAD');
  const nextPatch = afterCut.find((e) => e.method === 'PATCH');
  if (cut!.acknowledged < upload.uploadLength()) expect(nextPatch?.offset).toBe(cut!.acknowledged);
  else expect(nextPatch).toBeUndefined();
  expect(upload.log.filter((e) => e.method === 'POST')).toHaveLength(1);

  // The post shows in the feed with its caption.
  await expect(page.getByText('Fields after the rain', { exact: false }).first()).toBeVisible();

  const info = await page.request.get(`/api/v1/media/${media.code}/info/`);
  expect(info.ok()).toBe(true);
  const post = (await info.json()).media as {
    caption: string;
    display_url: string;
    location: { name: string } | null;
  };
  expect(post.caption).toBe(caption);
  expect(post.location?.name).toBe(placeName);

  const image = await page.request.get(post.display_url);
  expect(image.ok()).toBe(true);
  const jpeg = inspectJpeg(await image.body());
  expect(Math.max(jpeg.width, jpeg.height)).toBe(1080);
  expect(jpeg.width).toBeGreaterThan(jpeg.height);
  expect(jpeg.app.some((segment) => segment.startsWith('APP1 Exif'))).toBe(false);
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
