import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostsTable, UsersTable } from '../../server/db/schema.ts';
import type { WirePost } from '../../common/types.ts';
import { createTestApp, createUser, login, TestClient, type TestApp } from './helpers.ts';
import { addFollow, createPost, graph, testClock } from './content-fixtures.ts';

// A post's "Liked by" preview: up to 10 likers, accounts the viewer follows first, then the
// newest, then by id, leaving out anyone on either side of a block with the viewer. Posts with many
// likes are read through two bounded ranges instead of every like; the preview must be exactly
// what ranking every like would give, for a few likes and for many, ties in time included.

describe('liker previews', () => {
  let t: TestApp;
  let viewer: UsersTable;
  let viewerClient: TestClient;
  let likers: UsersTable[];
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    viewer = await createUser(t.ctx, { username: 'viewer' });
    viewerClient = await login(t.app, 'viewer');
    // Created as rows (one password hash for all): the likers never log in.
    const first = await createUser(t.ctx, { username: 'liker00' });
    likers = [first];
    for (let i = 1; i < 90; i++) {
      const row = {
        ...first,
        id: `${first.id}-${i}`,
        username: `liker${String(i).padStart(2, '0')}`,
      };
      await t.ctx.db.insertInto('users').values(row).execute();
      likers.push(row);
    }
    // The viewer follows a few likers, among the oldest and the newest; blocks go both ways.
    for (const i of [3, 40, 88]) await addFollow(t.ctx, viewer.id, likers[i].id);
    await t.ctx.db
      .insertInto('blocks')
      .values([
        { blocker_id: viewer.id, blocked_id: likers[89].id, created_at: clock.now() },
        { blocker_id: likers[87].id, blocked_id: viewer.id, created_at: clock.now() },
        { blocker_id: viewer.id, blocked_id: likers[40].id, created_at: clock.now() },
      ])
      .execute();
  });
  afterAll(async () => t.close());

  async function likedBy(post: PostsTable, likerIndexes: number[]) {
    // Likes in threes share a second, so ties in time are ordered by id (and cut by the limit).
    await t.ctx.db
      .insertInto('likes')
      .values(
        likerIndexes.map((i, k) => ({
          post_id: post.id,
          user_id: likers[i].id,
          created_at: clock.now() + Math.floor(k / 3),
        })),
      )
      .execute();
  }

  async function expectedPreview(post: PostsTable, asVisitor = false): Promise<string[]> {
    const hidden = new Set(asVisitor ? [] : [likers[89].id, likers[87].id, likers[40].id]);
    const followed = new Set(asVisitor ? [] : [likers[3].id, likers[40].id, likers[88].id]);
    const likes = await t.ctx.db
      .selectFrom('likes')
      .innerJoin('users', 'users.id', 'likes.user_id')
      .select(['likes.user_id', 'likes.created_at', 'users.username'])
      .where('likes.post_id', '=', post.id)
      .execute();
    return likes
      .filter((l) => !hidden.has(l.user_id))
      .sort(
        (a, b) =>
          Number(followed.has(b.user_id)) - Number(followed.has(a.user_id)) ||
          b.created_at - a.created_at ||
          (a.user_id < b.user_id ? -1 : 1),
      )
      .slice(0, 10)
      .map((l) => l.username);
  }

  async function preview(post: PostsTable) {
    const res = await graph<{ shortcode_media: WirePost }>(viewerClient, 'postByShortcode', {
      shortcode: post.shortcode,
    });
    const likes = res.body.data.shortcode_media.edge_media_preview_like;
    return { count: likes.count, usernames: likes.edges.map((e) => e.node.username) };
  }

  it('ranks a post with few likes: followed first, then newest, blocked left out', async () => {
    const owner = await createUser(t.ctx, { username: 'owner_few' });
    const post = await createPost(t.ctx, owner.id);
    await likedBy(post, [3, 5, 6, 7, 8, 87, 88, 89]);
    const expected = await expectedPreview(post);
    expect(expected.slice(0, 2)).toEqual(['liker88', 'liker03']);
    expect(await preview(post)).toEqual({ count: 8, usernames: expected });
  });

  it('ranks a post with many likes exactly as ranking every like would', async () => {
    const owner = await createUser(t.ctx, { username: 'owner_many' });
    const post = await createPost(t.ctx, owner.id);
    await likedBy(
      post,
      Array.from({ length: 90 }, (_, i) => i),
    );
    const expected = await expectedPreview(post);
    expect(expected).toHaveLength(10);
    // The followed liker among the oldest still comes first; the blocked newest ones never show.
    expect(expected.slice(0, 2)).toEqual(['liker88', 'liker03']);
    expect(await preview(post)).toEqual({ count: 90, usernames: expected });
  });

  it('shows a logged-out visitor the newest likers of a post with many likes', async () => {
    const owner = await createUser(t.ctx, { username: 'owner_public' });
    const post = await createPost(t.ctx, owner.id);
    await likedBy(
      post,
      Array.from({ length: 80 }, (_, i) => i),
    );
    const res = await graph<{ shortcode_media: WirePost }>(
      new TestClient(t.app),
      'postByShortcode',
      {
        shortcode: post.shortcode,
      },
    );
    const likes = res.body.data.shortcode_media.edge_media_preview_like;
    expect(likes.count).toBe(80);
    expect(likes.edges.map((e) => e.node.username)).toEqual(await expectedPreview(post, true));
  });
});
