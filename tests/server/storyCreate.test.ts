import fs from 'node:fs/promises';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUERY_IDS } from '../../common/queryIds.ts';
import type { ReelsTrayData } from '../../common/storyTypes.ts';
import { createTestApp, login, type TestApp, type TestClient } from './helpers.ts';

const FIXTURES = new URL('../fixtures/photos/', import.meta.url);
const fixture = (name: string) => fs.readFile(new URL(name, FIXTURES));

/** A JPEG with varied pixels (a flat one compresses to almost nothing). */
async function jpeg(width: number, height: number, withExif = false): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 31) % 253;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  if (withExif) image.withExif({ IFD0: { Make: 'GlintCam', Model: 'Story 1' } });
  return image.jpeg().toBuffer();
}

let nextUploadId = 1800000001000;

/** Stages a file through the single-shot form upload, as the story composer does. */
async function uploadPhoto(client: TestClient, data: Buffer, type = 'image/jpeg') {
  const uploadId = String(nextUploadId++);
  const body = new FormData();
  body.append('upload_id', uploadId);
  body.append('media_type', '1');
  body.append('photo', new Blob([new Uint8Array(data)], { type }), 'story.jpg');
  const req = new Request('http://local/', { method: 'POST', body });
  const res = await client.request({
    method: 'POST',
    url: '/create/upload/photo/',
    payload: Buffer.from(await req.arrayBuffer()),
    headers: { 'content-type': req.headers.get('content-type') ?? '' },
  });
  return { uploadId, res };
}

const fail = (res: { statusCode: number; json: () => unknown }) => ({
  status: res.statusCode,
  body: res.json() as { status: string; message: string },
});

