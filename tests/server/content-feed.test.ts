import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersTable } from '../../server/db/schema.ts';
import type { PageInfo, WirePost } from '../../common/types.ts';
import { createTestApp, createUser, login, TestClient, type TestApp } from './helpers.ts';
import {
  addBlock,
  addComment,
  addFollow,
  addLike,
  createPost,
  graph,
  testClock,
} from './content-fixtures.ts';

type FeedNode = WirePost | { __typename: 'GraphSuggestedUserFeedUnit'; id: string };
interface FeedData {
  user: { edge_web_feed_timeline: { page_info: PageInfo; edges: { node: FeedNode }[] } };
}
const isPost = (n: FeedNode): n is WirePost => n.__typename !== 'GraphSuggestedUserFeedUnit';

describe('home feed and post grids', () => {
  let t: TestApp;
  let alice: UsersTable;
  let bob: UsersTable;
  let carol: UsersTable;
  let dave: UsersTable;
  let aliceClient: TestClient;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    alice = await createUser(t.ctx, { username: 'alice' });
    bob = await createUser(t.ctx, { username: 'bob' });
    carol = await createUser(t.ctx, { username: 'carol', is_private: 1 });
    dave = await createUser(t.ctx, { username: 'dave' });
    await addFollow(t.ctx, alice.id, bob.id);
    await addFollow(t.ctx, alice.id, carol.id); // an approved follower of a private account
    // 30 posts in the feed (alice's own, bob's, carol's) and 5 of dave's, who alice doesn't follow.
    const owners = [alice, bob, carol];
    for (let i = 0; i < 30; i++) {
      clock.tick();
      await createPost(t.ctx, owners[i % 3].id, { caption: `post ${i}` });
    }
    for (let i = 0; i < 5; i++) {
      clock.tick();
      await createPost(t.ctx, dave.id, { hashtags: ['sunset'] });
    }
    aliceClient = await login(t.app, 'alice');
  });
  afterAll(async () => t.close());

  it('pages 12 posts at a time, newest first, without repeats', async () => {
    const seen: WirePost[] = [];
    let cursor: string | null = null;
    const pageSizes: number[] = [];
    for (let guard = 0; guard < 5; guard++) {
      const res: { status: number; body: { data: FeedData } } = await graph<FeedData>(
        aliceClient,
        'feed',
        { fetch_media_item_count: 12, fetch_media_item_cursor: cursor, fetch_comment_count: 4 },
      );
      expect(res.status).toBe(200);
      const timeline = res.body.data.user.edge_web_feed_timeline;
      const posts = timeline.edges.map((e) => e.node).filter(isPost);
      pageSizes.push(posts.length);
      seen.push(...posts);
      if (!timeline.page_info.has_next_page) break;
      cursor = timeline.page_info.end_cursor;
      expect(cursor).toBeTruthy();
    }
    expect(pageSizes).toEqual([12, 12, 6]);
    expect(new Set(seen.map((p) => p.id)).size).toBe(30);
    const times = seen.map((p) => p.taken_at_timestamp);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(seen.every((p) => p.owner.id !== dave.id)).toBe(true);
  });

  it('puts one suggested-users unit after the fourth post of the first page only', async () => {
    const first = await graph<FeedData>(aliceClient, 'feed', { fetch_media_item_cursor: '0' });
    const nodes = first.body.data.user.edge_web_feed_timeline.edges.map((e) => e.node);
    expect(nodes).toHaveLength(13);
    expect(nodes[4].__typename).toBe('GraphSuggestedUserFeedUnit');
    expect(JSON.stringify(nodes[4])).toContain('"username":"dave"');
    const cursor = first.body.data.user.edge_web_feed_timeline.page_info.end_cursor;
    const second = await graph<FeedData>(aliceClient, 'feed', { fetch_media_item_cursor: cursor });
    const units = second.body.data.user.edge_web_feed_timeline.edges.filter((e) => !isPost(e.node));
    expect(units).toHaveLength(0);
  });

  it('shows the 4 newest comments, the comment count and likers with followed accounts first', async () => {
    clock.tick();
    const post = await createPost(t.ctx, bob.id);
    for (let i = 1; i <= 6; i++) {
      clock.tick();
      await addComment(t.ctx, post.id, dave.id, `comment ${i}`);
    }
    await addLike(t.ctx, post.id, dave.id);
    clock.tick();
    await addLike(t.ctx, post.id, carol.id);
    clock.tick();
    await addLike(t.ctx, post.id, alice.id);
    const res = await graph<FeedData>(aliceClient, 'feed', {});
    const node = res.body.data.user.edge_web_feed_timeline.edges[0].node as WirePost;
    expect(node.id).toBe(post.id);
    expect(node.edge_media_to_comment.count).toBe(6);
    expect(node.edge_media_to_comment.edges.map((e) => e.node.text)).toEqual([
      'comment 3',
      'comment 4',
      'comment 5',
      'comment 6',
    ]);
    expect(node.edge_media_preview_like.count).toBe(3);
    // carol is followed by alice, so she comes before the more recent like by alice herself.
    expect(node.edge_media_preview_like.edges[0].node.username).toBe('carol');
    expect(node.viewer_has_liked).toBe(true);
    expect(node.viewer_can_see_likers).toBe(true);
  });

  it("previews each post's own newest comments, leaving out people the viewer blocked", async () => {
    const erin = await createUser(t.ctx, { username: 'erin' });
    await addBlock(t.ctx, alice.id, erin.id);
    clock.tick();
    const older = await createPost(t.ctx, bob.id);
    clock.tick();
    const newer = await createPost(t.ctx, bob.id);
    for (let i = 1; i <= 5; i++) {
      clock.tick();
      await addComment(t.ctx, older.id, dave.id, `older ${i}`);
      clock.tick();
      await addComment(t.ctx, newer.id, dave.id, `newer ${i}`);
    }
    // Erin's are the newest on both posts: the preview shows the four newest of the others.
    clock.tick();
    await addComment(t.ctx, older.id, erin.id, 'blocked on older');
    clock.tick();
    await addComment(t.ctx, newer.id, erin.id, 'blocked on newer');
    const res = await graph<FeedData>(aliceClient, 'feed', { fetch_comment_count: 4 });
    const posts = res.body.data.user.edge_web_feed_timeline.edges.map((e) => e.node).filter(isPost);
    const texts = (id: string) =>
      posts.find((p) => p.id === id)!.edge_media_to_comment.edges.map((e) => e.node.text);
    expect(texts(newer.id)).toEqual(['newer 2', 'newer 3', 'newer 4', 'newer 5']);
    expect(texts(older.id)).toEqual(['older 2', 'older 3', 'older 4', 'older 5']);
  });

  it('leaves out the posts of someone on either side of a block, follow or not', async () => {
    const bobsPosts = async () =>
      (
        await graph<FeedData>(aliceClient, 'feed', { fetch_media_item_count: 12 })
      ).body.data.user.edge_web_feed_timeline.edges
        .map((e) => e.node)
        .filter((n): n is WirePost => isPost(n) && n.owner.id === bob.id).length;
    expect(await bobsPosts()).toBeGreaterThan(0);
    // Rows written straight to the table: the follow (and so the timeline rows) stays.
    for (const [blocker, blocked] of [
      [alice.id, bob.id],
      [bob.id, alice.id],
    ]) {
      await addBlock(t.ctx, blocker, blocked);
      expect(await bobsPosts()).toBe(0);
      await t.ctx.db.deleteFrom('blocks').where('blocker_id', '=', blocker).execute();
    }
    expect(await bobsPosts()).toBeGreaterThan(0);
  });

  it('asks visitors to log in for the feed', async () => {
    const res = await graph(new TestClient(t.app), 'feed', {});
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTruthy();
  });

  it("hides a private account's posts from non-followers but keeps the count", async () => {
    const daveClient = await login(t.app, 'dave');
    const profile = await graph<{
      user: { edge_owner_to_timeline_media: { count: number; edges: unknown[] } };
    }>(daveClient, 'profileTimeline', { id: carol.id, first: 12 });
    expect(profile.status).toBe(200);
    expect(profile.body.data.user.edge_owner_to_timeline_media.count).toBe(10);
    expect(profile.body.data.user.edge_owner_to_timeline_media.edges).toHaveLength(0);

    const carolPost = await t.ctx.db
      .selectFrom('posts')
      .selectAll()
      .where('owner_id', '=', carol.id)
      .executeTakeFirstOrThrow();
    const info = await daveClient.get(`/api/v1/media/${carolPost.shortcode}/info/`);
    expect(info.statusCode).toBe(404);
    expect(info.json()).toMatchObject({ status: 'fail', message: 'Post not found.' });
    const byShortcode = await graph(daveClient, 'postByShortcode', {
      shortcode: carolPost.shortcode,
    });
    expect(byShortcode.status).toBe(404);
    // The media id (content §2 /p/{mediaId}/) opens the same post, under the same access rules.
    expect((await graph(daveClient, 'postByShortcode', { shortcode: carolPost.id })).status).toBe(
      404,
    );
    const byId = await graph<{ shortcode_media: { shortcode: string } }>(
      aliceClient,
      'postByShortcode',
      { shortcode: carolPost.id },
    );
    expect(byId.body.data.shortcode_media.shortcode).toBe(carolPost.shortcode);

    // alice follows carol, so she sees them.
    const ok = await aliceClient.get(`/api/v1/media/${carolPost.shortcode}/info/`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().media.shortcode).toBe(carolPost.shortcode);
    const own = await graph<{
      user: { edge_owner_to_timeline_media: { edges: unknown[]; page_info: PageInfo } };
    }>(aliceClient, 'profileTimeline', { id: carol.id, first: 12 });
    expect(own.body.data.user.edge_owner_to_timeline_media.edges).toHaveLength(10);
  });

  it('lists hashtag posts with top posts, and discover posts from accounts not followed', async () => {
    const tag = await graph<{
      hashtag: {
        name: string;
        edge_hashtag_to_media: { count: number; edges: unknown[] };
        edge_hashtag_to_top_posts: { edges: unknown[] };
      };
    }>(aliceClient, 'hashtagMedia', { tag_name: 'Sunset', first: 12 });
    expect(tag.status).toBe(200);
    expect(tag.body.data.hashtag.name).toBe('sunset');
    expect(tag.body.data.hashtag.edge_hashtag_to_media.count).toBe(5);
    expect(tag.body.data.hashtag.edge_hashtag_to_top_posts.edges).toHaveLength(5);

    const unknown = await graph(aliceClient, 'hashtagMedia', { tag_name: 'nothing' });
    expect(unknown.status).toBe(404);

    // A private account alice does not follow: never in her discover, nor in its count.
    const gwen = await createUser(t.ctx, { username: 'gwen', is_private: 1 });
    clock.tick();
    await createPost(t.ctx, gwen.id);
    const disc = await graph<{
      user: {
        edge_web_discover_media: {
          count: number;
          edges: { node: WirePost }[];
          rank_token: string;
        };
      };
    }>(aliceClient, 'discover', { first: 24, rank_token: 'r1' });
    expect(disc.status).toBe(200);
    const owners = new Set(
      disc.body.data.user.edge_web_discover_media.edges.map((e) => e.node.owner.id),
    );
    expect([...owners]).toEqual([dave.id]);
    expect(disc.body.data.user.edge_web_discover_media.count).toBe(5);
  });

  it('refuses malformed variables with a 400 message', async () => {
    const res = await graph(aliceClient, 'profileTimeline', { id: "1' OR 1=1 --" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
    const badCursor = await graph(aliceClient, 'feed', { fetch_media_item_cursor: 'not-a-cursor' });
    expect(badCursor.status).toBe(400);
    const unknownUser = await graph(aliceClient, 'followers', { id: '12345' });
    expect(unknownUser.status).toBe(404);
  });
});
