import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostsTable, UsersTable } from '../../server/db/schema.ts';
import type { Connection, PageInfo, WireComment, WirePost } from '../../common/types.ts';
import {
  createTestApp,
  createUser,
  login,
  sharedDataOf,
  TestClient,
  type TestApp,
} from './helpers.ts';
import {
  addComment,
  addLike,
  createPost,
  graph,
  quickUser,
  testClock,
} from './content-fixtures.ts';

interface MediaInfo {
  status: string;
  media: WirePost;
}

describe('likes, saves, comments and post deletion', () => {
  let t: TestApp;
  let alice: UsersTable;
  let bob: UsersTable;
  let carol: UsersTable;
  let bobPost: PostsTable;
  let a: TestClient;
  let b: TestClient;
  let c: TestClient;
  const clock = testClock();

  const info = async (client: TestClient, post: PostsTable) => {
    const res = await client.get(`/api/v1/media/${post.shortcode}/info/`);
    return { status: res.statusCode, body: res.json() as MediaInfo };
  };

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    alice = await createUser(t.ctx, { username: 'alice' });
    bob = await createUser(t.ctx, { username: 'bob' });
    carol = await createUser(t.ctx, { username: 'carol' });
    bobPost = await createPost(t.ctx, bob.id, { caption: '<img src=x onerror=alert(1)> #tag' });
    [a, b, c] = await Promise.all([
      login(t.app, 'alice'),
      login(t.app, 'bob'),
      login(t.app, 'carol'),
    ]);
  });
  afterAll(async () => t.close());

  it('likes and unlikes idempotently, with counts and one notification for the owner', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await a.post(`/web/likes/${bobPost.id}/like/`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
    let media = (await info(a, bobPost)).body.media;
    expect(media.edge_media_preview_like.count).toBe(1);
    expect(media.viewer_has_liked).toBe(true);
    const notes = await t.ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', bob.id)
      .execute();
    expect(notes.filter((n) => n.type === 1)).toHaveLength(1);

    // Liking your own post does not notify you.
    await b.post(`/web/likes/${bobPost.id}/like/`);
    const own = await t.ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('actor_id', '=', bob.id)
      .execute();
    expect(own).toHaveLength(0);

    for (let i = 0; i < 2; i++) {
      expect((await a.post(`/web/likes/${bobPost.id}/unlike/`)).statusCode).toBe(200);
    }
    media = (await info(a, bobPost)).body.media;
    expect(media.edge_media_preview_like.count).toBe(1);
    expect(media.viewer_has_liked).toBe(false);
  });

  it('asks visitors to log in before liking', async () => {
    const res = await new TestClient(t.app).post(`/web/likes/${bobPost.id}/like/`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBeTruthy();
  });

  it('lists saved posts for their owner only', async () => {
    expect((await a.post(`/web/save/${bobPost.id}/save/`)).json()).toEqual({ status: 'ok' });
    await a.post(`/web/save/${bobPost.id}/save/`);
    const saved = await graph<{ user: { edge_saved_media: Connection<WirePost> } }>(
      a,
      'savedMedia',
      {
        id: alice.id,
        first: 12,
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.user.edge_saved_media.count).toBe(1);
    expect(saved.body.data.user.edge_saved_media.edges[0].node.id).toBe(bobPost.id);
    expect(saved.body.data.user.edge_saved_media.edges[0].node.viewer_has_saved).toBe(true);

    expect((await graph(c, 'savedMedia', { id: alice.id })).status).toBe(403);

    await a.post(`/web/save/${bobPost.id}/unsave/`);
    const after = await graph<{ user: { edge_saved_media: Connection<WirePost> } }>(
      a,
      'savedMedia',
      {
        id: alice.id,
      },
    );
    expect(after.body.data.user.edge_saved_media.count).toBe(0);
  });

  it('adds comments, keeps hostile text verbatim, and notifies the owner and mentioned users', async () => {
    const hostile = '<script>alert("x")</script> & @carol';
    const res = await a.post(`/web/comments/${bobPost.id}/add/`, { comment_text: hostile });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      text: hostile,
      from: { id: alice.id, username: 'alice' },
    });
    expect(body.id).toBeTruthy();
    expect(typeof body.created_time).toBe('number');
    expect(body.from.profile_picture).toBeTruthy();

    const media = (await info(c, bobPost)).body.media;
    expect(media.caption).toBe('<img src=x onerror=alert(1)> #tag');
    expect(media.edge_media_to_comment.edges.map((e) => e.node.text)).toContain(hostile);

    const types = async (userId: string) =>
      (
        await t.ctx.db
          .selectFrom('notifications')
          .select('type')
          .where('user_id', '=', userId)
          .execute()
      ).map((n) => n.type);
    expect(await types(bob.id)).toContain(2);
    expect(await types(carol.id)).toContain(5);
  });

  it('refuses empty, too long and disabled comments with a message', async () => {
    for (const comment_text of ['', '   ']) {
      const res = await a.post(`/web/comments/${bobPost.id}/add/`, { comment_text });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'fail' });
      expect(res.json().message).toBeTruthy();
    }
    const missing = await a.post(`/web/comments/${bobPost.id}/add/`);
    expect(missing.statusCode).toBe(400);
    const long = await a.post(`/web/comments/${bobPost.id}/add/`, {
      comment_text: 'x'.repeat(2201),
    });
    expect(long.statusCode).toBe(400);
    const closed = await createPost(t.ctx, bob.id, { comments_disabled: 1 });
    const res = await a.post(`/web/comments/${closed.id}/add/`, { comment_text: 'hi' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBeTruthy();
  });

  it('lets authors and post owners delete comments, nobody else', async () => {
    const res = await a.post(`/web/comments/${bobPost.id}/add/`, { comment_text: 'mine' });
    const commentId = res.json().id as string;
    const denied = await c.post(`/web/comments/${bobPost.id}/delete/${commentId}/`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBeTruthy();
    expect((await a.post(`/web/comments/${bobPost.id}/delete/${commentId}/`)).statusCode).toBe(200);
    const again = await a.post(`/web/comments/${bobPost.id}/delete/${commentId}/`);
    expect(again.statusCode).toBe(404);

    const carols = (
      await c.post(`/web/comments/${bobPost.id}/add/`, { comment_text: 'spam' })
    ).json().id;
    expect((await b.post(`/web/comments/${bobPost.id}/delete/${carols}/`)).statusCode).toBe(200);
  });

  it('pages comments oldest first, 20 at a time', async () => {
    const post = await createPost(t.ctx, carol.id);
    for (let i = 0; i < 25; i++) {
      clock.tick();
      await addComment(t.ctx, post.id, alice.id, `c${i}`);
    }
    type Comments = { shortcode_media: { edge_media_to_comment: Connection<WireComment> } };
    const first = await graph<Comments>(a, 'commentsByShortcode', {
      shortcode: post.shortcode,
      first: 20,
    });
    const conn = first.body.data.shortcode_media.edge_media_to_comment;
    expect(conn.count).toBe(25);
    expect(conn.edges).toHaveLength(20);
    expect(conn.edges[0].node.text).toBe('c0');
    expect(conn.page_info.has_next_page).toBe(true);
    const next = await graph<Comments>(a, 'commentsByShortcode', {
      shortcode: post.shortcode,
      first: 20,
      after: conn.page_info.end_cursor,
    });
    const rest = next.body.data.shortcode_media.edge_media_to_comment;
    expect(rest.edges.map((e) => e.node.text)).toEqual(['c20', 'c21', 'c22', 'c23', 'c24']);
    expect(rest.page_info).toEqual({ has_next_page: false, end_cursor: null });
  });

  it('lists likers 10 at a time to logged-in viewers only', async () => {
    const post = await createPost(t.ctx, carol.id);
    for (let i = 0; i < 12; i++) {
      clock.tick();
      const u = await quickUser(t.ctx, `liker${i}`);
      await addLike(t.ctx, post.id, u.id);
    }
    type Likers = { shortcode_media: { edge_liked_by: Connection<{ username: string }> } };
    const res = await graph<Likers>(a, 'likersByShortcode', {
      shortcode: post.shortcode,
      first: 10,
    });
    const conn = res.body.data.shortcode_media.edge_liked_by;
    expect(conn.count).toBe(12);
    expect(conn.edges).toHaveLength(10);
    expect(conn.edges[0].node.username).toBe('liker11');
    const next = await graph<Likers>(a, 'likersByShortcode', {
      shortcode: post.shortcode,
      after: conn.page_info.end_cursor,
    });
    expect(next.body.data.shortcode_media.edge_liked_by.edges.map((e) => e.node.username)).toEqual([
      'liker1',
      'liker0',
    ]);
    const visitor = await graph(new TestClient(t.app), 'likersByShortcode', {
      shortcode: post.shortcode,
    });
    expect(visitor.status).toBe(403);
    const visitorInfo = await info(new TestClient(t.app), post);
    expect(visitorInfo.body.media.viewer_can_see_likers).toBe(false);
  });

  it('deletes only your own posts', async () => {
    const post = await createPost(t.ctx, alice.id);
    await addLike(t.ctx, post.id, bob.id);
    const denied = await b.post(`/create/${post.id}/delete/`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBeTruthy();
    const res = await a.post(`/create/${post.id}_${alice.id}/delete/`);
    expect(res.statusCode).toBe(200);
    expect((await info(a, post)).status).toBe(404);
    expect((await a.post(`/create/${post.id}/delete/`)).statusCode).toBe(404);
    const likes = await t.ctx.db
      .selectFrom('likes')
      .selectAll()
      .where('post_id', '=', post.id)
      .execute();
    expect(likes).toHaveLength(0);
  });

  it('answers malformed and unknown ids with 4xx JSON', async () => {
    const urls = [
      `/web/likes/${'9'.repeat(80)}/like/`,
      '/web/likes/1%27%20OR%201=1/like/',
      '/web/save/..%2F..%2Fetc/save/',
      `/web/comments/${bobPost.id}/delete/%3Cx%3E/`,
      '/create/%00/delete/',
    ];
    for (const url of urls) {
      const res = await a.post(url);
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.json().status, url).toBe('fail');
    }
    const unknown = await a.post('/web/likes/123456789/like/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Post not found.');
    expect((await a.post('/media/123456789/flag/')).statusCode).toBe(404);
    expect((await a.post(`/media/${bobPost.id}/flag/`)).json()).toEqual({ status: 'ok' });
    // The report page itself, opened directly, knows the logged-in member (it lives under the
    // media files' prefix, whose files skip the session).
    const page = await a.get(`/media/${bobPost.id}/flag/`);
    expect(page.statusCode).toBe(200);
    expect(sharedDataOf(page.body).config.viewer).toMatchObject({ username: 'alice' });
    const bad = await graph(a, 'commentsByShortcode', { shortcode: '../../x' });
    expect(bad.status).toBe(400);
    const info404 = await a.get('/api/v1/media/NoSuchCode/info/');
    expect(info404.statusCode).toBe(404);
  });

  it('gives the post page its first comments page and likers', async () => {
    const res = await graph<{
      shortcode_media: WirePost & { edge_media_to_comment: { page_info: PageInfo } };
    }>(a, 'postByShortcode', { shortcode: bobPost.shortcode });
    expect(res.status).toBe(200);
    expect(res.body.data.shortcode_media.id).toBe(bobPost.id);
    expect(res.body.data.shortcode_media.owner.username).toBe('bob');
  });
});
