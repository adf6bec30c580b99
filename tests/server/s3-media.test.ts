import fs from 'node:fs/promises';
import path from 'node:path';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openS3Client } from '../../server/media/s3.ts';
import { S3Storage } from '../../server/media/s3Storage.ts';
import { THUMBNAIL_SIZES, thumbnailKey } from '../../server/media/storage.ts';
import { addFollow } from './content-fixtures.ts';
import { createUser, login, TestClient } from './helpers.ts';
import {
  S3_AVAILABLE,
  createS3TestApp,
  listKeys,
  photo,
  sharePost,
  type S3TestApp,
} from './s3-helpers.ts';

// Media files through an S3 bucket (S3_ENDPOINT…): written there, not to DATA_DIR, served by
// /media/ with the same access rules as on disk, removed with their post. Skipped without S3.
describe.skipIf(!S3_AVAILABLE)('media files in an S3 bucket', () => {
  let t: S3TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let carol: TestClient;
  let visitor: TestClient;
  let postId: string;
  let mediaKey: string;
  let data: Buffer;

  beforeAll(async () => {
    t = await createS3TestApp();
    const ids = Object.fromEntries(
      (await t.ctx.db.selectFrom('users').select(['id', 'username']).execute()).map((u) => [
        u.username,
        u.id,
      ]),
    );
    const carolRow = await createUser(t.ctx, { username: 'carol' });
    // alice is private; carol follows her, bob does not.
    await t.ctx.db
      .updateTable('users')
      .set({ is_private: 1 })
      .where('id', '=', ids.alice)
      .execute();
    await addFollow(t.ctx, carolRow.id, ids.alice);
    [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((u) => login(t.app, u)));
    visitor = new TestClient(t.app);
    data = await photo(800, 600);
    postId = await sharePost(alice, data);
    const post = await t.ctx.db
      .selectFrom('posts')
      .select('media_key')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    mediaKey = post.media_key;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('writes the photo and its thumbnails to the bucket, and nothing to the data folder', async () => {
    const keys = await listKeys(t.s3, t.bucket, 'media/');
    expect(keys).toEqual(
      expect.arrayContaining([
        `media/${mediaKey}`,
        ...THUMBNAIL_SIZES.map((s) => `media/${thumbnailKey(mediaKey, s)}`),
      ]),
    );
    const head = await t.s3.send(
      new HeadObjectCommand({ Bucket: t.bucket, Key: `media/${mediaKey}` }),
    );
    expect(head.ContentType).toBe('image/jpeg');
    const onDisk = await fs.readdir(path.join(t.dataDir, 'media')).catch(() => []);
    expect(onDisk).toEqual([]);
    const uploads = await fs.readdir(path.join(t.dataDir, 'uploads')).catch(() => []);
    expect(uploads).toEqual([]);
  });

  it('serves a private post’s file to its owner and followers only', async () => {
    const url = `/media/${mediaKey}`;
    const mine = await alice.get(url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/jpeg');
    expect(mine.headers['cache-control']).toBe('private, max-age=86400');
    const meta = await sharp(mine.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 800, 600]);
    expect(mine.rawPayload.equals((await t.ctx.storage.get(mediaKey))!)).toBe(true);

    expect((await carol.get(url)).statusCode).toBe(200);
    for (const outsider of [bob, visitor]) {
      const refused = await outsider.get(url);
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['cache-control']).toBe('private, no-store');
      expect((refused.json() as { message: string }).message).toBe('Media not found.');
    }
  });

  it('answers ranges and revalidation from the bucket', async () => {
    const url = `/media/${mediaKey}`;
    const part = await alice.get(url, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect(part.headers['content-range']).toMatch(/^bytes 0-99\/\d+$/);

    const full = await alice.get(url);
    const etag = String(full.headers.etag);
    expect(etag).not.toBe('');
    const again = await alice.get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);

    const head = await alice.request({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(full.headers['content-length']);
  });

  it('serves public files (avatars) to anyone, and answers 404 for a missing key', async () => {
    const avatar = await photo(320, 320, 7);
    const boundary = '----glint-s3-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="profile_pic"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const res = await bob.request({
      method: 'POST',
      url: '/accounts/web_change_profile_picture/',
      payload: Buffer.concat([Buffer.from(head), avatar, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(200);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('profile_pic_key')
      .where('username', '=', 'bob')
      .executeTakeFirstOrThrow();
    expect(await listKeys(t.s3, t.bucket, `media/${row.profile_pic_key}`)).toHaveLength(1);
    const served = await visitor.get(`/media/${row.profile_pic_key}`);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');

    const missing = await visitor.get('/media/a/nobody/320.jpg');
    expect(missing.statusCode).toBe(404);
    expect((missing.json() as { message: string }).message).toBe('Media not found.');
  });

  it('stores a story in the bucket and serves it to followers only', async () => {
    const form = new FormData();
    const uploadId = String(Date.now());
    form.append('upload_id', uploadId);
    form.append('photo', new Blob([new Uint8Array(await photo(1080, 1920, 11))]), 's.jpg');
    const req = new Request('http://local/', { method: 'POST', body: form });
    const staged = await alice.request({
      method: 'POST',
      url: '/create/upload/photo/',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
    });
    expect(staged.statusCode).toBe(200);
    const res = await alice.post('/create/configure_to_story/', { upload_id: uploadId });
    expect(res.statusCode).toBe(200);
    const itemId = (res.json() as { media: { pk: string } }).media.pk;
    const item = await t.ctx.db
      .selectFrom('story_items')
      .select(['media_key', 'placeholder'])
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(await listKeys(t.s3, t.bucket, `media/${item.media_key}`)).toHaveLength(1);
    expect(item.placeholder).toBeTruthy();
    const url = `/media/${item.media_key}`;
    const watched = await carol.get(url);
    expect(watched.statusCode).toBe(200);
    expect((await sharp(watched.rawPayload).metadata()).height).toBe(1920);
    for (const outsider of [bob, visitor]) expect((await outsider.get(url)).statusCode).toBe(404);
  });

  it('answers 503 with a message, not 500, while the bucket does not answer', async () => {
    const storage = t.ctx.storage;
    const settings = { ...t.ctx.config.s3!, endpoint: 'http://127.0.0.1:9' };
    const client = openS3Client(settings);
    t.ctx.storage = new S3Storage(client, t.bucket);
    try {
      const res = await alice.get(`/media/${mediaKey}`);
      expect(res.statusCode).toBe(503);
      expect(res.headers['cache-control']).toBe('no-store');
      expect((res.json() as { message: string }).message).toMatch(/not available right now/);
    } finally {
      t.ctx.storage = storage;
      client.destroy();
    }
  });

  it('removes the files from the bucket when the post is deleted', async () => {
    const doomed = await sharePost(alice, await photo(640, 640, 3));
    const key = (
      await t.ctx.db
        .selectFrom('posts')
        .select('media_key')
        .where('id', '=', doomed)
        .executeTakeFirstOrThrow()
    ).media_key;
    const folder = `media/${key.replace(/[^/]+$/, '')}`;
    expect((await listKeys(t.s3, t.bucket, folder)).length).toBe(1 + THUMBNAIL_SIZES.length);
    const res = await alice.post(`/create/${doomed}/delete/`);
    expect(res.statusCode).toBe(200);
    expect(await listKeys(t.s3, t.bucket, folder)).toEqual([]);
    expect((await alice.get(`/media/${key}`)).statusCode).toBe(404);
    // The other post's files are untouched.
    expect((await alice.get(`/media/${mediaKey}`)).statusCode).toBe(200);
  });
});