describe('POST /create/configure_to_story/', () => {
  let t: TestApp;
  let alice: TestClient;
  beforeEach(async () => {
    t = await createTestApp({ seedUsers: true });
    alice = await login(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  it('turns a composed 1080×1920 JPEG into a live story item shown first in the tray', async () => {
    const { uploadId, res: uploaded } = await uploadPhoto(alice, await jpeg(1080, 1920, true));
    expect(uploaded.statusCode).toBe(200);
    const textData = { rawText: 'Hello Glint', color: 'pink', fontSize: 32, scale: 1.5 };
    const res = await alice.post('/create/configure_to_story/', {
      upload_id: uploadId,
      text_data: JSON.stringify(textData),
      entry_point: 'quick_cam_button',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { status: string; media: { pk: string; id: string } };
    expect(body.status).toBe('ok');
    const owner = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    expect(body.media.id).toBe(`${body.media.pk}_${owner.id}`);

    const item = await t.ctx.db
      .selectFrom('story_items')
      .selectAll()
      .where('id', '=', body.media.pk)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({
      media_key: `s/${body.media.pk}/1080.jpg`,
      width: 1080,
      height: 1920,
      is_video: 0,
    });
    expect(item.expiring_at - item.taken_at).toBe(24 * 3600);

    const stored = await t.ctx.storage.get(item.media_key);
    expect(stored).not.toBeNull();
    const meta = await sharp(stored!).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1080, 1920]);
    expect(meta.exif).toBeUndefined();
    const media = await alice.get(`/media/${item.media_key}`);
    expect(media.statusCode).toBe(200);
    // Its 540 px copy for desktop viewers is made with it (issue 18).
    expect(item.small_width).toBe(540);
    const small = await alice.get(`/media/s/${body.media.pk}/540.jpg`);
    expect(small.statusCode).toBe(200);
    const smallMeta = await sharp(small.rawPayload).metadata();
    expect([smallMeta.width, smallMeta.height]).toEqual([540, 960]);

    const tray = await alice.get(
      `/graphql/query/?query_id=${QUERY_IDS.reelsTray}&variables=${encodeURIComponent('{}')}`,
    );
    const reels = (tray.json() as { data: ReelsTrayData }).data.user.feed_reels_tray
      .edge_reels_tray_to_reel.edges;
    expect(reels[0]?.node.user.username).toBe('alice');
    expect(reels[0]?.node.latest_reel_media).toBe(item.taken_at);
  });

  it('covers a near-9:16 upright camera photo to 1080×1920 and drops its GPS', async () => {
    // 1080×1900 after the EXIF rotation is applied (stored 1900×1080, orientation 6).
    const sideways = await sharp(await jpeg(1900, 1080))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const { uploadId } = await uploadPhoto(alice, sideways);
    const res = await alice.post('/create/configure_to_story/', { upload_id: uploadId });
    expect(res.statusCode).toBe(200);
    const { pk } = (res.json() as { media: { pk: string } }).media;
    const stored = (await t.ctx.storage.get(`s/${pk}/1080.jpg`))!;
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height, meta.orientation ?? 1]).toEqual([1080, 1920, 1]);
    expect(await exifr.gps(stored).catch(() => undefined)).toBeFalsy();
  });

  it('shares the story when only its smaller copy cannot be stored', async () => {
    const { uploadId } = await uploadPhoto(alice, await jpeg(1080, 1920));
    const put = t.ctx.storage.put.bind(t.ctx.storage);
    t.ctx.storage.put = async (key, data) => {
      if (key.endsWith('/540.jpg')) throw new Error('bucket answered 503');
      return put(key, data);
    };
    const res = await alice.post('/create/configure_to_story/', { upload_id: uploadId });
    expect(res.statusCode).toBe(200);
    const { media } = res.json() as { media: { pk: string } };
    const item = await t.ctx.db
      .selectFrom('story_items')
      .select(['media_key', 'small_width'])
      .where('id', '=', media.pk)
      .executeTakeFirstOrThrow();
    expect(item.small_width).toBeNull();
    expect(await t.ctx.storage.get(item.media_key)).not.toBeNull();
  });

  it('refuses landscape and square pictures: stories are upright 9:16', async () => {
    for (const [w, h] of [
      [1920, 1080],
      [1080, 1080],
    ]) {
      const { uploadId } = await uploadPhoto(alice, await jpeg(w, h));
      const res = await alice.post('/create/configure_to_story/', { upload_id: uploadId });
      expect(fail(res)).toEqual({
        status: 400,
        body: {
          status: 'fail',
          message: 'A story photo must be upright, in the 9:16 story format.',
        },
      });
    }
    expect(await t.ctx.db.selectFrom('story_items').selectAll().execute()).toHaveLength(0);
  });

  it('shares an upload once, and only its owner can', async () => {
    const { uploadId } = await uploadPhoto(alice, await jpeg(1080, 1920));
    const bob = await login(t.app, 'bob');
    const stolen = await bob.post('/create/configure_to_story/', { upload_id: uploadId });
    expect(fail(stolen)).toMatchObject({ status: 404, body: { status: 'fail' } });

    expect(
      (await alice.post('/create/configure_to_story/', { upload_id: uploadId })).statusCode,
    ).toBe(200);
    const again = await alice.post('/create/configure_to_story/', { upload_id: uploadId });
    expect(fail(again)).toEqual({
      status: 400,
      body: { status: 'fail', message: 'This upload has already been shared.' },
    });
    expect(await t.ctx.db.selectFrom('story_items').selectAll().execute()).toHaveLength(1);
  });

  it('answers bad input with a 4xx failure message, never a 500', async () => {
    const { uploadId } = await uploadPhoto(alice, await jpeg(1080, 1920));
    const cases: Record<string, string>[] = [
      {},
      { upload_id: 'abc' },
      { upload_id: '999999' },
      { upload_id: uploadId, text_data: 'not json' },
      { upload_id: uploadId, text_data: '[1,2]' },
      { upload_id: uploadId, text_data: JSON.stringify({ rawText: 'x'.repeat(2201) }) },
    ];
    for (const fields of cases) {
      const res = await alice.post('/create/configure_to_story/', fields);
      expect(res.statusCode, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(fail(res).body.status).toBe('fail');
      expect(fail(res).body.message.length).toBeGreaterThan(0);
    }
    const visitor = await t.app.inject({ method: 'POST', url: '/create/configure_to_story/' });
    expect(visitor.statusCode).toBeGreaterThanOrEqual(400);
    expect(visitor.statusCode).toBeLessThan(500);
  });

  it('accepts a real camera JPEG (orientation 6) once it is 9:16 upright', async () => {
    const camera = await fixture('camera-samsung-j3-orientation6.jpg');
    // Like the composer: decode upright, cover to 1080×1920, re-encode (no EXIF).
    const composed = await sharp(camera)
      .rotate()
      .resize(1080, 1920, { fit: 'cover' })
      .jpeg()
      .toBuffer();
    const { uploadId, res: uploaded } = await uploadPhoto(alice, composed);
    expect(uploaded.statusCode).toBe(200);
    const res = await alice.post('/create/configure_to_story/', { upload_id: uploadId });
    expect(res.statusCode).toBe(200);
  });
});
