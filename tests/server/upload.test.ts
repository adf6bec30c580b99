import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { createTestApp, createUser, login, TestClient, type TestApp } from './helpers.ts';

const TUS = '/create/upload/resumable/';

async function photo(width = 640, height = 480): Promise<Buffer> {
  // Noise so the JPEG is large enough to split into real chunks.
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

function tusHeaders(extra: Record<string, string> = {}) {
  return { 'tus-resumable': '1.0.0', ...extra };
}

async function create(client: TestClient, length: number, uploadId: string) {
  return client.request({
    method: 'POST',
    url: TUS,
    headers: tusHeaders({
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
    headers: tusHeaders({
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    }),
  });
}

const head = (client: TestClient, location: string) =>
  client.request({ method: 'HEAD', url: location, headers: tusHeaders() });

describe('tus resumable upload', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ seedUsers: true });
  });
  afterEach(async () => {
    await t.close();
  });

  it('creates, appends two chunks, reports the offset and finishes', async () => {
    const alice = await login(t.app, 'alice');
    const data = await photo();
    const created = await create(alice, data.length, '1700000000001');
    expect(created.statusCode).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(/^\/create\/upload\/resumable\/[^/]+$/);

    const half = Math.floor(data.length / 2);
    const first = await patch(alice, location, 0, data.subarray(0, half));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(half));

    const probe = await head(alice, location);
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['upload-offset']).toBe(String(half));
    expect(probe.headers['upload-length']).toBe(String(data.length));

    const second = await patch(alice, location, half, data.subarray(half));
    expect(second.statusCode).toBe(204);
    expect(second.headers['upload-offset']).toBe(String(data.length));

    const row = await t.ctx.db
      .selectFrom('uploads')
      .selectAll()
      .where('upload_id', '=', '1700000000001')
      .executeTakeFirstOrThrow();
    const stored = await fs.readFile(path.join(t.dataDir, 'uploads', row.storage_key));
    expect(stored.equals(data)).toBe(true);
  });

  it('resumes from the acknowledged offset after a server restart', async () => {
    const alice = await login(t.app, 'alice');
    const data = await photo();
    const location = String((await create(alice, data.length, '1700000000002')).headers.location);
    const third = Math.floor(data.length / 3);
    expect((await patch(alice, location, 0, data.subarray(0, third))).statusCode).toBe(204);

    // A new process on the same DATA_DIR and database: fresh tus server, store and locks.
    const { app: restarted } = await buildApp({ config: t.ctx.config, db: t.ctx.db });
    await restarted.ready();
    const again = new TestClient(restarted);
    for (const [k, v] of alice.cookies) again.cookies.set(k, v);
    const probe = await head(again, location);
    expect(probe.statusCode).toBe(200);
    const offset = Number(probe.headers['upload-offset']);
    expect(offset).toBe(third);
    const rest = await patch(again, location, offset, data.subarray(offset));
    expect(rest.statusCode).toBe(204);
    expect(rest.headers['upload-offset']).toBe(String(data.length));
    const configured = await again.post('/create/configure/', {
      upload_id: '1700000000002',
      caption: 'resumed',
    });
    expect(configured.statusCode).toBe(200);
    expect(configured.json()).toMatchObject({ status: 'ok' });
    // The restarted app shares the test database, which t.close() shuts; it is not listening.
  });

  it("hides one user's upload from another", async () => {
    const alice = await login(t.app, 'alice');
    const bob = await login(t.app, 'bob');
    const data = await photo();
    const location = String((await create(alice, data.length, '1700000000003')).headers.location);

    expect((await head(bob, location)).statusCode).toBe(404);
    expect((await patch(bob, location, 0, data)).statusCode).toBe(404);
    const del = await bob.request({ method: 'DELETE', url: location, headers: tusHeaders() });
    expect(del.statusCode).toBe(404);
    expect((await head(alice, location)).headers['upload-offset']).toBe('0');

    // The same upload_id gives Bob an upload of his own; Alice's is untouched.
    const bobs = await create(bob, 10, '1700000000003');
    expect(bobs.statusCode).toBe(201);
    expect(String(bobs.headers.location)).not.toBe(location);
    expect((await head(alice, location)).headers['upload-offset']).toBe('0');
  });

  it('lets two members use the same upload_id (it is the client clock, unique per member)', async () => {
    const alice = await login(t.app, 'alice');
    const bob = await login(t.app, 'bob');
    const data = await photo();
    const uploadId = '1700000000005';
    // Bob takes the id first: before, Alice got 409 "This upload_id is already in use".
    for (const client of [bob, alice]) {
      const created = await create(client, data.length, uploadId);
      expect(created.statusCode).toBe(201);
      const location = String(created.headers.location);
      expect((await patch(client, location, 0, data)).statusCode).toBe(204);
    }
    const shared: string[] = [];
    for (const client of [alice, bob]) {
      const res = await client.post('/create/configure/', { upload_id: uploadId });
      expect(res.statusCode).toBe(200);
      shared.push((res.json() as { media: { pk: string } }).media.pk);
      // Sharing claims the caller's upload only; the other member's stays shareable.
      expect((await client.post('/create/configure/', { upload_id: uploadId })).statusCode).toBe(
        400,
      );
    }
    const owners = await t.ctx.db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.owner_id')
      .select('users.username')
      .where('posts.id', 'in', shared)
      .orderBy('users.username')
      .execute();
    expect(owners.map((r) => r.username)).toEqual(['alice', 'bob']);
  });

  it('requires a session and the CSRF headers', async () => {
    const visitor = new TestClient(t.app);
    const res = await create(visitor, 100, '1700000000004');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 'fail', message: 'Please log in.' });

    const alice = await login(t.app, 'alice');
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: TUS,
      headers: {
        cookie: [...alice.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...tusHeaders({ 'upload-length': '100', 'upload-metadata': `upload_id ${b64('17')}` }),
      },
    });
    expect(noCsrf.statusCode).toBe(403);
  });

  it('refuses uploads over 20 MB and requires an upload_id', async () => {
    const alice = await login(t.app, 'alice');
    const big = await create(alice, 20 * 1024 * 1024 + 1, '1700000000005');
    expect(big.statusCode).toBe(413);
    const noId = await alice.request({
      method: 'POST',
      url: TUS,
      headers: tusHeaders({ 'upload-length': '100' }),
    });
    expect(noId.statusCode).toBe(400);
    expect(JSON.parse(noId.body)).toMatchObject({ message: 'A valid upload_id is required.' });
  });

  it('refuses a chunk that runs past the declared length', async () => {
    const alice = await login(t.app, 'alice');
    const location = String((await create(alice, 10, '1700000000006')).headers.location);
    const res = await patch(alice, location, 0, Buffer.alloc(11));
    expect(res.statusCode).toBe(413);
  });
});

