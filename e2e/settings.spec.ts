import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from './fixtures';
import { DEMO, LoginPage } from './pages/LoginPage';

// Settings screens against the real server with the demo seed. Every test that changes
// something signs up a FRESH member (through the signup call, from inside the page so the CSRF
// cookie and headers are the app's own), so demo's data stays as the other specs expect it.

const PASSWORD = 'settings-e2e-pass-1';
const PHOTO = path.resolve('tests/fixtures/photos/camera-nikon-d100.jpg');
// The same landscape picture stored upright (orientation 1) and stored turned with EXIF
// orientation 6 (1200×1800 pixels, 352 727 bytes).
const UPRIGHT = path.resolve('tests/fixtures/photos/orientation-landscape-1.jpg');
const TURNED = path.resolve('tests/fixtures/photos/orientation-landscape-6.jpg');

/** A picture as 32×32 grey levels, to compare two renderings of one photo. */
const thumbprint = async (jpeg: Buffer) =>
  sharp(jpeg).resize(32, 32, { fit: 'fill' }).greyscale().raw().toBuffer();
const difference = (a: Buffer, b: Buffer) =>
  a.reduce((sum, value, i) => sum + Math.abs(value - b[i]), 0) / a.length;

/** Signs up a new member in the page's context; the session cookie is then set. */
async function signUpFreshMember(page: Page): Promise<string> {
  const username = `set_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  await page.goto('/accounts/login/');
  const result = await page.evaluate(
    async ({ username, password }) => {
      const csrf = /(?:^|; )csrftoken=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const res = await fetch('/accounts/web_create_ajax/', {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-CSRFToken': decodeURIComponent(csrf),
          'X-Requested-With': 'XMLHttpRequest',
        },
        body: new URLSearchParams({
          email: `${username}@example.com`,
          password,
          username,
          first_name: 'Settings Tester',
          client_id: `e2e-${username}`,
        }),
      });
      return (await res.json()) as { account_created?: boolean };
    },
    { username, password: PASSWORD },
  );
  expect(result.account_created).toBe(true);
  return username;
}

/** The logout call as the app makes it (the nav's menu is covered by the auth spec). */
async function logOut(page: Page): Promise<void> {
  const status = await page.evaluate(async () => {
    const csrf = /(?:^|; )csrftoken=([^;]*)/.exec(document.cookie)?.[1] ?? '';
    const res = await fetch('/accounts/logout/ajax/', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-CSRFToken': decodeURIComponent(csrf),
        'X-Requested-With': 'XMLHttpRequest',
      },
      body: 'one_tap_app_login=0',
    });
    return res.status;
  });
  expect(status).toBe(200);
}

/** The app's toast (a polite live region) showing the given text. */
const toast = (page: Page, text: string) => page.locator('.toast-region').getByText(text);

test.describe('settings', () => {
  test('a taken username is reported at the Username field', async ({ page }) => {
    await signUpFreshMember(page);
    await page.goto('/accounts/edit/');
    const username = page.getByLabel('Username');
    await username.fill(DEMO.username);
    // Reported while the member types (a dry run of the edit), before any Submit …
    const taken = "This username isn't available. Please try another.";
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription(taken);
    // … and again by the Submit itself.
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(username).toHaveAttribute('aria-invalid', 'true');
    await expect(username).toHaveAccessibleDescription(taken);
  });

  test('edit bio and website, and a reload shows them', async ({ page }) => {
    const username = await signUpFreshMember(page);
    await page.goto('/accounts/edit/');
    await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
    await expect(page.getByLabel('Username')).toHaveValue(username);
    const submit = page.getByRole('button', { name: 'Submit' });
    await expect(submit).toBeDisabled();

    await page.getByLabel('Bio').fill('Lakes, light & <b>long</b> walks.');
    await page.getByLabel('Website').fill('https://example.com/me');
    await submit.focus();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Profile saved.')).toBeVisible();
    // Nothing is left to save: Submit says so and keeps the focus (it had dropped to the page).
    await expect(submit).toBeDisabled();
    await expect(submit).toBeFocused();

    await page.reload();
    await expect(page.getByLabel('Bio')).toHaveValue('Lakes, light & <b>long</b> walks.');
    await expect(page.getByLabel('Website')).toHaveValue('https://example.com/me');
  });

  test('change the profile photo: the avatar follows and a first-post upsell shows', async ({
    page,
  }) => {
    const username = await signUpFreshMember(page);
    await page.goto('/accounts/edit/');
    const avatar = page
      .getByRole('main')
      .getByRole('img', { name: `${username}'s profile picture` });
    await expect(avatar).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove current photo' })).toHaveCount(0);

    await page.getByLabel('Profile photo file').setInputFiles(PHOTO);
    await expect(toast(page, 'Profile photo added.')).toBeVisible();
    await expect(page.getByText('Share this photo as your first post?')).toBeVisible();
    await expect(avatar).toHaveAttribute('src', /\/media\/a\//);

    await page.getByRole('button', { name: 'Not now' }).click();
    await expect(page.getByText('Share this photo as your first post?')).toHaveCount(0);
    await page.getByRole('button', { name: 'Remove current photo' }).click();
    await expect(toast(page, 'Profile photo removed.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Remove current photo' })).toHaveCount(0);
  });

  test('the profile photo is made in the browser: upright and small', async ({ page }) => {
    // The file the page hands to the upload request (Playwright does not see multipart blobs).
    await page.addInitScript(() => {
      const send = XMLHttpRequest.prototype.send;
      XMLHttpRequest.prototype.send = function (body) {
        const picture = body instanceof FormData ? body.get('profile_pic') : null;
        if (picture instanceof File) {
          (window as unknown as { sentPicture: object }).sentPicture = {
            size: picture.size,
            type: picture.type,
          };
        }
        return send.call(this, body);
      };
    });
    const username = await signUpFreshMember(page);
    await page.goto('/accounts/edit/');
    const avatar = page
      .getByRole('main')
      .getByRole('img', { name: `${username}'s profile picture` });
    const change = async (file: string) => {
      const before = await avatar.getAttribute('src');
      await page.getByLabel('Profile photo file').setInputFiles(file);
      await expect(avatar).not.toHaveAttribute('src', before ?? '');
      const picture = await page.request.get((await avatar.getAttribute('src'))!);
      return {
        sent: await page.evaluate(() => (window as unknown as { sentPicture: object }).sentPicture),
        picture: await thumbprint(await picture.body()),
      };
    };
    // browser-image-compression (in the media worker) sends a picture sized for the avatars,
    // not the photo: the turned photo's 352 KB become a small upright JPEG without its EXIF, so
    // what the server keeps matches the photo stored upright, and not the photo as stored.
    const turned = await change(TURNED);
    expect(turned.sent).toEqual({ size: expect.any(Number), type: 'image/jpeg' });
    expect((turned.sent as { size: number }).size).toBeLessThan(120_000);
    const upright = await change(UPRIGHT);
    expect(difference(turned.picture, upright.picture)).toBeLessThan(12);
    const asStored = await thumbprint(
      await sharp(await sharp(UPRIGHT).rotate(90).toBuffer())
        .resize(320, 320, { fit: 'cover' })
        .jpeg()
        .toBuffer(),
    );
    expect(difference(asStored, upright.picture)).toBeGreaterThan(24);
  });

  test('the upload progress strip never moves the form below it', async ({ page }) => {
    await signUpFreshMember(page);
    await page.goto('/accounts/edit/');
    const name = page.getByLabel('Name', { exact: true });
    await expect(name).toBeVisible();
    const top = async () => (await name.boundingBox())?.y;
    const before = await top();

    // Hold the upload until the strip has been seen.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/accounts/web_change_profile_picture/', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('Profile photo file').setInputFiles(PHOTO);
    const strip = page.getByRole('progressbar', { name: 'Uploading profile photo' });
    await expect(strip).toBeVisible();
    expect(await top()).toBe(before);
    release();
    await expect(toast(page, 'Profile photo added.')).toBeVisible();
    await expect(strip).toHaveCount(0);
  });

  test('a bad website shows the server message under the field and in a toast', async ({
    page,
  }) => {
    await signUpFreshMember(page);
    await page.goto('/accounts/edit/');
    const website = page.getByLabel('Website');
    await website.fill('javascript:alert(1)');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(website).toHaveAttribute('aria-invalid', 'true');
    await expect(website).toHaveAccessibleDescription(
      'Only http and https website addresses are allowed.',
    );
    // Spec §8: the failed save also toasts the server's message.
    await expect(toast(page, 'Only http and https website addresses are allowed.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Website')).toHaveValue('');
  });

  test('change password, log out and log in with the new one', async ({ page }) => {
    const username = await signUpFreshMember(page);
    await page.goto('/accounts/password/change/');
    const change = page.getByRole('button', { name: 'Change password' });
    await page.getByLabel('Old password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-42');
    await page.getByLabel('Confirm new password').fill('brand-new-pass-4');
    await expect(page.getByText('Please make sure both passwords match.')).toBeVisible();
    await expect(change).toBeDisabled();
    await page.getByLabel('Confirm new password').fill('brand-new-pass-42');
    await change.click();
    await expect(toast(page, 'Password changed.')).toBeVisible();
    await expect(page.getByLabel('Old password')).toHaveValue('');

    await logOut(page);
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(username, 'brand-new-pass-42');
    await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'load' });
  });

  test('the comment filter and keywords persist', async ({ page }) => {
    await signUpFreshMember(page);
    await page.goto('/accounts/comment_filter/');
    const filter = page.getByRole('switch', { name: 'Hide offensive comments' });
    await expect(filter).not.toBeChecked();
    await filter.click();
    await expect(filter).toBeChecked();
    await expect(filter).toBeEnabled(); // the call has settled

    await page.getByRole('textbox', { name: 'Keywords' }).fill('spam, Buy now,ads, spam');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Keywords saved.')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Hide offensive comments' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Keywords' })).toHaveValue('ads, Buy now, spam');
  });

  test('email preferences and the private account switch persist', async ({ page }) => {
    await signUpFreshMember(page);
    await page.goto('/emails/settings/');
    const news = page.getByRole('switch', { name: 'News emails' });
    await expect(news).toBeChecked();
    await news.click();
    await expect(news).not.toBeChecked();
    await expect(news).toBeEnabled();

    await page.goto('/accounts/privacy_and_security/');
    const privacy = page.getByRole('switch', { name: 'Private account' });
    await privacy.click();
    await expect(privacy).toBeChecked();
    await expect(privacy).toBeEnabled();
    await expect(page.getByRole('link', { name: 'Connect an external login' })).toHaveAttribute(
      'href',
      '/accounts/connect/external/',
    );

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Private account' })).toBeChecked();
    await page.goto('/emails/settings/');
    await expect(page.getByRole('switch', { name: 'News emails' })).not.toBeChecked();
  });

  test('apps and contacts lists load; a revoked app leaves focus in the list', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(DEMO.username, DEMO.password);
    await page.waitForURL((url) => url.pathname === '/', { waitUntil: 'load' });

    await page.goto('/accounts/manage_access/');
    await expect(page.getByRole('heading', { name: 'Apps and websites' })).toBeVisible();
    // Either demo's authorized apps, each with its revoke button, or the empty state.
    await expect(
      page
        .getByRole('button', { name: /^Revoke access for / })
        .first()
        .or(page.getByRole('heading', { name: 'No apps or websites' })),
    ).toBeVisible();

    // Revoking one: its row goes, and keyboard focus stays in the list, not on the document.
    const revoke = page.getByRole('button', { name: /^Revoke access for / });
    if ((await revoke.count()) > 0) {
      const before = await revoke.count();
      await revoke.first().click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      await expect(revoke).toHaveCount(before - 1);
      await expect
        .poll(() =>
          page.evaluate(() => {
            const active = document.activeElement;
            return active?.getAttribute('aria-label') ?? active?.id ?? active?.tagName;
          }),
        )
        .toMatch(/^(Authorized apps|main)$/);
    }

    await page.goto('/accounts/contact_history/');
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    await expect(
      page
        .getByRole('button', { name: 'Delete all' })
        .or(page.getByRole('heading', { name: 'No contacts' })),
    ).toBeVisible();
  });
});
