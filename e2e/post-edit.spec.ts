/**
 * Alt text and editing a shared post (issue 19): demo shares a photo with alt text written under
 * Accessibility; the post page shows it as the photo's alt. Then "More options" → Edit changes the
 * caption and the alt text, and the post page shows both, also after a reload.
 */
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from './fixtures';
import { expectAccessible } from './a11y';
import { DEMO, LoginPage } from './pages/LoginPage';

const PHOTO = fileURLToPath(
  new URL('../tests/fixtures/photos/orientation-landscape-1.jpg', import.meta.url),
);

/** Page object for the post's "Edit info" dialog. */
class EditInfoDialog {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.getByRole('button', { name: 'More options' }).first().click();
    await this.page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(this.dialog).toBeVisible();
  }

  get dialog() {
    return this.page.getByRole('dialog', { name: 'Edit info' });
  }

  get caption() {
    return this.dialog.getByRole('textbox', { name: 'Caption' });
  }

  get altText() {
    return this.dialog.getByRole('textbox', { name: 'Alt text' });
  }

  get done() {
    return this.dialog.getByRole('button', { name: 'Done' });
  }
}

test('demo shares a photo with alt text, then edits its caption and alt text', async ({ page }) => {
  test.setTimeout(120_000);
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).not.toHaveURL(/\/accounts\/login\//);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'New post' }).click();
  await (await chooser).setFiles(PHOTO);
  await expect(page.getByRole('group', { name: 'Crop area' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('button', { name: 'Clarendon', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/create\/details\/$/);

  await page.getByLabel('Write a caption…').fill('Harbour at dawn');
  await page.getByRole('button', { name: 'Accessibility' }).click();
  const alt = page.getByRole('textbox', { name: 'Alt text' });
  await alt.fill('Fishing boats moored in a calm harbour');
  await expect(page.getByText('38/100')).toBeVisible();
  await expectAccessible(page, 'the details step with Accessibility open');
  const configured = page.waitForResponse((r) => r.url().endsWith('/create/configure/'));
  await page.getByRole('button', { name: 'Share' }).click();
  const { media } = (await (await configured).json()) as { media: { code: string } };
  await page.waitForURL((url) => url.pathname === '/');

  // The post page shows the written alt text as the photo's alt.
  await page.goto(`/p/${media.code}/`);
  const post = page.getByRole('article').first();
  await expect(post.getByText('Harbour at dawn')).toBeVisible();
  await expect(
    post.getByRole('img', { name: 'Fishing boats moored in a calm harbour' }),
  ).toBeVisible();

  // Edit: the dialog starts from the post as it is.
  const edit = new EditInfoDialog(page);
  await edit.open();
  await expect(edit.caption).toHaveValue('Harbour at dawn');
  await expectAccessible(page, 'the Edit info dialog');
  await expect(edit.altText).toHaveValue('Fishing boats moored in a calm harbour');
  await edit.caption.fill('Harbour at dusk #evening');
  await edit.altText.fill('Boats in a harbour under an orange sky');
  await edit.done.click();
  await expect(edit.dialog).toBeHidden();
  await expect(page.getByText('Your post has been updated.')).toBeVisible();
  await expect(post.getByText('Harbour at dusk')).toBeVisible();
  await expect(
    post.getByRole('img', { name: 'Boats in a harbour under an orange sky' }),
  ).toBeVisible();
  // Focus is back on the menu button the dialog was opened from.
  await expect(page.getByRole('button', { name: 'More options' }).first()).toBeFocused();

  // Stored: a reload shows the edited caption (its hashtag a link) and alt text.
  await page.reload();
  await expect(post.getByText('Harbour at dusk')).toBeVisible();
  await expect(post.getByRole('link', { name: '#evening' })).toBeVisible();
  await expect(
    post.getByRole('img', { name: 'Boats in a harbour under an orange sky' }),
  ).toBeVisible();
  await expect(
    post.getByRole('img', { name: 'Fishing boats moored in a calm harbour' }),
  ).toHaveCount(0);
});
