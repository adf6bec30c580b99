import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUploadStore, sweepUploads } from '../../server/media/tus.ts';
import { createTestApp, login, type TestApp, type TestClient } from './helpers.ts';

// Abandoned uploads (issue 15): a member's staged bytes are capped (UPLOAD_QUOTA_MB) and uploads
// never finished or never shared are deleted after UPLOAD_EXPIRY_HOURS.

const TUS = '/create/upload/resumable/';
const QUOTA = 1024 * 1024; // UPLOAD_QUOTA_MB=1 below
const HOUR = 3600;
const TOO_MANY = /too many uploads in progress/;

async function photo(width = 640, height = 480): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const tus = (extra: Record<string, string> = {}) => ({ 'tus-resumable': '1.0.0', ...extra });
const b64 = (s: string) => Buffer.from(s).toString('base64');

function create(client: TestClient, length: number, uploadId: string) {
  return client.request({
    method: 'POST',
    url: TUS,
    headers: tus({
      'upload-length': String(length),
      'upload-metadata': `upload_id ${b64(uploadId)},filetype ${b64('image/jpeg')}`,
    }),
  });
}

function patch(client: TestClient, location: string, offset: number, chunk: Buffer) {
  return client.request({
    method: 'PATCH',
    url: location,
    payload: chunk,
    headers: tus({
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    }),
  });
}

const head = (client: TestClient, location: string) =>
  client.request({ method: 'HEAD', url: location, headers: tus() });

