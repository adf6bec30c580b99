// Hashtag page moderation (content §3 "Hashtag", migration 006): a content advisory and top
// posts only, answered by the hashtagMedia query under the same access rules as any hashtag.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context.ts';
import type { HashtagModerationTable, UsersTable } from '../../server/db/schema.ts';
import type { PageInfo, WireContentAdvisory, WirePost } from '../../common/types.ts';
import { createTestApp, createUser, login, TestClient, type TestApp } from './helpers.ts';
import { addFollow, createPost, graph, testClock } from './content-fixtures.ts';

interface HashtagData {
  hashtag: {
    name: string;
    is_top_media_only: boolean;
    content_advisory: WireContentAdvisory | null;
    edge_hashtag_to_media: { count: number; page_info: PageInfo; edges: { node: WirePost }[] };
    edge_hashtag_to_top_posts: { edges: { node: WirePost }[] };
  };
}

const ADVISORY = {
  advisory_title: 'Take care out there',
  advisory_description: 'Posts with this hashtag may show risky outdoor stunts.',
  advisory_learn_more_url: 'https://example.org/outdoor-safety',
};

async function moderate(
  ctx: AppContext,
  hashtag: string,
  fields: Partial<Omit<HashtagModerationTable, 'hashtag'>>,
) {
  await ctx.db
    .insertInto('hashtag_moderation')
    .values({
      hashtag,
      is_top_media_only: 0,
      advisory_title: null,
      advisory_description: null,
      advisory_learn_more_url: null,
      ...fields,
    })
    .onConflict((oc) => oc.column('hashtag').doUpdateSet(fields))
    .execute();
}

