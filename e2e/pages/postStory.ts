import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';

/**
 * The logged-in member of `page` posts a plain-colour story the way the composer does: a staged
 * 1080×1920 JPEG, then configure_to_story.
 */
export async function postStory(page: Page, background = '#3b6ea8'): Promise<void> {
  const jpeg = await sharp({ create: { width: 1080, height: 1920, channels: 3, background } })
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
}