function formUpload(client: TestClient, uploadId: string, data: Buffer) {
  const boundary = '----glintlimits';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="upload_id"\r\n\r\n${uploadId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="p.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.request({
    method: 'POST',
    url: '/create/upload/photo/',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** Uploads `data` completely through tus; returns the upload's location. */
async function tusUpload(client: TestClient, uploadId: string, data: Buffer) {
  const created = await create(client, data.length, uploadId);
  expect(created.statusCode).toBe(201);
  const location = String(created.headers.location);
  expect((await patch(client, location, 0, data)).statusCode).toBe(204);
  return location;
}

const refusal = (res: { statusCode: number; body: string; json: () => unknown }) => ({
  status: res.statusCode,
  message: res.body ? (res.json() as { message: string }).message : '',
});

let t: TestApp;
let clock: number;
beforeEach(async () => {
  clock = Math.floor(Date.now() / 1000);
  t = await createTestApp({
    seedUsers: true,
    now: () => clock,
    env: { UPLOAD_QUOTA_MB: '1', UPLOAD_EXPIRY_HOURS: '24' },
  });
});
afterEach(async () => {
  await t.close();
});

const uploadFiles = async () =>
  (await fs.readdir(path.join(t.dataDir, 'uploads'))).filter((n) => !n.startsWith('.')).sort();

describe('staged upload quota', () => {
  it('refuses a tus upload past the quota, leaves the others alone, and frees a share on sharing or cancelling', async () => {
    const alice = await login(t.app, 'alice');
    const bob = await login(t.app, 'bob');
    const data = await photo();
    const shared = await tusUpload(alice, '1700000000001', data);
    const big = await create(alice, QUOTA - data.length, '1700000000002');
    expect(big.statusCode).toBe(201);

    const refused = await create(alice, 1, '1700000000003');
    expect(refusal(refused)).toEqual({ status: 413, message: expect.stringMatching(TOO_MANY) });
    // Another member is not affected, nor are Alice's uploads in progress.
    expect((await create(bob, QUOTA, '1700000000003')).statusCode).toBe(201);
    const bigLocation = String(big.headers.location);
    expect((await patch(alice, bigLocation, 0, Buffer.alloc(1000))).statusCode).toBe(204);
    expect((await head(alice, shared)).headers['upload-offset']).toBe(String(data.length));

    // Sharing one frees its bytes.
    const configured = await alice.post('/create/configure/', { upload_id: '1700000000001' });
    expect(configured.json()).toMatchObject({ status: 'ok' });
    expect((await create(alice, data.length, '1700000000004')).statusCode).toBe(201);
    expect((await create(alice, 1, '1700000000005')).statusCode).toBe(413);

    // Cancelling one (tus termination) frees its bytes too.
    const cancelled = await alice.request({ method: 'DELETE', url: bigLocation, headers: tus() });
    expect(cancelled.statusCode).toBe(204);
    expect((await create(alice, QUOTA - data.length, '1700000000006')).statusCode).toBe(201);
  });

  it('counts form uploads and tus uploads together', async () => {
    const alice = await login(t.app, 'alice');
    const data = await photo();
    expect((await formUpload(alice, '1700000000011', data)).statusCode).toBe(200);
    const before = await uploadFiles();

    const tooBig = await create(alice, QUOTA - data.length + 1, '1700000000012');
    expect(refusal(tooBig)).toEqual({ status: 413, message: expect.stringMatching(TOO_MANY) });
    const fits = await create(alice, QUOTA - data.length, '1700000000013');
    expect(fits.statusCode).toBe(201);

    const refused = await formUpload(alice, '1700000000014', data);
    expect(refusal(refused)).toEqual({ status: 413, message: expect.stringMatching(TOO_MANY) });
    // The refused photo was not kept.
    expect((await uploadFiles()).length).toBe(before.length + 2);

    // Replacing a staged upload under the same upload_id counts the new size only.
    expect((await formUpload(alice, '1700000000011', data)).statusCode).toBe(200);
    const configured = await alice.post('/create/configure/', { upload_id: '1700000000011' });
    expect(configured.json()).toMatchObject({ status: 'ok' });
    expect((await formUpload(alice, '1700000000014', data)).statusCode).toBe(200);
  });
});

describe('abandoned uploads', () => {
  it('announces when an unfinished tus upload expires', async () => {
    const alice = await login(t.app, 'alice');
    const created = await create(alice, 5000, '1700000000021');
    expect(created.statusCode).toBe(201);
    const expires = Date.parse(String(created.headers['upload-expires']));
    expect(Math.abs(expires - (Date.now() + 24 * HOUR * 1000))).toBeLessThan(60_000);
  });

  it('deletes unfinished and unshared uploads after the expiry, and only those', async () => {
    const alice = await login(t.app, 'alice');
    const data = await photo();
    const unfinished = String((await create(alice, data.length, '1700000000031')).headers.location);
    expect((await patch(alice, unfinished, 0, data.subarray(0, 1000))).statusCode).toBe(204);
    expect((await formUpload(alice, '1700000000032', data)).statusCode).toBe(200);
    await tusUpload(alice, '1700000000033', data);
    const post = await alice.post('/create/configure/', { upload_id: '1700000000033' });
    expect(post.json()).toMatchObject({ status: 'ok' });
    // Files no upload points at (a deleted member's): one long untouched, one just written.
    const dir = path.join(t.dataDir, 'uploads');
    const stale = `999-${'a'.repeat(32)}`;
    const fresh = `999-${'b'.repeat(32)}`;
    for (const name of [stale, `${stale}.json`, fresh, `${fresh}.json`]) {
      await fs.writeFile(path.join(dir, name), '{}');
    }
    const longAgo = new Date((clock - 25 * HOUR) * 1000);
    await fs.utimes(path.join(dir, stale), longAgo, longAgo);
    await fs.utimes(path.join(dir, `${stale}.json`), longAgo, longAgo);

    // Within the expiry nothing goes.
    clock += 23 * HOUR;
    expect(await sweepUploads(t.ctx, openUploadStore(t.ctx.config))).toEqual({
      uploads: 0,
      orphans: 1,
    });
    expect(await uploadFiles()).toContain(fresh);
    expect(await uploadFiles()).not.toContain(stale);
    const recent = await tusUpload(alice, '1700000000034', data);

    clock += 2 * HOUR;
    const swept = await sweepUploads(t.ctx, openUploadStore(t.ctx.config));
    // Three rows; the orphan file written "an hour before the upload" is now old too.
    expect(swept).toEqual({ uploads: 3, orphans: 1 });
    // The unfinished and the unshared uploads are gone (the shared one's row with them).
    expect((await head(alice, unfinished)).statusCode).toBe(404);
    const late = await alice.post('/create/configure/', { upload_id: '1700000000032' });
    expect(refusal(late)).toEqual({ status: 404, message: 'Upload not found.' });
    // The upload made an hour ago stays, and the post made from the shared one is untouched.
    expect((await head(alice, recent)).headers['upload-offset']).toBe(String(data.length));
    const { media_key } = await t.ctx.db
      .selectFrom('posts')
      .select('media_key')
      .where('id', '=', (post.json() as { media: { pk: string } }).media.pk)
      .executeTakeFirstOrThrow();
    expect((await alice.get(`/media/${media_key}`)).statusCode).toBe(200);
    const recentId = recent.split('/').pop() ?? '';
    expect(await uploadFiles()).toEqual([recentId, `${recentId}.json`]);
  });

  it('stops counting expired uploads against the quota', async () => {
    const alice = await login(t.app, 'alice');
    expect((await create(alice, QUOTA, '1700000000041')).statusCode).toBe(201);
    expect((await create(alice, 1, '1700000000042')).statusCode).toBe(413);
    clock += 25 * HOUR;
    expect((await create(alice, QUOTA, '1700000000043')).statusCode).toBe(201);
  });
});