describe('hashtag moderation', () => {
  let t: TestApp;
  const clock = testClock();
  let alice: UsersTable; // public, posts most tags
  let carol: UsersTable; // private
  let aliceClient: TestClient;
  let followerClient: TestClient; // follows carol
  let strangerClient: TestClient;
  let visitor: TestClient;

  const tag = (client: TestClient, name: string, vars: Record<string, unknown> = {}) =>
    graph<HashtagData>(client, 'hashtagMedia', { tag_name: name, first: 12, ...vars });

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    alice = await createUser(t.ctx, { username: 'alice' });
    carol = await createUser(t.ctx, { username: 'carol', is_private: 1 });
    const follower = await createUser(t.ctx, { username: 'follower' });
    await createUser(t.ctx, { username: 'stranger' });
    await addFollow(t.ctx, follower.id, carol.id);
    const post = async (ownerId: string, hashtags: string[]) => {
      clock.tick();
      return createPost(t.ctx, ownerId, { hashtags });
    };
    for (let i = 0; i < 3; i++) await post(alice.id, ['plain', 'cliffs']);
    for (let i = 0; i < 15; i++) await post(alice.id, ['summer']);
    await post(alice.id, ['mixed']);
    await post(carol.id, ['mixed', 'hidden']);

    await moderate(t.ctx, 'cliffs', ADVISORY);
    await moderate(t.ctx, 'summer', { is_top_media_only: 1 });
    await moderate(t.ctx, 'mixed', { ...ADVISORY, is_top_media_only: 1 });
    await moderate(t.ctx, 'hidden', { ...ADVISORY, is_top_media_only: 1 });
    await moderate(t.ctx, 'unused', ADVISORY);
    [aliceClient, followerClient, strangerClient] = await Promise.all(
      ['alice', 'follower', 'stranger'].map((name) => login(t.app, name)),
    );
    visitor = new TestClient(t.app);
  });
  afterAll(async () => t.close());

  it('answers no advisory and every post for a tag without moderation', async () => {
    const res = await tag(aliceClient, 'plain');
    expect(res.status).toBe(200);
    const { hashtag } = res.body.data;
    expect(hashtag.is_top_media_only).toBe(false);
    expect(hashtag.content_advisory).toBeNull();
    expect(hashtag.edge_hashtag_to_media.count).toBe(3);
    expect(hashtag.edge_hashtag_to_media.edges).toHaveLength(3);
  });

  it('answers the advisory with its title, description and learn-more URL, and the posts', async () => {
    for (const client of [aliceClient, visitor]) {
      const res = await tag(client, 'Cliffs');
      expect(res.status).toBe(200);
      const { hashtag } = res.body.data;
      expect(hashtag.content_advisory).toEqual({
        title: 'Take care out there',
        description: 'Posts with this hashtag may show risky outdoor stunts.',
        learn_more_url: 'https://example.org/outdoor-safety',
      });
      expect(hashtag.is_top_media_only).toBe(false);
      // The advisory is the client's to show first; the posts come with it.
      expect(hashtag.edge_hashtag_to_media.edges).toHaveLength(3);
    }
  });

  it('answers an advisory without a link, and drops a learn-more URL that is not http(s)', async () => {
    await moderate(t.ctx, 'cliffs', { advisory_learn_more_url: null });
    expect((await tag(aliceClient, 'cliffs')).body.data.hashtag.content_advisory).toMatchObject({
      title: 'Take care out there',
      learn_more_url: null,
    });
    for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'not a url']) {
      await moderate(t.ctx, 'cliffs', { advisory_learn_more_url: url });
      const res = await tag(aliceClient, 'cliffs');
      expect(res.body.data.hashtag.content_advisory?.learn_more_url).toBeNull();
    }
    await moderate(t.ctx, 'cliffs', ADVISORY);
  });

  it('refuses half an advisory: a title needs a description', async () => {
    await expect(moderate(t.ctx, 'halfdone', { advisory_title: 'Title only' })).rejects.toThrow();
  });

  it('answers a top-media-only tag with its top posts, the count and no recent posts', async () => {
    const res = await tag(aliceClient, 'summer');
    expect(res.status).toBe(200);
    const { hashtag } = res.body.data;
    expect(hashtag.is_top_media_only).toBe(true);
    expect(hashtag.content_advisory).toBeNull();
    expect(hashtag.edge_hashtag_to_media).toEqual({
      count: 15,
      page_info: { has_next_page: false, end_cursor: null },
      edges: [],
    });
    expect(hashtag.edge_hashtag_to_top_posts.edges).toHaveLength(9);
  });

  it('withholds the recent posts of a top-media-only tag on later pages too', async () => {
    await moderate(t.ctx, 'summer', { is_top_media_only: 0 });
    const open = await tag(aliceClient, 'summer');
    const cursor = open.body.data.hashtag.edge_hashtag_to_media.page_info.end_cursor;
    expect(open.body.data.hashtag.edge_hashtag_to_media.edges).toHaveLength(12);
    expect(cursor).toBeTruthy();
    await moderate(t.ctx, 'summer', { is_top_media_only: 1 });
    const next = await tag(aliceClient, 'summer', { after: cursor });
    expect(next.status).toBe(200);
    expect(next.body.data.hashtag.edge_hashtag_to_media.edges).toEqual([]);
    expect(next.body.data.hashtag.edge_hashtag_to_media.page_info.has_next_page).toBe(false);
    expect(next.body.data.hashtag.edge_hashtag_to_top_posts.edges).toEqual([]);
  });

  it('counts and ranks only the posts the viewer may see on a top-media-only tag', async () => {
    const stranger = (await tag(strangerClient, 'mixed')).body.data.hashtag;
    expect(stranger.edge_hashtag_to_media.count).toBe(1);
    expect(stranger.edge_hashtag_to_top_posts.edges.map((e) => e.node.owner.id)).toEqual([
      alice.id,
    ]);
    const follower = (await tag(followerClient, 'mixed')).body.data.hashtag;
    expect(follower.edge_hashtag_to_media.count).toBe(2);
    expect(follower.edge_hashtag_to_media.edges).toEqual([]);
    expect(new Set(follower.edge_hashtag_to_top_posts.edges.map((e) => e.node.owner.id))).toEqual(
      new Set([alice.id, carol.id]),
    );
  });

  it('keeps a moderated tag with no post the viewer may see unknown: 404, no advisory', async () => {
    for (const client of [visitor, strangerClient, aliceClient]) {
      for (const name of ['hidden', 'unused']) {
        const res = await tag(client, name);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe('Hashtag not found.');
        expect(JSON.stringify(res.body)).not.toContain('Take care');
      }
    }
    const seen = await tag(followerClient, 'hidden');
    expect(seen.status).toBe(200);
    expect(seen.body.data.hashtag).toMatchObject({
      is_top_media_only: true,
      content_advisory: { title: 'Take care out there' },
      edge_hashtag_to_media: { count: 1, edges: [] },
    });
    expect(seen.body.data.hashtag.edge_hashtag_to_top_posts.edges).toHaveLength(1);
  });
});
