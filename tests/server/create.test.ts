import fs from 'node:fs/promises';
import path from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { THUMBNAIL_SIZES, thumbnailKey } from '../../server/media/storage.ts';
import { graph } from './content-fixtures.ts';
import { TestClient, createTestApp, createUser, login, type TestApp } from './helpers.ts';

const FIXTURES = new URL('../fixtures/photos/', import.meta.url);
const fixture = (name: string) => fs.readFile(new URL(name, FIXTURES));

async function jpeg(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 31) % 253;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

const b64 = (s: string) => Buffer.from(s).toString('base64');
let nextUploadId = 1700000001000;

/** Stages bytes through the tus endpoint (which stores anything; configure does the checks). */
async function stage(client: TestClient, data: Buffer, opts: { finish?: boolean } = {}) {
  const uploadId = String(nextUploadId++);
  const tus = { 'tus-resumable': '1.0.0' };
  const created = await client.request({
    method: 'POST',
    url: '/create/upload/resumable/',
    headers: {
      ...tus,
      'upload-length': String(data.length),
      'upload-metadata': `upload_id ${b64(uploadId)}`,
    },
  });
  expect(created.statusCode).toBe(201);
  const chunk = opts.finish === false ? data.subarray(0, data.length >> 1) : data;
  const patched = await client.request({
    method: 'PATCH',
    url: String(created.headers.location),
    payload: chunk,
    headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
  });
  expect(patched.statusCode).toBe(204);
  return uploadId;
}

