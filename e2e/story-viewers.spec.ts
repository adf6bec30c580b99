import sharp from 'sharp';
import { expect, test } from './fixtures';
import { DEMO, LoginPage } from './pages/LoginPage';

// Issue 18: the owner's "Seen by N" opens the list of who saw the story (the list itself, paged
// and with viewers, is covered by tests/server/story-viewers.test.ts and the dialog's unit test).

test('the owner opens the viewers list from "Seen by" and closes it back to the story', async ({
  page,
}) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(DEMO.username, DEMO.password);
  await expect(page).toHaveURL((url) => url.pathname === '/');

  // demo posts a story the way the composer does: a staged 1080×1920 JPEG, then configure.
  const jpeg = await sharp({
    create: { width: 1080, height: 1920, channels: 3, background: '#3b6ea8' },
  })
    .jpeg()
    .toBuffer();
  const shared = await page.evaluate(async (base64) => {
    const csrf = decodeURIComponent(/(?:^|; )csrftoken=([^;]*)/.exec(document.cookie)?.[1] ?? '');
    const headers = { 'X-CSRFToken': csrf, 'X-Requested-With': 'XMLHttpRequest' };
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const uploadId = String(Date.now());
    const form = new FormData();
    form.append('upload_id', uploadId);
    form.append('media_type', '1');
    form.append('photo', new Blob([bytes], { type: 'image/jpeg' }), 'story.jpg');
    const staged = await fetch('/create/upload/photo/', { method: 'POST', headers, body: form });
    if (!staged.ok) return `upload ${staged.status}`;
    const res = await fetch('/create/configure_to_story/', {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ upload_id: uploadId }),
    });
    return res.ok ? 'ok' : `configure ${res.status}`;
  }, jpeg.toString('base64'));
  expect(shared).toBe('ok');

  await page.goto(`/stories/${DEMO.username}/`);
  const viewer = page.getByRole('dialog', { name: 'Stories' });
  const seenBy = viewer.getByRole('button', { name: /^Seen by \d+ (person|people)$/ });
  await expect(seenBy).toBeVisible({ timeout: 45_000 });
  await seenBy.click();
  const list = page.getByRole('dialog', { name: /^Viewers \(\d+\)$/ });
  await expect(list).toBeVisible();
  // Nobody else has seen a story made a moment ago.
  await expect(list).toContainText('No one has seen this story yet.');
  // The story waits paused meanwhile; Escape closes the list only, and focus comes back.
  await expect(viewer.getByRole('button', { name: 'Play' })).toBeAttached();
  await page.keyboard.press('Escape');
  await expect(list).toBeHidden();
  await expect(viewer).toBeVisible();
  await expect(seenBy).toBeFocused();
  await expect(viewer.getByRole('button', { name: 'Pause' })).toBeVisible();
});
