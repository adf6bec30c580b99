import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WirePost } from '../../common/types.ts';
import { defaultAccessibilityCaption } from '../../server/content/altText.ts';
import { newId } from '../../server/ids.ts';
import { createPost, graph, testClock } from './content-fixtures.ts';
import { TestClient, createTestApp, login, type TestApp } from './helpers.ts';
import { stageUpload, testJpeg } from './stageUpload.ts';

// 2023-11-14T22:13:20Z
const clock = testClock(1_700_000_000);

describe('alt text (accessibility_caption)', () => {
  let t: TestApp;
  let alice: TestClient;
  beforeEach(async () => {
    t = await createTestApp({ seedUsers: true, now: clock.now });
    alice = await login(t.app, 'alice');
  });
  afterEach(async () => {
    await t.close();
  });

  async function payload(client: TestClient, shortcode: string): Promise<WirePost> {
    const res = await graph<{ shortcode_media: WirePost }>(client, 'postByShortcode', {
      shortcode,
    });
    expect(res.status).toBe(200);
    return res.body.data.shortcode_media;
  }

  async function configure(fields: Record<string, string>) {
    const uploadId = await stageUpload(alice, await testJpeg(320, 320));
    return alice.post('/create/configure/', { upload_id: uploadId, ...fields });
  }

  it('stores the alt text written at configure and serves it in the post payload', async () => {
    const res = await configure({
      caption: 'Kites',
      accessibility_caption: '  A red kite over a\ngreen field  ',
    });
    expect(res.statusCode).toBe(200);
    const { code } = (res.json() as { media: { code: string } }).media;
    const row = await t.ctx.db.selectFrom('posts').selectAll().executeTakeFirstOrThrow();
    expect(row.accessibility_caption).toBe('A red kite over a green field');
    // Served to anyone who may see the post, the visitor included.
    for (const client of [alice, new TestClient(t.app)]) {
      const media = await payload(client, code);
      expect(media.accessibility_caption).toBe('A red kite over a green field');
      expect(media.accessibility_caption_is_custom).toBe(true);
    }
  });

  it('generates a description from owner, date and place when none is written', async () => {
    const res = await configure({
      accessibility_caption: '   ',
      location: JSON.stringify({ lat: 38.7, lng: -9.1, external_id: 'pier', name: 'Lisbon Pier' }),
    });
    expect(res.statusCode).toBe(200);
    const { code } = (res.json() as { media: { code: string } }).media;
    const row = await t.ctx.db.selectFrom('posts').selectAll().executeTakeFirstOrThrow();
    expect(row.accessibility_caption).toBeNull();
    const media = await payload(alice, code);
    expect(media.accessibility_caption).toBe(
      'Photo by Alice Example on November 14, 2023. At Lisbon Pier.',
    );
    // Said to be generated, so the owner's "Edit info" does not take it for their own words.
    expect(media.accessibility_caption_is_custom).toBe(false);
  });

  it('takes 100 characters and refuses 101 with a message, sharing nothing', async () => {
    const tooLong = await configure({ accessibility_caption: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({
      status: 'fail',
      message: 'Alt text can be at most 100 characters.',
    });
    expect(await t.ctx.db.selectFrom('posts').select('id').execute()).toEqual([]);
    const exact = await configure({ accessibility_caption: 'y'.repeat(100) });
    expect(exact.statusCode).toBe(200);
  });

  it('gives each carousel photo its own alt text, or a default that says which photo it is', async () => {
    const aliceRow = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    const bob = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'bob')
      .executeTakeFirstOrThrow();
    const post = await createPost(t.ctx, aliceRow.id, { media_type: 8 });
    await t.ctx.db
      .insertInto('post_tags')
      .values({ post_id: post.id, user_id: bob.id, x: 0.5, y: 0.5 })
      .execute();
    const child = (position: number, alt: string | null) => ({
      id: newId(),
      post_id: post.id,
      position,
      width: 1080,
      height: 1080,
      media_key: `p/${post.id}/${position}.jpg`,
      is_video: 0 as const,
      video_key: null,
      accessibility_caption: alt,
    });
    await t.ctx.db
      .insertInto('post_children')
      .values([child(0, 'Two cups of coffee on a table'), child(1, null)])
      .execute();
    const media = await payload(alice, post.shortcode);
    expect(media.accessibility_caption).toBe(
      'Photo by Alice Example on November 14, 2023. With @bob.',
    );
    expect(media.edge_sidecar_to_children?.edges.map((e) => e.node.accessibility_caption)).toEqual([
      'Two cups of coffee on a table',
      'Photo 2 of 2 by Alice Example on November 14, 2023. With @bob.',
    ]);
    expect(
      media.edge_sidecar_to_children?.edges.map((e) => e.node.accessibility_caption_is_custom),
    ).toEqual([true, false]);
  });

  it('says Video for a video post', async () => {
    const aliceRow = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    const video = await createPost(t.ctx, aliceRow.id, { media_type: 2, video_key: 'v.mp4' });
    expect((await payload(alice, video.shortcode)).accessibility_caption).toBe(
      'Video by Alice Example on November 14, 2023.',
    );
  });
});

describe('the generated alt text’s date', () => {
  const at = (takenAt: number) =>
    defaultAccessibilityCaption({
      ownerName: 'Ada',
      takenAt,
      placeName: null,
      taggedUsernames: [],
    });

  it('is the UTC day of the post, at either end of the day and across a day boundary', () => {
    // 2023-11-14T00:00:00Z and 23:59:59Z, then 2023-11-15T00:00:00Z.
    expect(at(1_699_920_000)).toBe('Photo by Ada on November 14, 2023.');
    expect(at(1_700_006_399)).toBe('Photo by Ada on November 14, 2023.');
    expect(at(1_700_006_400)).toBe('Photo by Ada on November 15, 2023.');
    expect(at(1_699_920_000)).toBe('Photo by Ada on November 14, 2023.');
    expect(at(0)).toBe('Photo by Ada on January 1, 1970.');
  });
});
