// Access-control leaks found in review: stored post and story files, collection covers, tagged
// users and hashtag existence must follow the same visibility rules as the post and story APIs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context.ts';
import type { PostsTable, UsersTable } from '../../server/db/schema.ts';
import { newId } from '../../server/ids.ts';
import { createTestApp, createUser, login, TestClient, type TestApp } from './helpers.ts';
import {
  addBlock,
  addFollow,
  addStory,
  createPost,
  graph,
  quickUser,
  testClock,
} from './content-fixtures.ts';

const DAY = 24 * 3600;
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xd9]);

/** A post with its display image and one thumbnail on disk. */
async function postWithFiles(ctx: AppContext, ownerId: string, hashtags: string[] = []) {
  const post = await createPost(ctx, ownerId, { hashtags });
  await ctx.storage.put(post.media_key, JPEG);
  await ctx.storage.put(`p/${post.id}/t150.jpg`, JPEG);
  return post;
}

async function storyWithFile(ctx: AppContext, ownerId: string, takenAt = ctx.now()) {
  const row = await addStory(ctx, ownerId, takenAt);
  await ctx.storage.put(row.media_key, JPEG);
  return row;
}

describe('access leaks', () => {
  let t: TestApp;
  const clock = testClock();
  let priv: UsersTable; // a private account
  let follower: UsersTable; // priv's approved follower
  let stranger: UsersTable; // follows nobody
  let pub: UsersTable; // a public account that blocks `follower`
  let privClient: TestClient;
  let followerClient: TestClient;
  let strangerClient: TestClient;
  let visitor: TestClient;
  let privPost: PostsTable;
  let pubPost: PostsTable;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    priv = await createUser(t.ctx, { username: 'priv', is_private: 1 });
    follower = await createUser(t.ctx, { username: 'follower' });
    stranger = await createUser(t.ctx, { username: 'stranger' });
    pub = await createUser(t.ctx, { username: 'pub' });
    await addFollow(t.ctx, follower.id, priv.id);
    await addBlock(t.ctx, pub.id, follower.id);
    privPost = await postWithFiles(t.ctx, priv.id, ['onlyprivate']);
    pubPost = await postWithFiles(t.ctx, pub.id);
    [privClient, followerClient, strangerClient] = await Promise.all(
      ['priv', 'follower', 'stranger'].map((name) => login(t.app, name)),
    );
    visitor = new TestClient(t.app);
  });
  afterAll(async () => t.close());

  const expectHidden = async (client: TestClient, url: string) => {
    const res = await client.get(url);
    expect(res.statusCode, url).toBe(404);
    expect(res.json().message, url).toBeTruthy();
    // Not even the browser keeps a refusal: an accepted follow request must show the file.
    expect(res.headers['cache-control'], url).toBe('private, no-store');
  };
  const expectServed = async (client: TestClient, url: string) => {
    const res = await client.get(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['cache-control'], url).toBe('private, max-age=86400');
    expect(res.headers.vary, url).toContain('Cookie');
    expect(res.rawPayload).toEqual(JPEG);
  };

  describe('post files', () => {
    it("hides a private account's post image and thumbnails from visitors and strangers", async () => {
      for (const file of ['1080.jpg', 't150.jpg']) {
        const url = `/media/p/${privPost.id}/${file}`;
        await expectHidden(visitor, url);
        await expectHidden(strangerClient, url);
        await expectServed(followerClient, url);
        await expectServed(privClient, url);
      }
    });

    it('serves public posts to anyone, privately cached, except across a block', async () => {
      const url = `/media/${pubPost.media_key}`;
      await expectServed(visitor, url);
      await expectServed(strangerClient, url);
      await expectHidden(followerClient, url);
    });

    it("lets an embed's visitor load the public post's image and thumbnail", async () => {
      const res = await graph<{
        embed_media: { shortcode_media: { display_url: string; thumbnail_src: string } };
      }>(visitor, 'embedMedia', { shortcode: pubPost.shortcode, scope: 'local', first: 12 });
      expect(res.status).toBe(200);
      const media = res.body.data.embed_media.shortcode_media;
      await t.ctx.storage.put(`p/${pubPost.id}/t640.jpg`, JPEG);
      await expectServed(visitor, media.display_url);
      await expectServed(visitor, media.thumbnail_src);
    });

    it('hides the files of a deactivated owner and of a deleted post', async () => {
      const gone = await postWithFiles(t.ctx, stranger.id);
      const quiet = await quickUser(t.ctx, 'quiet');
      const dormant = await postWithFiles(t.ctx, quiet.id);
      await expectServed(visitor, `/media/${gone.media_key}`);
      await expectServed(visitor, `/media/${dormant.media_key}`);
      await t.ctx.db.deleteFrom('posts').where('id', '=', gone.id).execute();
      await t.ctx.db
        .updateTable('users')
        .set({ is_active: 0 })
        .where('id', '=', quiet.id)
        .execute();
      await expectHidden(visitor, `/media/${gone.media_key}`);
      await expectHidden(visitor, `/media/${dormant.media_key}`);
    });

    it('keeps other files public and long-cached', async () => {
      await t.ctx.storage.put(`a/${pub.id}/150.jpg`, JPEG);
      const res = await visitor.get(`/media/a/${pub.id}/150.jpg`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    });
  });

  describe('story files', () => {
    it('serves a live story only to its owner and followers, never across a block', async () => {
      const privStory = await storyWithFile(t.ctx, priv.id);
      const pubStory = await storyWithFile(t.ctx, pub.id);
      const url = `/media/${privStory.media_key}`;
      await expectHidden(visitor, url);
      await expectHidden(strangerClient, url);
      await expectServed(followerClient, url);
      await expectServed(privClient, url);
      // The reels API serves only followed accounts' stories, public or not; pub blocks follower.
      await addFollow(t.ctx, follower.id, pub.id);
      await expectHidden(visitor, `/media/${pubStory.media_key}`);
      await expectHidden(strangerClient, `/media/${pubStory.media_key}`);
      await expectHidden(followerClient, `/media/${pubStory.media_key}`);
      await t.ctx.db
        .deleteFrom('follows')
        .where('follower_id', '=', follower.id)
        .where('followee_id', '=', pub.id)
        .execute();
    });

    it('hides an expired story, even from its owner', async () => {
      const old = await storyWithFile(t.ctx, priv.id, clock.now() - 2 * DAY);
      await expectHidden(followerClient, `/media/${old.media_key}`);
      await expectHidden(privClient, `/media/${old.media_key}`);
    });
  });

  it('leaves collection covers out when their post is no longer visible', async () => {
    const saver = await createUser(t.ctx, { username: 'saver' });
    const saverClient = await login(t.app, 'saver');
    const visible = await createPost(t.ctx, stranger.id);
    clock.tick();
    const blockedPost = await createPost(t.ctx, pub.id);
    clock.tick();
    const privatePost = await createPost(t.ctx, priv.id);
    await addBlock(t.ctx, pub.id, saver.id);
    const collectionId = newId();
    await t.ctx.db
      .insertInto('collections')
      .values({ id: collectionId, user_id: saver.id, name: 'Trips', created_at: clock.now() })
      .execute();
    for (const post of [visible, blockedPost, privatePost]) {
      clock.tick();
      await t.ctx.db
        .insertInto('collection_posts')
        .values({ collection_id: collectionId, post_id: post.id, created_at: clock.now() })
        .execute();
    }
    const res = await graph<{
      user: { edge_collections: { edges: { node: { cover_media_thumbnail: string | null } }[] } };
    }>(saverClient, 'mediaCollections', { id: saver.id, first: 12 });
    expect(res.status).toBe(200);
    const [cover] = res.body.data.user.edge_collections.edges;
    expect(cover.node.cover_media_thumbnail).toBe(`/media/p/${visible.id}/t640.jpg`);
  });

  it('leaves blocked and deactivated people out of a post’s tagged users', async () => {
    const tagger = await quickUser(t.ctx, 'tagger');
    const post = await createPost(t.ctx, tagger.id);
    const gone = await quickUser(t.ctx, 'gone');
    await t.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', gone.id).execute();
    const blocking = await quickUser(t.ctx, 'blocking');
    await addBlock(t.ctx, blocking.id, stranger.id);
    const blocked = await quickUser(t.ctx, 'blocked');
    await addBlock(t.ctx, stranger.id, blocked.id);
    const tagged = [follower.id, gone.id, blocking.id, blocked.id];
    await t.ctx.db
      .insertInto('post_tags')
      .values(tagged.map((user_id, i) => ({ post_id: post.id, user_id, x: i / 10, y: 0.5 })))
      .execute();
    const usernames = async (client: TestClient) => {
      const res = await client.get(`/api/v1/media/${post.shortcode}/info/`);
      expect(res.statusCode).toBe(200);
      const edges = res.json().media.edge_media_to_tagged_user.edges as {
        node: { user: { username: string } };
      }[];
      return edges.map((e) => e.node.user.username).sort();
    };
    expect(await usernames(strangerClient)).toEqual(['follower']);
    expect(await usernames(visitor)).toEqual(['blocked', 'blocking', 'follower']);
  });

  it('answers a hashtag used only on private posts as unknown to those who cannot see them', async () => {
    const tag = (client: TestClient) =>
      graph<{ hashtag: { edge_hashtag_to_media: { count: number } } }>(client, 'hashtagMedia', {
        tag_name: 'onlyprivate',
        first: 12,
      });
    for (const client of [visitor, strangerClient]) {
      const res = await tag(client);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Hashtag not found.');
    }
    const seen = await tag(followerClient);
    expect(seen.status).toBe(200);
    expect(seen.body.data.hashtag.edge_hashtag_to_media.count).toBe(1);
  });
});

describe('mediaGate', () => {
  it('gates post and story keys whatever the case of their prefix', async () => {
    const { mediaGate } = await import('../../server/media/access.ts');
    expect(mediaGate('P/123/1080.jpg')).toEqual({ kind: 'post', id: '123' });
    expect(mediaGate('s/9/1080.jpg')).toEqual({ kind: 'story', id: '9' });
    expect(mediaGate('a/1/150.jpg')).toBeNull();
  });
});
