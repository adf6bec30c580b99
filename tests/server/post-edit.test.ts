import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WirePost } from '../../common/types.ts';
import type { PostsTable, UsersTable } from '../../server/db/schema.ts';
import { newId } from '../../server/ids.ts';
import { createPost, graph } from './content-fixtures.ts';
import { TestClient, createTestApp, createUser, login, type TestApp } from './helpers.ts';

describe('POST /create/{id}/edit/', () => {
  let t: TestApp;
  let alice: TestClient;
  let aliceRow: UsersTable;
  let post: PostsTable;
  beforeEach(async () => {
    t = await createTestApp({ seedUsers: true });
    alice = await login(t.app, 'alice');
    aliceRow = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    post = await createPost(t.ctx, aliceRow.id, {
      caption: 'Morning #coffee with @bob',
      hashtags: ['coffee'],
    });
  });
  afterEach(async () => {
    await t.close();
  });

  const edit = (client: TestClient, fields: Record<string, string>, id = post.id) =>
    client.post(`/create/${id}/edit/`, fields);
  const row = () =>
    t.ctx.db.selectFrom('posts').selectAll().where('id', '=', post.id).executeTakeFirstOrThrow();
  const hashtags = async () =>
    (
      await t.ctx.db
        .selectFrom('post_hashtags')
        .select('hashtag')
        .where('post_id', '=', post.id)
        .execute()
    )
      .map((r) => r.hashtag)
      .sort();

  it('lets the owner change caption, alt text and location; the post page shows them', async () => {
    const carol = await createUser(t.ctx, { username: 'carol' });
    const res = await edit(alice, {
      caption: 'Evening #Tea and #sunset with @bob and @carol',
      accessibility_caption: 'A teapot on a windowsill at dusk',
      location: JSON.stringify({ lat: 51.5, lng: -0.12, external_id: 'ldn', name: 'London' }),
    });
    expect(res.statusCode).toBe(200);
    const { media } = res.json() as { media: WirePost };
    expect(media).toMatchObject({
      id: post.id,
      caption: 'Evening #Tea and #sunset with @bob and @carol',
      caption_is_edited: true,
      accessibility_caption: 'A teapot on a windowsill at dusk',
      location: { name: 'London' },
    });
    expect(await hashtags()).toEqual(['sunset', 'tea']);
    // Carol is newly mentioned and told; Bob was mentioned at sharing and is not told again.
    const notes = await t.ctx.db.selectFrom('notifications').selectAll().execute();
    expect(notes.map((n) => [n.user_id, n.type, n.post_id])).toEqual([[carol.id, 5, post.id]]);

    const page = await graph<{ shortcode_media: WirePost }>(
      new TestClient(t.app),
      'postByShortcode',
      { shortcode: post.shortcode },
    );
    expect(page.body.data.shortcode_media).toMatchObject({
      caption: 'Evening #Tea and #sunset with @bob and @carol',
      caption_is_edited: true,
      accessibility_caption: 'A teapot on a windowsill at dusk',
    });
  });

  it('marks the caption edited only when its text changes', async () => {
    const res = await edit(alice, {
      caption: '  Morning #coffee with @bob ',
      accessibility_caption: 'Latte art',
    });
    expect(res.statusCode).toBe(200);
    expect(await row()).toMatchObject({
      caption: 'Morning #coffee with @bob',
      caption_is_edited: 0,
      accessibility_caption: 'Latte art',
    });
    expect(await hashtags()).toEqual(['coffee']);
  });

  it('removes the place with an empty location and returns to the generated alt text', async () => {
    await edit(alice, {
      accessibility_caption: 'Latte art',
      location: JSON.stringify({ lat: 1, lng: 2, external_id: 'x', name: 'Café' }),
    });
    expect((await row()).location_id).not.toBeNull();
    const res = await edit(alice, { location: '', accessibility_caption: '' });
    expect(res.statusCode).toBe(200);
    const { media } = res.json() as { media: WirePost };
    expect(media.location).toBeNull();
    expect(media.accessibility_caption).toMatch(/^Photo by Alice Example on /);
    expect(await row()).toMatchObject({ location_id: null, accessibility_caption: null });
  });

  it('edits the alt text of each photo of a carousel', async () => {
    const carousel = await createPost(t.ctx, aliceRow.id, { media_type: 8 });
    const ids = [newId(), newId()];
    await t.ctx.db
      .insertInto('post_children')
      .values(
        ids.map((id, position) => ({
          id,
          post_id: carousel.id,
          position,
          width: 1080,
          height: 1080,
          media_key: `p/${carousel.id}/${position}.jpg`,
          is_video: 0 as const,
          video_key: null,
        })),
      )
      .execute();
    const res = await edit(
      alice,
      { children: JSON.stringify([{ id: ids[1], accessibility_caption: 'A dog on a beach' }]) },
      carousel.id,
    );
    expect(res.statusCode).toBe(200);
    const { media } = res.json() as { media: WirePost };
    expect(media.edge_sidecar_to_children?.edges.map((e) => e.node.accessibility_caption)).toEqual([
      expect.stringMatching(/^Photo 1 of 2 by Alice Example/),
      'A dog on a beach',
    ]);
    // The first photo's alt text describes the carousel's cover too (grids).
    await edit(
      alice,
      { children: JSON.stringify([{ id: ids[0], accessibility_caption: 'A cat on a wall' }]) },
      carousel.id,
    );
    const cover = await t.ctx.db
      .selectFrom('posts')
      .select('accessibility_caption')
      .where('id', '=', carousel.id)
      .executeTakeFirstOrThrow();
    expect(cover.accessibility_caption).toBe('A cat on a wall');
    // A photo of another post cannot be described through this one.
    const other = await edit(
      alice,
      { children: JSON.stringify([{ id: ids[0], accessibility_caption: 'x' }]) },
      post.id,
    );
    expect(other.statusCode).toBe(400);
    expect((other.json() as { message: string }).message).not.toBe('');
  });

  it('refuses a stranger (403), someone who cannot see the post (404) and a visitor', async () => {
    const bob = await login(t.app, 'bob');
    const byBob = await edit(bob, { caption: 'mine now' });
    expect(byBob.statusCode).toBe(403);
    expect(byBob.json()).toMatchObject({ message: 'You can only edit your own posts.' });

    await createUser(t.ctx, { username: 'hidden', is_private: 1 });
    const hidden = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'hidden')
      .executeTakeFirstOrThrow();
    const privatePost = await createPost(t.ctx, hidden.id, { caption: 'secret' });
    expect((await edit(bob, { caption: 'x' }, privatePost.id)).statusCode).toBe(404);

    const visitor = await edit(new TestClient(t.app), { caption: 'x' });
    expect(visitor.statusCode).toBe(403);
    expect(await row()).toMatchObject({
      caption: 'Morning #coffee with @bob',
      caption_is_edited: 0,
    });
  });

  it('needs the CSRF token', async () => {
    const res = await alice.post(
      `/create/${post.id}/edit/`,
      { caption: 'x' },
      { 'x-csrftoken': '' },
    );
    expect(res.statusCode).toBe(403);
    expect((await row()).caption).toBe('Morning #coffee with @bob');
  });

  it('answers bad input with 400 and a message, changing nothing', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ caption: 'x'.repeat(2201) }, 'The caption can be at most 2200 characters.'],
      [
        { caption: 'ok', accessibility_caption: 'x'.repeat(101) },
        'Alt text can be at most 100 characters.',
      ],
      [{ caption: 'ok', location: '{not json' }, 'The location is not valid.'],
      [
        { caption: 'ok', location: JSON.stringify({ lat: 100, lng: 0, external_id: 'a' }) },
        'The location is not valid.',
      ],
      [
        { caption: 'ok', children: '[{"id": 5}]' },
        'The photos to describe are not part of this post.',
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await edit(alice, fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'fail', message });
    }
    expect(await row()).toMatchObject({
      caption: 'Morning #coffee with @bob',
      caption_is_edited: 0,
      accessibility_caption: null,
      location_id: null,
    });
    expect((await edit(alice, { caption: 'x' }, 'no-such-post')).statusCode).toBe(404);
  });
});