describe('POST /create/configure/', () => {
  let t: TestApp;
  let alice: TestClient;
  beforeEach(async () => {
    t = await createTestApp({ seedUsers: true });
    alice = await login(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  const fail = (res: { statusCode: number; json: () => unknown }) => ({
    status: res.statusCode,
    message: (res.json() as { message: string }).message,
  });

  it('creates a post from a camera JPEG: no EXIF/GPS kept, thumbnails, tags, place', async () => {
    const original = await fixture('gps-sony-hx5v.jpg');
    expect(await exifr.gps(original)).toBeTruthy();
    const uploadId = await stage(alice, original);
    const caption = 'Sunset at the pier #Sunset #beach_day #☀️ with @bob and @nobody';
    const res = await alice.post('/create/configure/', {
      upload_id: uploadId,
      caption,
      location: JSON.stringify({
        lat: 38.7223,
        lng: -9.1393,
        external_id: 'fb-1234',
        name: 'Lisbon Pier',
        address: 'Cais do Sodré',
        external_id_source: 'facebook_places',
      }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { media: { pk: string; id: string; code: string }; status: string };
    const aliceRow = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    expect(body.status).toBe('ok');
    expect(body.media.id).toBe(`${body.media.pk}_${aliceRow.id}`);

    // The post is on Alice's profile.
    const posts = await t.ctx.db
      .selectFrom('posts')
      .selectAll()
      .where('owner_id', '=', aliceRow.id)
      .execute();
    expect(posts).toHaveLength(1);
    const post = posts[0];
    expect(post).toMatchObject({ id: body.media.pk, shortcode: body.media.code, caption });
    expect([post.width, post.height]).toEqual([730, 547]);
    expect(post.media_key).toBe(`p/${post.id}/1080.jpg`);

    const stored = await t.ctx.storage.get(post.media_key);
    expect(stored).not.toBeNull();
    const meta = await sharp(stored!).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 730, height: 547 });
    expect(meta.exif).toBeUndefined();
    expect(await exifr.gps(stored!)).toBeUndefined();
    for (const size of THUMBNAIL_SIZES) {
      const thumb = await t.ctx.storage.get(thumbnailKey(post.media_key, size));
      const m = await sharp(thumb!).metadata();
      expect([m.width, m.height, m.exif]).toEqual([size, size, undefined]);
    }

    const tags = await t.ctx.db
      .selectFrom('post_hashtags')
      .select('hashtag')
      .where('post_id', '=', post.id)
      .execute();
    expect(tags.map((r) => r.hashtag).sort()).toEqual(['beach_day', 'sunset', '☀️']);

    const place = await t.ctx.db
      .selectFrom('locations')
      .selectAll()
      .where('id', '=', post.location_id)
      .executeTakeFirstOrThrow();
    expect(place).toMatchObject({
      name: 'Lisbon Pier',
      lat: 38.7223,
      lng: -9.1393,
      external_id: 'fb-1234',
      city_id: null,
    });

    const notes = await t.ctx.db.selectFrom('notifications').selectAll().execute();
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: 5, actor_id: aliceRow.id, post_id: post.id });

    // The temporary upload is gone.
    const upload = await t.ctx.db
      .selectFrom('uploads')
      .selectAll()
      .where('upload_id', '=', uploadId)
      .executeTakeFirstOrThrow();
    await expect(fs.stat(path.join(t.dataDir, 'uploads', upload.storage_key))).rejects.toThrow();
  });

  it('accepts the flattened geotag fields and reuses a known venue', async () => {
    await t.ctx.db
      .insertInto('locations')
      .values({
        id: '900',
        city_id: null,
        name: 'Old Town Square',
        slug: 'old-town-square',
        lat: 50.087,
        lng: 14.421,
        address: '',
        external_id: 'ext-900',
        external_id_source: 'facebook_places',
        has_public_page: 1,
      })
      .execute();
    const uploadId = await stage(alice, await jpeg(400, 300));
    const res = await alice.post('/create/configure/', {
      upload_id: uploadId,
      caption: '',
      geotag_enabled: 1,
      lat: 50.087,
      lng: 14.421,
      external_id: 'ext-900',
    });
    expect(res.json()).toMatchObject({ status: 'ok' });
    const post = await t.ctx.db.selectFrom('posts').selectAll().executeTakeFirstOrThrow();
    expect(post.location_id).toBe('900');
    expect(await t.ctx.db.selectFrom('locations').select('id').execute()).toHaveLength(1);
  });

  it("keeps a private member's geotag out of the searches of those who cannot see the post", async () => {
    const hana = await createUser(t.ctx, { username: 'hana', is_private: 1 });
    const friend = await createUser(t.ctx, { username: 'friend' });
    await t.ctx.db
      .insertInto('follows')
      .values({ follower_id: friend.id, followee_id: hana.id, created_at: 0 })
      .execute();
    const hanaClient = await login(t.app, 'hana');
    const home = {
      lat: 35.0116,
      lng: 135.7681,
      external_id: 'x',
      name: 'Hana Secret Home',
      address: '12 Hidden Lane, Kyoto',
    };
    const res = await hanaClient.post('/create/configure/', {
      upload_id: await stage(hanaClient, await jpeg(400, 400)),
      location: JSON.stringify(home),
    });
    expect(res.statusCode).toBe(200);

    const venues = async (client: TestClient, query: string) =>
      ((await client.get(`/location_search/?${query}`)).json() as { venues: { name: string }[] })
        .venues;
    const places = async (client: TestClient) =>
      (
        (await client.get('/web/search/topsearch/?query=hana%20secret')).json() as {
          places: { place: { title: string; subtitle: string } }[];
        }
      ).places;
    const near = `latitude=${home.lat}&longitude=${home.lng}`;
    // Visitors and strangers (alice) get nothing: not by name, not by coordinates, not blended.
    for (const client of [new TestClient(t.app), alice]) {
      expect(await venues(client, 'search_query=secret')).toEqual([]);
      expect(await venues(client, near)).toEqual([]);
      expect(await venues(client, '')).toEqual([]);
      expect(await places(client)).toEqual([]);
    }
    // Hana and her approved follower see the post, so they find the place.
    for (const client of [hanaClient, await login(t.app, 'friend')]) {
      expect((await venues(client, 'search_query=secret')).map((v) => v.name)).toEqual([
        'Hana Secret Home',
      ]);
      expect(await places(client)).toMatchObject([
        { place: { title: 'Hana Secret Home', subtitle: '12 Hidden Lane, Kyoto' } },
      ]);
    }

    // Tagging the same external_id does not hand a stranger Hana's place (name, address).
    await alice.post('/create/configure/', {
      upload_id: await stage(alice, await jpeg(400, 400)),
      location: JSON.stringify({ lat: 1, lng: 2, external_id: 'x', name: 'Mine' }),
    });
    const places2 = await t.ctx.db
      .selectFrom('posts')
      .innerJoin('locations', 'locations.id', 'posts.location_id')
      .select(['posts.owner_id', 'locations.name'])
      .orderBy('locations.name')
      .execute();
    expect(places2.map((r) => r.name)).toEqual(['Hana Secret Home', 'Mine']);

    // Nor does the place's page, for someone who has its id but may not see the post.
    const hanas = await t.ctx.db
      .selectFrom('locations')
      .select('id')
      .where('name', '=', 'Hana Secret Home')
      .executeTakeFirstOrThrow();
    const page = (client: TestClient) =>
      graph(client, 'locationMedia', { id: hanas.id, first: 12 });
    for (const client of [new TestClient(t.app), alice])
      expect((await page(client)).status).toBe(404);
    expect((await page(hanaClient)).status).toBe(200);
  });

  it("lists a public member's geotag and keeps its location page", async () => {
    const res = await alice.post('/create/configure/', {
      upload_id: await stage(alice, await jpeg(400, 400)),
      location: JSON.stringify({ lat: 10, lng: 20, external_id: 'pub-1', name: 'Open Garden' }),
    });
    expect(res.statusCode).toBe(200);
    const visitor = new TestClient(t.app);
    const found = (await visitor.get('/location_search/?search_query=garden')).json() as {
      venues: { name: string; external_id: string }[];
    };
    expect(found.venues).toMatchObject([{ name: 'Open Garden', external_id: 'pub-1' }]);
    const post = await t.ctx.db.selectFrom('posts').select('location_id').executeTakeFirstOrThrow();
    const page = await graph<{
      location: { name: string; edge_location_to_media: { count: number } };
    }>(visitor, 'locationMedia', { id: post.location_id, first: 12 });
    expect(page.status).toBe(200);
    expect(page.body.data.location).toMatchObject({
      name: 'Open Garden',
      edge_location_to_media: { count: 1 },
    });
  });

  it('refuses a second configure of the same upload', async () => {
    const uploadId = await stage(alice, await jpeg(400, 400));
    expect((await alice.post('/create/configure/', { upload_id: uploadId })).statusCode).toBe(200);
    const again = await alice.post('/create/configure/', { upload_id: uploadId });
    expect(fail(again)).toEqual({ status: 400, message: 'This upload has already been shared.' });
    expect(await t.ctx.db.selectFrom('posts').select('id').execute()).toHaveLength(1);
  });

  it("refuses someone else's upload and unknown or missing upload ids", async () => {
    const uploadId = await stage(alice, await jpeg(400, 400));
    const bob = await login(t.app, 'bob');
    const stolen = await bob.post('/create/configure/', { upload_id: uploadId });
    expect(fail(stolen)).toEqual({ status: 404, message: 'Upload not found.' });
    const unknown = await alice.post('/create/configure/', { upload_id: '123' });
    expect(unknown.statusCode).toBe(404);
    const missing = await alice.post('/create/configure/', { caption: 'hi' });
    expect(fail(missing)).toEqual({ status: 400, message: 'A valid upload_id is required.' });
    const visitor = await t.app.inject({ method: 'POST', url: '/create/configure/' });
    expect(visitor.statusCode).toBe(403);
  });

  it('refuses bytes that are not a complete, decodable JPEG of at most 1080 px', async () => {
    const png = await sharp(await jpeg(300, 300))
      .png()
      .toBuffer();
    const good = await jpeg(640, 480);
    const truncated = good.subarray(0, Math.floor(good.length * 0.6));
    const cases: [Buffer, string][] = [
      [png, 'The photo must be a JPEG image.'],
      [await fixture('heic-iphone7-gps.heic'), 'The photo must be a JPEG image.'],
      [await fixture('not-an-image.jpg'), 'The photo must be a JPEG image.'],
      [truncated, 'The photo could not be read.'],
      [await jpeg(1200, 800), 'The photo is larger than 1080 pixels.'],
      [await jpeg(90, 300), 'The photo must be at least 100 pixels on each side.'],
    ];
    for (const [data, message] of cases) {
      const uploadId = await stage(alice, data);
      const res = await alice.post('/create/configure/', { upload_id: uploadId });
      expect(fail(res)).toEqual({ status: 400, message });
    }
    expect(await t.ctx.db.selectFrom('posts').select('id').execute()).toHaveLength(0);
  });

  it('refuses an unfinished upload, an over-long caption and a bad geotag', async () => {
    const partial = await stage(alice, await jpeg(400, 400), { finish: false });
    const res = await alice.post('/create/configure/', { upload_id: partial });
    expect(fail(res)).toEqual({ status: 400, message: 'The upload is not complete yet.' });

    const uploadId = await stage(alice, await jpeg(400, 400));
    const long = await alice.post('/create/configure/', {
      upload_id: uploadId,
      caption: 'x'.repeat(2201),
    });
    expect(fail(long)).toEqual({
      status: 400,
      message: 'The caption can be at most 2200 characters.',
    });
    for (const location of ['{nope', JSON.stringify({ lat: 91, lng: 0, external_id: 'a' })]) {
      const bad = await alice.post('/create/configure/', { upload_id: uploadId, location });
      expect(fail(bad)).toEqual({ status: 400, message: 'The location is not valid.' });
    }
    // Nothing was consumed: the upload can still be shared.
    const ok = await alice.post('/create/configure/', { upload_id: uploadId, caption: 'x' });
    expect(ok.statusCode).toBe(200);
  });
});

describe('GET /location_search/', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    const owner = await createUser(t.ctx, { username: 'dora' });
    const places: [string, string, number, number][] = [
      ['1', 'Central Park', 40.7829, -73.9654],
      ['2', 'Central Station Cafe', 40.7527, -73.9772],
      ['3', 'Park Güell', 41.4145, 2.1527],
      ['4', 'Times Square', 40.758, -73.9855],
    ];
    await t.ctx.db
      .insertInto('locations')
      .values(
        places.map(([id, name, lat, lng]) => ({
          id,
          city_id: null,
          name,
          slug: name.toLowerCase().replace(/\W+/g, '-'),
          lat,
          lng,
          address: `${name} address`,
          external_id: id === '1' ? 'fb-central-park' : '',
          external_id_source: id === '1' ? 'facebook_places' : '',
          has_public_page: 1,
        })),
      )
      .execute();
    await t.ctx.db
      .insertInto('posts')
      .values({
        id: '500',
        shortcode: 'AAAAAAAAAAA',
        owner_id: owner.id,
        caption: '',
        caption_is_edited: 0,
        media_type: 1,
        width: 1080,
        height: 1080,
        media_key: 'p/500/1080.jpg',
        video_key: null,
        video_duration: null,
        video_view_count: 0,
        location_id: '3',
        comments_disabled: 0,
        taken_at: 1,
        like_count: 0,
      })
      .execute();
  });
  afterEach(async () => {
    await t.close();
  });

  type Venues = { venues: { name: string; external_id: string }[]; rank_token: string };
  const names = (body: unknown) => (body as Venues).venues.map((v) => v.name);

  it('finds venues by name, case-insensitively', async () => {
    const res = await t.app.inject({ url: '/location_search/?search_query=CENTRAL&rank_token=r1' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Venues;
    expect(names(body)).toEqual(['Central Park', 'Central Station Cafe']);
    expect(body.rank_token).toBe('r1');
    expect(body.venues[0]).toEqual({
      name: 'Central Park',
      lat: 40.7829,
      lng: -73.9654,
      address: 'Central Park address',
      external_id: 'fb-central-park',
      external_id_source: 'facebook_places',
    });
  });

  it('sorts nearby venues by distance and combines with a name', async () => {
    const near = await t.app.inject({ url: '/location_search/?latitude=40.758&longitude=-73.985' });
    expect(names(near.json())).toEqual(['Times Square', 'Central Station Cafe', 'Central Park']);
    const both = await t.app.inject({
      url: '/location_search/?search_query=park&latitude=40.758&longitude=-73.985',
    });
    expect(names(both.json())).toEqual(['Central Park']);
  });

  it('lists the most popular venues when given nothing', async () => {
    const res = await t.app.inject({ url: '/location_search/' });
    expect(names(res.json())[0]).toBe('Park Güell');
    expect(names(res.json())).toHaveLength(4);
  });

  it('rejects coordinates out of range or given alone', async () => {
    for (const qs of ['latitude=95&longitude=0', 'latitude=abc&longitude=0', 'latitude=10']) {
      const res = await t.app.inject({ url: `/location_search/?${qs}` });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { status: string; message: string }).message).toBeTruthy();
    }
  });
});
