import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { UsersTable } from '../../server/db/schema.ts';
import type { Connection, WirePost, WireUser } from '../../common/types.ts';
import {
  createTestApp,
  createUser,
  login,
  sharedDataOf,
  TestClient,
  type TestApp,
} from './helpers.ts';
import { addFollow, createPost, graph, testClock } from './content-fixtures.ts';

interface ActivityBody {
  graphql: {
    user: {
      activity_feed: {
        edge_web_activity_feed: {
          edges: { node: { type: number; user: WireUser; media: unknown } }[];
        };
        timestamp: number;
      };
      edge_follow_requests: { edges: { node: WireUser }[] };
    };
  };
}

describe('follow, follow requests, block and the activity feed', () => {
  let t: TestApp;
  let pub: UsersTable; // a public account
  let priv: UsersTable; // a private account
  let fan: UsersTable;
  let pubClient: TestClient;
  let privClient: TestClient;
  let fanClient: TestClient;
  const clock = testClock();

  // A fresh database per test keeps relationship states independent.
  beforeEach(async () => {
    if (t) await t.close();
    t = await createTestApp({ now: clock.now });
    pub = await createUser(t.ctx, { username: 'pub' });
    priv = await createUser(t.ctx, { username: 'priv', is_private: 1 });
    fan = await createUser(t.ctx, { username: 'fan' });
    [pubClient, privClient, fanClient] = await Promise.all([
      login(t.app, 'pub'),
      login(t.app, 'priv'),
      login(t.app, 'fan'),
    ]);
  });
  afterAll(async () => t.close());

  const profile = (client: TestClient, username: string) =>
    client.get(`/api/v1/users/web_profile_info/?username=${username}`);
  const activity = async (client: TestClient) => {
    const res = await client.get('/accounts/activity/?__a=1');
    expect(res.statusCode).toBe(200);
    return res.json() as ActivityBody;
  };

  it("keeps a private account's mention out of the activity of members who can't see the post", async () => {
    const post = await createPost(t.ctx, priv.id, { caption: 'hello @fan' });
    const res = await privClient.post(`/web/comments/${post.id}/add/`, {
      comment_text: 'look @fan',
    });
    expect(res.statusCode).toBe(200);
    const before = await activity(fanClient);
    expect(before.graphql.user.activity_feed.edge_web_activity_feed.edges).toEqual([]);
    // Once fan is an approved follower, the mention shows with its post.
    await addFollow(t.ctx, fan.id, priv.id);
    const after = await activity(fanClient);
    const [note] = after.graphql.user.activity_feed.edge_web_activity_feed.edges;
    expect(note.node).toMatchObject({ type: 5, user: { username: 'priv' } });
    expect(note.node.media).not.toBeNull();
  });

  it('follows a public account at once and notifies it', async () => {
    const res = await fanClient.post(`/web/friendships/${pub.id}/follow/`);
    expect(res.json()).toEqual({ result: 'following', status: 'ok' });
    const info = (await profile(fanClient, 'pub')).json();
    expect(info.data.user).toMatchObject({
      followed_by_viewer: true,
      edge_followed_by: { count: 1 },
    });
    const feed = await activity(pubClient);
    const [note] = feed.graphql.user.activity_feed.edge_web_activity_feed.edges;
    expect(note.node).toMatchObject({ type: 3, user: { username: 'fan' }, media: null });
    // Following again is harmless.
    expect((await fanClient.post(`/web/friendships/${pub.id}/follow/`)).json().result).toBe(
      'following',
    );
  });

  it('requests to follow a private account, which approves', async () => {
    const res = await fanClient.post(`/web/friendships/${priv.id}/follow/`);
    expect(res.json()).toEqual({ result: 'requested', status: 'ok' });
    expect((await profile(fanClient, 'priv')).json().data.user).toMatchObject({
      followed_by_viewer: false,
      requested_by_viewer: true,
    });
    const requests = (await activity(privClient)).graphql.user.edge_follow_requests.edges;
    expect(requests.map((e) => e.node.username)).toEqual(['fan']);

    // Only the target can approve.
    expect((await pubClient.post(`/web/friendships/${fan.id}/approve/`)).statusCode).toBe(404);
    expect((await privClient.post(`/web/friendships/${fan.id}/approve/`)).json()).toEqual({
      status: 'ok',
    });
    expect((await profile(fanClient, 'priv')).json().data.user.followed_by_viewer).toBe(true);
    expect((await activity(privClient)).graphql.user.edge_follow_requests.edges).toHaveLength(0);
  });

  it('ignoring a request removes it; unfollowing withdraws it', async () => {
    await fanClient.post(`/web/friendships/${priv.id}/follow/`);
    expect((await privClient.post(`/web/friendships/${fan.id}/ignore/`)).json()).toEqual({
      status: 'ok',
    });
    expect((await activity(privClient)).graphql.user.edge_follow_requests.edges).toHaveLength(0);
    expect((await profile(fanClient, 'priv')).json().data.user.requested_by_viewer).toBe(false);

    await fanClient.post(`/web/friendships/${priv.id}/follow/`);
    expect((await fanClient.post(`/web/friendships/${priv.id}/unfollow/`)).json()).toEqual({
      status: 'ok',
    });
    expect((await activity(privClient)).graphql.user.edge_follow_requests.edges).toHaveLength(0);
  });

  it('hides a private account lists from non-followers', async () => {
    await addFollow(t.ctx, pub.id, priv.id);
    const denied = await graph(fanClient, 'followers', { id: priv.id, first: 10 });
    expect(denied.status).toBe(403);
    const allowed = await graph<{ user: { edge_followed_by: Connection<WireUser> } }>(
      pubClient,
      'followers',
      { id: priv.id, first: 10 },
    );
    expect(allowed.body.data.user.edge_followed_by.edges.map((e) => e.node.username)).toEqual([
      'pub',
    ]);
    const following = await graph<{ user: { edge_follow: Connection<WireUser> } }>(
      pubClient,
      'following',
      {
        id: pub.id,
      },
    );
    expect(following.body.data.user.edge_follow.count).toBe(1);
  });

  it('refuses following yourself or unknown accounts', async () => {
    const self = await fanClient.post(`/web/friendships/${fan.id}/follow/`);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBeTruthy();
    expect((await fanClient.post('/web/friendships/987654321/follow/')).statusCode).toBe(404);
    expect((await fanClient.post('/web/friendships/%3Cscript%3E/follow/')).statusCode).toBe(400);
    expect(
      (await new TestClient(t.app).post(`/web/friendships/${pub.id}/follow/`)).statusCode,
    ).toBe(403);
  });

  it('blocking removes follows both ways and hides the blocker from the blocked', async () => {
    clock.tick();
    const post = await createPost(t.ctx, pub.id);
    await addFollow(t.ctx, pub.id, fan.id);
    await addFollow(t.ctx, fan.id, pub.id);
    expect((await pubClient.post(`/web/friendships/${fan.id}/block/`)).json()).toEqual({
      status: 'ok',
    });

    const follows = await t.ctx.db.selectFrom('follows').selectAll().execute();
    expect(follows).toHaveLength(0);
    expect((await profile(fanClient, 'pub')).statusCode).toBe(404);
    expect((await fanClient.get(`/api/v1/media/${post.shortcode}/info/`)).statusCode).toBe(404);
    expect((await graph(fanClient, 'profileTimeline', { id: pub.id })).status).toBe(404);
    const follow = await fanClient.post(`/web/friendships/${pub.id}/follow/`);
    expect(follow.statusCode).toBe(403);
    expect(follow.json().message).toBeTruthy();
    const like = await fanClient.post(`/web/likes/${post.id}/like/`);
    expect(like.statusCode).toBe(404);

    // The blocker still sees the profile, marked blocked, so they can unblock.
    const mine = (await profile(pubClient, 'fan')).json();
    expect(mine.data.user.blocked_by_viewer).toBe(true);
    expect((await pubClient.post(`/web/friendships/${fan.id}/unblock/`)).json()).toEqual({
      status: 'ok',
    });
    expect((await profile(fanClient, 'pub')).statusCode).toBe(200);
    const res = await fanClient.get(`/api/v1/media/${post.shortcode}/info/`);
    expect((res.json() as { media: WirePost }).media.id).toBe(post.id);
  });

  it('records when the activity feed was checked', async () => {
    clock.tick(100);
    const res = await fanClient.post('/web/activity/mark_checked/', { timestamp: clock.now() });
    expect(res.json()).toEqual({ status: 'ok' });
    expect((await activity(fanClient)).graphql.user.activity_feed.timestamp).toBe(clock.now());
    expect(
      (await fanClient.post('/web/activity/mark_checked/', { timestamp: 'soon' })).statusCode,
    ).toBe(400);
    expect((await new TestClient(t.app).get('/accounts/activity/?__a=1')).statusCode).toBe(403);
    // Without __a=1 the same path is the activity page.
    const page = await fanClient.get('/accounts/activity/', { accept: 'text/html' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it("lights the viewer's unread activity dot until the feed is checked", async () => {
    const viewerOf = async (client: TestClient) =>
      sharedDataOf((await client.get('/', { accept: 'text/html' })).body).config.viewer;
    await fanClient.post('/web/activity/mark_checked/', { timestamp: clock.now() });
    expect(await viewerOf(fanClient)).toMatchObject({ has_unseen_activity: false });
    clock.tick(10);
    await pubClient.post(`/web/friendships/${fan.id}/follow/`);
    expect(await viewerOf(fanClient)).toMatchObject({ has_unseen_activity: true });
    await fanClient.post('/web/activity/mark_checked/', { timestamp: clock.now() });
    expect(await viewerOf(fanClient)).toMatchObject({ has_unseen_activity: false });
    // A notification from a member the viewer then blocks does not count.
    clock.tick(10);
    await privClient.post(`/web/friendships/${fan.id}/follow/`);
    expect(await viewerOf(fanClient)).toMatchObject({ has_unseen_activity: true });
    await fanClient.post(`/web/friendships/${priv.id}/block/`);
    expect(await viewerOf(fanClient)).toMatchObject({ has_unseen_activity: false });
    // A mention in a private post the viewer may not see is not listed, so no dot either.
    clock.tick(10);
    const hidden = await createUser(t.ctx, { username: 'hidden', is_private: 1 });
    const post = await createPost(t.ctx, hidden.id, { caption: 'hi @fan' });
    await t.ctx.db
      .insertInto('notifications')
      .values({
        id: `n${post.id}`,
        user_id: fan.id,
        type: 2,
        actor_id: hidden.id,
        post_id: post.id,
        text: 'hi @fan',
        created_at: clock.now(),
      })
      .execute();
    const listed = (await activity(fanClient)).graphql.user.activity_feed.edge_web_activity_feed;
    expect(JSON.stringify(listed.edges)).not.toContain('hi @fan');
    expect(await viewerOf(fanClient)).toMatchObject({ has_unseen_activity: false });
  });

  it('answers unknown profiles with 404 JSON and acknowledges dismissals', async () => {
    const res = await fanClient.get('/api/v1/users/web_profile_info/?username=nobody');
    expect(res.statusCode).toBe(404);
    expect(res.json().status).toBe('fail');
    const dismiss = await fanClient.post('/web/discover/aysf_dismiss/', { target_id: pub.id });
    expect(dismiss.json()).toEqual({ status: 'ok' });
    const chaining = await fanClient.post('/web/discover/chaining_dismiss/', {
      target_id: pub.id,
      chaining_user_id: priv.id,
    });
    expect(chaining.json()).toEqual({ status: 'ok' });
  });
});