describe('form upload POST /create/upload/photo/', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
    await createUser(t.ctx, { username: 'carol' });
  });
  afterEach(async () => {
    await t.close();
  });

  function multipart(fields: Record<string, string>, file?: { name: string; data: Buffer }) {
    const boundary = '----glinttest';
    const parts: Buffer[] = [];
    for (const [k, v] of Object.entries(fields)) {
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
      );
    }
    if (file) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="photo.jpg"\r\n` +
            'Content-Type: image/jpeg\r\n\r\n',
        ),
        file.data,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      payload: Buffer.concat(parts),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }

  it('stages a JPEG under the upload_id and lets it be configured', async () => {
    const carol = await login(t.app, 'carol');
    const body = multipart(
      { upload_id: '1700000000100', media_type: '1' },
      { name: 'photo', data: await photo(300, 300) },
    );
    const res = await carol.request({ method: 'POST', url: '/create/upload/photo/', ...body });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ upload_id: '1700000000100', status: 'ok' });
    const configured = await carol.post('/create/configure/', { upload_id: '1700000000100' });
    expect(configured.json()).toMatchObject({ status: 'ok' });
  });

  it('rejects non-JPEG bytes, a missing photo and a missing upload_id', async () => {
    const carol = await login(t.app, 'carol');
    const png = await sharp({
      create: { width: 200, height: 200, channels: 3, background: '#08f' },
    })
      .png()
      .toBuffer();
    const cases = [
      multipart({ upload_id: '1700000000101' }, { name: 'photo', data: png }),
      multipart({ upload_id: '1700000000102' }),
      multipart({}, { name: 'photo', data: await photo(200, 200) }),
    ];
    const messages = [];
    for (const body of cases) {
      const res = await carol.request({ method: 'POST', url: '/create/upload/photo/', ...body });
      expect(res.statusCode).toBe(400);
      messages.push((res.json() as { message: string }).message);
    }
    expect(messages).toEqual([
      'The photo must be a JPEG image.',
      'Please choose a photo to upload.',
      'A valid upload_id is required.',
    ]);
  });
});
