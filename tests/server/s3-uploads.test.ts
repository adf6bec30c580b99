import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openUploadStore, sweepUploads, uploadExpirySeconds } from '../../server/media/tus.ts';
import { login, type TestClient } from './helpers.ts';
import {
  S3_AVAILABLE,
  asClientOf,
  cutPatch,
  resumeLikeAClient,
  secondServer,
  createS3TestApp,
  createTusUpload,
  listKeys,
  newUploadId,
  openMultipartUploads,
  patchTus,
  photo,
  tusHeaders,
  type S3TestApp,
} from './s3-helpers.ts';

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** Top-level keys of the bucket: the staged uploads (media files are under media/). */
const stagedKeys = async (t: S3TestApp) =>
  (await listKeys(t.s3, t.bucket)).filter((key) => !key.startsWith('media/'));

// Staged uploads through @tus/s3-store in the bucket. Skipped without S3_ENDPOINT.
describe.skipIf(!S3_AVAILABLE)('staged uploads in an S3 bucket', () => {
  let t: S3TestApp;
  let alice: TestClient;
  beforeEach(async () => {
    t = await createS3TestApp();
    alice = await login(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  it('resumes a tus upload cut mid-chunk, bytes intact', async () => {
    // 7 MB: past the 5 MiB minimum part, so both real parts and the short `.part` are used.
    const data = crypto.randomBytes(7 * 1024 * 1024);
    const uploadId = newUploadId();
    const location = await createTusUpload(alice, data.length, uploadId);
    const first = 3 * 1024 * 1024;
    expect((await patchTus(alice, location, 0, data.subarray(0, first))).statusCode).toBe(204);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    await cutPatch(
      port,
      alice,
      location,
      first,
      data.subarray(first, first + 3_000_000),
      1_200_000,
    );
    expect(await resumeLikeAClient(alice, location, data)).toBe(data.length);

    const row = await t.ctx.db
      .selectFrom('uploads')
      .select('storage_key')
      .where('upload_id', '=', uploadId)
      .executeTakeFirstOrThrow();
    const stored = await openUploadStore(t.ctx.config).readComplete(row.storage_key);
    expect(sha256(stored)).toBe(sha256(data));
    expect(await openMultipartUploads(t.s3, t.bucket)).toEqual([]);
  });

  it('shares a photo uploaded through one server and configured through another', async () => {
    const data = await photo(1080, 1080, 5);
    const uploadId = newUploadId();
    const location = await createTusUpload(alice, data.length, uploadId);
    const half = data.length >> 1;
    expect((await patchTus(alice, location, 0, data.subarray(0, half))).statusCode).toBe(204);
    const b = asClientOf(await secondServer(t), alice);
    expect((await patchTus(b, location, half, data.subarray(half))).statusCode).toBe(204);
    const res = await alice.post('/create/configure/', { upload_id: uploadId, caption: 'two' });
    expect(res.statusCode).toBe(200);
    const postId = (res.json() as { media: { pk: string } }).media.pk;
    const post = await t.ctx.db
      .selectFrom('posts')
      .select('media_key')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    expect((await b.get(`/media/${post.media_key}`)).statusCode).toBe(200);
    // Shared: the staged objects are gone from the bucket.
    expect(await stagedKeys(t)).toEqual([]);
  });

  it('answers 400 for an unfinished upload and 404 for none', async () => {
    const data = await photo(640, 480, 2);
    const uploadId = newUploadId();
    const location = await createTusUpload(alice, data.length, uploadId);
    await patchTus(alice, location, 0, data.subarray(0, 1000));
    const early = await alice.post('/create/configure/', { upload_id: uploadId });
    expect(early.statusCode).toBe(400);
    expect((early.json() as { message: string }).message).toBe('The upload is not complete yet.');
    const none = await alice.post('/create/configure/', { upload_id: newUploadId() });
    expect(none.statusCode).toBe(404);
  });

  it('cancelling an unfinished upload leaves nothing in the bucket', async () => {
    const data = crypto.randomBytes(600_000);
    const location = await createTusUpload(alice, data.length, newUploadId());
    await patchTus(alice, location, 0, data.subarray(0, 300_000));
    expect(await stagedKeys(t)).not.toEqual([]);
    const res = await alice.request({ method: 'DELETE', url: location, headers: tusHeaders });
    expect(res.statusCode).toBe(204);
    expect(await stagedKeys(t)).toEqual([]);
    expect(await openMultipartUploads(t.s3, t.bucket)).toEqual([]);
  });

  it('the expiry sweep deletes abandoned uploads and orphans from the bucket, not media', async () => {
    const unfinished = await createTusUpload(alice, 600_000, newUploadId());
    await patchTus(alice, unfinished, 0, crypto.randomBytes(200_000));
    const form = new FormData();
    form.append('upload_id', newUploadId());
    form.append('photo', new Blob([new Uint8Array(await photo(320, 320, 9))]), 'p.jpg');
    const req = new Request('http://local/', { method: 'POST', body: form });
    const staged = await alice.request({
      method: 'POST',
      url: '/create/upload/photo/',
      payload: Buffer.from(await req.arrayBuffer()),
      headers: { 'content-type': req.headers.get('content-type') ?? '' },
    });
    expect(staged.statusCode).toBe(200);
    // An orphan: stored, but no upload row points at it (a crash between storing and registering).
    const store = openUploadStore(t.ctx.config);
    const aliceId = (
      await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'alice')
        .executeTakeFirstOrThrow()
    ).id;
    await store.storeComplete(`${aliceId}-${'ab'.repeat(16)}`, Buffer.from('orphan'));
    await t.ctx.storage.put('a/keep/320.jpg', await photo(320, 320, 4));
    expect((await stagedKeys(t)).length).toBeGreaterThan(0);

    // Not yet expired: nothing goes.
    expect(await sweepUploads(t.ctx, store)).toEqual({ uploads: 0, orphans: 0 });
    const later = t.ctx.now() + uploadExpirySeconds(t.ctx.config) + 120;
    expect(await sweepUploads(t.ctx, store, later)).toEqual({ uploads: 2, orphans: 1 });
    expect(await stagedKeys(t)).toEqual([]);
    expect(await openMultipartUploads(t.s3, t.bucket)).toEqual([]);
    expect(await t.ctx.storage.get('a/keep/320.jpg')).not.toBeNull();
    expect(
      await alice.request({ method: 'HEAD', url: unfinished, headers: tusHeaders }),
    ).toMatchObject({ statusCode: 404 });
  });

  it('keeps the staged-bytes quota with S3', async () => {
    await t.close();
    t = await createS3TestApp({ env: { UPLOAD_QUOTA_MB: '1' } });
    alice = await login(t.app, 'alice');
    await createTusUpload(alice, 700_000, newUploadId());
    const refused = await alice.request({
      method: 'POST',
      url: '/create/upload/resumable/',
      headers: {
        ...tusHeaders,
        'upload-length': '700000',
        'upload-metadata': `upload_id ${Buffer.from(newUploadId()).toString('base64')}`,
      },
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.body).toContain('too many uploads in progress');
  });
});
