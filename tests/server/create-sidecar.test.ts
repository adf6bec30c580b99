import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WirePost } from '../../common/types.ts';
import { graph, testClock } from './content-fixtures.ts';
import { TestClient, createTestApp, login, type TestApp } from './helpers.ts';
import { stageUpload, testJpeg } from './stageUpload.ts';

const clock = testClock(1_700_000_000);

describe('POST /create/configure_sidecar/', () => {
  let t: TestApp;
  let alice: TestClient;
  beforeEach(async () => {
    t = await createTestApp({ seedUsers: true, now: clock.now });
    alice = await login(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  const configure = (fields: Record<string, string>) =>
    alice.post('/create/configure_sidecar/', fields);
  const children = (list: { upload_id: string; accessibility_caption?: string }[]) =>
    JSON.stringify(list);

  it('shares a carousel in order, each photo with its alt text, and serves it', async () => {
    const ids = [
      await stageUpload(alice, await testJpeg(400, 500)),
      await stageUpload(alice, await testJpeg(800, 1000)),
      await stageUpload(alice, await testJpeg(400, 500)),
    ];
    const res = await configure({
      caption: 'Three doors #doors',
      location: JSON.stringify({ lat: 1, lng: 2, external_id: 'street', name: 'Door Street' }),
      children_metadata: children([
        { upload_id: ids[0], accessibility_caption: 'A red door' },
        { upload_id: ids[1] },
        { upload_id: ids[2], accessibility_caption: 'A green door' },
      ]),
    });
    expect(res.statusCode).toBe(200);
    const { media } = res.json() as { media: { pk: string; code: string } };

    const page = await graph<{ shortcode_media: WirePost }>(alice, 'postByShortcode', {
      shortcode: media.code,
    });
    const post = page.body.data.shortcode_media;
    expect(post).toMatchObject({
      __typename: 'GraphSidecar',
      caption: 'Three doors #doors',
      accessibility_caption: 'A red door',
      location: { name: 'Door Street' },
    });
    const nodes = post.edge_sidecar_to_children!.edges.map((e) => e.node);
    expect(nodes.map((n) => n.accessibility_caption)).toEqual([
      'A red door',
      'Photo 2 of 3 by Alice Example on November 14, 2023. At Door Street.',
      'A green door',
    ]);
    expect(nodes.map((n) => [n.dimensions.width, n.dimensions.height])).toEqual([
      [400, 500],
      [800, 1000],
      [400, 500],
    ]);
    // Each photo is stored (no metadata) and served to whoever may see the post.
    for (const node of nodes) {
      const file = await alice.get(node.display_url);
      expect(file.statusCode).toBe(200);
      expect((await sharp(file.rawPayload).metadata()).exif).toBeUndefined();
    }
    // Each photo's thumbnail is its own picture: the post's square thumbnails are the cover's,
    // so a photo after the first must never point at them (a grid or srcset would show the cover).
    for (const node of nodes) {
      const thumbnail = await sharp((await alice.get(node.thumbnail_src)).rawPayload).metadata();
      expect(thumbnail.width! / thumbnail.height!).toBeCloseTo(
        node.dimensions.width / node.dimensions.height,
      );
    }
    for (const node of nodes) expect(node.thumbnail_resources).toEqual([]);
    const tags = await t.ctx.db.selectFrom('post_hashtags').select('hashtag').execute();
    expect(tags.map((r) => r.hashtag)).toEqual(['doors']);
    // The uploads are used up: the same ones cannot make a second post.
    const again = await configure({
      children_metadata: children(ids.slice(0, 2).map((upload_id) => ({ upload_id }))),
    });
    expect(again.statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('posts').select('id').execute()).toHaveLength(1);
  });

  it('refuses bad carousels with 400 and a message, claiming no upload', async () => {
    const a = await stageUpload(alice, await testJpeg(300, 300));
    const b = await stageUpload(alice, await testJpeg(300, 300));
    const notJpeg = await stageUpload(alice, Buffer.from('not a jpeg at all'));
    const cases: [Record<string, string>, RegExp][] = [
      [{ children_metadata: children([{ upload_id: a }]) }, /2 to 10 photos/],
      [{ children_metadata: 'nope' }, /2 to 10 photos/],
      [{}, /2 to 10 photos/],
      [
        {
          children_metadata: children(
            Array.from({ length: 11 }, (_, i) => ({ upload_id: String(i + 1) })),
          ),
        },
        /2 to 10 photos/,
      ],
      [{ children_metadata: children([{ upload_id: a }, { upload_id: a }]) }, /different upload/],
      [
        {
          children_metadata: children([
            { upload_id: a },
            { upload_id: b, accessibility_caption: 'x'.repeat(101) },
          ]),
        },
        /Alt text can be at most 100 characters/,
      ],
      [
        {
          caption: 'x'.repeat(2201),
          children_metadata: children([{ upload_id: a }, { upload_id: b }]),
        },
        /at most 2200 characters/,
      ],
      [{ children_metadata: children([{ upload_id: a }, { upload_id: notJpeg }]) }, /JPEG/],
    ];
    for (const [fields, message] of cases) {
      const res = await configure(fields);
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(message);
    }
    // Another member's upload is not found; nothing was claimed, so a good carousel still works.
    const bob = await login(t.app, 'bob');
    const bobs = await stageUpload(bob, await testJpeg(300, 300));
    const stolen = await configure({
      children_metadata: children([{ upload_id: a }, { upload_id: bobs }]),
    });
    expect(stolen.statusCode).toBe(404);
    const ok = await configure({
      children_metadata: children([{ upload_id: a }, { upload_id: b }]),
    });
    expect(ok.statusCode).toBe(200);
  });

  it('needs a logged-in member and the CSRF token', async () => {
    const visitor = await new TestClient(t.app).post('/create/configure_sidecar/', {
      children_metadata: '[]',
    });
    expect(visitor.statusCode).toBe(403);
    const noCsrf = await alice.post(
      '/create/configure_sidecar/',
      { children_metadata: '[]' },
      { 'x-csrftoken': '' },
    );
    expect(noCsrf.statusCode).toBe(403);
  });
});
