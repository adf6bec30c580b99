import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInvariants } from '../../server/db/invariants.ts';
import type { UsersTable } from '../../server/db/schema.ts';
import type { WirePost } from '../../common/types.ts';
import { createTestApp, createUser, login, type TestApp, type TestClient } from './helpers.ts';
import { createPost, graph, testClock, type GraphReply } from './content-fixtures.ts';

// Migration 010 keeps each member's home timeline (feed_items), posts.like_count and
// users.follower_count with triggers. Whatever the members do through the API, the feed they get
// and the counts they see must match the rows, exactly as when everything was counted on read.

type FeedEdge = { node: WirePost | { __typename: string } };
type FeedData = {
  user: {
    edge_web_feed_timeline: {
      edges: FeedEdge[];
      page_info: { has_next_page: boolean; end_cursor: string | null };
    };
  };
};

async function feedCaptions(client: TestClient): Promise<string[]> {
  const captions: string[] = [];
  let after: string | null = null;
  for (let page = 0; page < 20; page++) {
    const res: GraphReply<FeedData> = await graph<FeedData>(client, 'feed', {
      fetch_media_item_count: 3,
      ...(after ? { fetch_media_item_cursor: after } : {}),
    });
    expect(res.status).toBe(200);
    const timeline: FeedData['user']['edge_web_feed_timeline'] =
      res.body.data.user.edge_web_feed_timeline;
    for (const { node } of timeline.edges) {
      if ('caption' in node) captions.push(node.caption);
    }
    if (!timeline.page_info.has_next_page) break;
    after = timeline.page_info.end_cursor;
  }
  return captions;
}

describe('home timelines and counters kept by triggers', () => {
  let t: TestApp;
  let alice: UsersTable;
  let bob: UsersTable;
  let cara: UsersTable;
  let aliceClient: TestClient;
  let bobClient: TestClient;
  let caraClient: TestClient;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    alice = await createUser(t.ctx, { username: 'alice' });
    bob = await createUser(t.ctx, { username: 'bob' });
    cara = await createUser(t.ctx, { username: 'cara', is_private: 1 });
    [aliceClient, bobClient, caraClient] = await Promise.all(
      ['alice', 'bob', 'cara'].map((name) => login(t.app, name)),
    );
  });
  afterAll(async () => t.close());

  const clean = async () =>
    expect(await checkInvariants(t.ctx.db)).toEqual({
      likeCountMismatches: 0,
      commentCountMismatches: 0,
      followerCountMismatches: 0,
      missingTimelineItems: 0,
      strayTimelineItems: 0,
      hashtagOrderMismatches: 0,
      hashtagCountMismatches: 0,
      locationCountMismatches: 0,
    });

  it('a follow brings the followee’s earlier posts; new posts reach every follower', async () => {
    clock.tick(10);
    await createPost(t.ctx, bob.id, { caption: 'bob 1' });
    clock.tick(10);
    await createPost(t.ctx, alice.id, { caption: 'alice 1' });
    expect(await feedCaptions(aliceClient)).toEqual(['alice 1']);

    await aliceClient.post(`/web/friendships/${bob.id}/follow/`);
    expect(await feedCaptions(aliceClient)).toEqual(['alice 1', 'bob 1']);
    clock.tick(10);
    await createPost(t.ctx, bob.id, { caption: 'bob 2' });
    expect(await feedCaptions(aliceClient)).toEqual(['bob 2', 'alice 1', 'bob 1']);
    await clean();
  });

  it('a private account’s posts arrive when the request is approved, not before', async () => {
    clock.tick(10);
    await createPost(t.ctx, cara.id, { caption: 'cara 1' });
    const asked = await aliceClient.post(`/web/friendships/${cara.id}/follow/`);
    expect(asked.json()).toMatchObject({ result: 'requested' });
    expect(await feedCaptions(aliceClient)).not.toContain('cara 1');
    await caraClient.post(`/web/friendships/${alice.id}/approve/`);
    expect(await feedCaptions(aliceClient)).toEqual(['cara 1', 'bob 2', 'alice 1', 'bob 1']);
    await clean();
  });

  it('unfollow and block take the posts out; a deleted post leaves every timeline', async () => {
    await aliceClient.post(`/web/friendships/${cara.id}/unfollow/`);
    expect(await feedCaptions(aliceClient)).toEqual(['bob 2', 'alice 1', 'bob 1']);

    await bobClient.post(`/web/friendships/${alice.id}/follow/`);
    expect(await feedCaptions(bobClient)).toEqual(['bob 2', 'alice 1', 'bob 1']);
    await bobClient.post(`/web/friendships/${alice.id}/block/`);
    expect(await feedCaptions(aliceClient)).toEqual(['alice 1']);
    expect(await feedCaptions(bobClient)).toEqual(['bob 2', 'bob 1']);
    await bobClient.post(`/web/friendships/${alice.id}/unblock/`);

    const gone = await createPost(t.ctx, bob.id, { caption: 'bob 3' });
    await aliceClient.post(`/web/friendships/${bob.id}/follow/`);
    expect((await feedCaptions(aliceClient))[0]).toBe('bob 3');
    const deleted = await bobClient.post(`/create/${gone.id}/delete/`);
    expect(deleted.statusCode).toBe(200);
    expect(await feedCaptions(aliceClient)).toEqual(['bob 2', 'alice 1', 'bob 1']);
    await clean();
  });

  it('like counts and follower counts follow the rows', async () => {
    const [post] = await t.ctx.db
      .selectFrom('posts')
      .selectAll()
      .where('caption', '=', 'bob 2')
      .execute();
    await t.ctx.db
      .insertInto('post_hashtags')
      .values({ post_id: post.id, hashtag: 'sunset' })
      .execute();
    for (const client of [aliceClient, bobClient, caraClient]) {
      await client.post(`/web/likes/${post.id}/like/`);
    }
    // Liking twice counts once.
    await aliceClient.post(`/web/likes/${post.id}/like/`);
    await caraClient.post(`/web/likes/${post.id}/unlike/`);
    const page = await graph<{ shortcode_media: WirePost }>(aliceClient, 'postByShortcode', {
      shortcode: post.shortcode,
    });
    expect(page.body.data.shortcode_media.edge_media_preview_like.count).toBe(2);

    const followers = await t.ctx.db
      .selectFrom('users')
      .select(['username', 'follower_count'])
      .orderBy('username')
      .execute();
    expect(followers).toEqual([
      { username: 'alice', follower_count: 0 },
      { username: 'bob', follower_count: 1 },
      { username: 'cara', follower_count: 0 },
    ]);
    await clean();
  });

  it('comment counts follow comments, deletes and blocks', async () => {
    const post = await t.ctx.db
      .selectFrom('posts')
      .selectAll()
      .where('caption', '=', 'bob 2')
      .executeTakeFirstOrThrow();
    const commentCount = async (client: TestClient) =>
      (
        await graph<{ shortcode_media: WirePost }>(client, 'postByShortcode', {
          shortcode: post.shortcode,
        })
      ).body.data.shortcode_media.edge_media_to_comment.count;
    const add = async (client: TestClient, text: string) => {
      const res = await client.post(`/web/comments/${post.id}/add/`, { comment_text: text });
      expect(res.statusCode).toBe(200);
      return (res.json() as { id: string }).id;
    };
    const first = await add(aliceClient, 'first');
    await add(aliceClient, 'second');
    await add(caraClient, 'from cara');
    await add(bobClient, 'thanks');
    await aliceClient.post(`/web/comments/${post.id}/delete/${first}/`);
    expect(await commentCount(aliceClient)).toBe(3);
    await clean();

    // A block hides the blocked member's comments from the count on both sides, and only there.
    await bobClient.post(`/web/friendships/${cara.id}/block/`);
    expect(await commentCount(bobClient)).toBe(2);
    expect(await commentCount(aliceClient)).toBe(3);
    await bobClient.post(`/web/friendships/${cara.id}/unblock/`);
    expect(await commentCount(bobClient)).toBe(3);
    await clean();
  });

  it('a deactivated member’s posts leave their followers’ feeds until they come back', async () => {
    await t.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', bob.id).execute();
    expect(await feedCaptions(aliceClient)).toEqual(['alice 1']);
    await t.ctx.db.updateTable('users').set({ is_active: 1 }).where('id', '=', bob.id).execute();
    expect(await feedCaptions(aliceClient)).toEqual(['bob 2', 'alice 1', 'bob 1']);
    await clean();
  });
});
