import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../server/context.ts';
import type { PostsTable, UsersTable } from '../../server/db/schema.ts';
import type { Connection, WirePost } from '../../common/types.ts';
import { createTestApp, createUser, login, TestClient, type TestApp } from './helpers.ts';
import {
  addBlock,
  addFollow,
  createPost,
  graph,
  quickUser,
  testClock,
} from './content-fixtures.ts';

// Content §3 Post fields served since migration 008: sponsors, gating info, tracking token,
// expiring_at_timestamp and story view count, on every surface that returns posts.

const COVER = {
  gating_type: 'sensitive',
  gating_title: 'Sensitive content',
  gating_description: 'This photo may show content that some people find upsetting.',
};

async function addSponsor(ctx: AppContext, postId: string, sponsorId: string, position = 0) {
  await ctx.db
    .insertInto('post_sponsors')
    .values({ post_id: postId, sponsor_id: sponsorId, position })
    .execute();
}

/** The post_sponsors rows left for a post or a sponsor. */
function sponsorRows(ctx: AppContext, column: 'post_id' | 'sponsor_id', id: string) {
  return ctx.db.selectFrom('post_sponsors').select(column).where(column, '=', id).execute();
}

const decodeToken = (token: string) =>
  JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Record<string, unknown>;

const sponsorNames = (post: WirePost) =>
  post.edge_media_to_sponsor_user.edges.map((e) => e.node.sponsor.username);

type FeedData = {
  user: { edge_web_feed_timeline: { edges: { node: WirePost | { __typename: string } }[] } };
};

describe('post gating info, sponsors and tracking tokens', () => {
  let t: TestApp;
  let alice: UsersTable;
  let bob: UsersTable;
  let brand: { id: string; username: string };
  let rival: { id: string; username: string };
  let gated: PostsTable;
  let sponsored: PostsTable;
  let plain: PostsTable;
  let a: TestClient;
  const clock = testClock();

  const postPage = async (client: TestClient, shortcode: string) =>
    (await graph<{ shortcode_media: WirePost }>(client, 'postByShortcode', { shortcode })).body.data
      .shortcode_media;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    alice = await createUser(t.ctx, { username: 'alice' });
    bob = await createUser(t.ctx, { username: 'bob' });
    brand = await quickUser(t.ctx, 'brand.co');
    rival = await quickUser(t.ctx, 'rival.co');
    await addFollow(t.ctx, alice.id, bob.id);
    plain = await createPost(t.ctx, bob.id, { caption: 'plain', hashtags: ['gate'] });
    clock.tick();
    gated = await createPost(t.ctx, bob.id, { ...COVER, hashtags: ['gate'] });
    clock.tick();
    sponsored = await createPost(t.ctx, bob.id, { caption: 'ad', hashtags: ['gate'] });
    await addSponsor(t.ctx, sponsored.id, rival.id, 1);
    await addSponsor(t.ctx, sponsored.id, brand.id, 0);
    a = await login(t.app, 'alice');
  });
  afterAll(async () => t.close());

  it('serves the new fields in the home feed', async () => {
    const res = await graph<FeedData>(a, 'feed', {});
    expect(res.status).toBe(200);
    const posts = res.body.data.user.edge_web_feed_timeline.edges.map((e) => e.node as WirePost);
    const byId = new Map(posts.map((p) => [p.id, p]));

    const cover = byId.get(gated.id)!;
    expect(cover.gating_info).toEqual({
      title: 'Sensitive content',
      description: 'This photo may show content that some people find upsetting.',
      buttons: ['See Photo'],
      gating_type: 'sensitive',
    });
    expect(cover.edge_media_to_sponsor_user).toEqual({ edges: [] });

    const ad = byId.get(sponsored.id)!;
    // In the sponsors' order, each with id and username only.
    expect(ad.edge_media_to_sponsor_user.edges).toEqual([
      { node: { sponsor: { id: brand.id, username: 'brand.co' } } },
      { node: { sponsor: { id: rival.id, username: 'rival.co' } } },
    ]);
    expect(ad.gating_info).toBeNull();
    expect(ad.is_ad).toBe(false);

    for (const post of [byId.get(plain.id)!, cover, ad]) {
      expect(post.expiring_at_timestamp).toBeNull();
      expect(post.story_view_count).toBeNull();
      expect(decodeToken(post.tracking_token)).toEqual({ media_id: post.id, surface: 'feed' });
    }
    expect(byId.get(plain.id)!.gating_info).toBeNull();
  });

  it('serves them on the post page, the media info call and every grid', async () => {
    const page = await postPage(a, gated.shortcode);
    expect(page.gating_info?.buttons).toEqual(['See Photo']);
    expect(decodeToken(page.tracking_token)).toEqual({ media_id: gated.id, surface: 'post_page' });

    const info = (await a.get(`/api/v1/media/${sponsored.shortcode}/info/`)).json() as {
      media: WirePost;
    };
    expect(sponsorNames(info.media)).toEqual(['brand.co', 'rival.co']);

    const profile = await graph<{
      user: { edge_owner_to_timeline_media: Connection<WirePost> };
    }>(a, 'profileTimeline', { id: bob.id });
    const tag = await graph<{ hashtag: { edge_hashtag_to_media: Connection<WirePost> } }>(
      a,
      'hashtagMedia',
      { tag_name: 'gate' },
    );
    for (const grid of [
      profile.body.data.user.edge_owner_to_timeline_media,
      tag.body.data.hashtag.edge_hashtag_to_media,
    ]) {
      const byId = new Map(grid.edges.map((e) => [e.node.id, e.node]));
      expect(byId.get(gated.id)?.gating_info?.gating_type).toBe('sensitive');
      expect(sponsorNames(byId.get(sponsored.id)!)).toEqual(['brand.co', 'rival.co']);
      expect(decodeToken(byId.get(plain.id)!.tracking_token).surface).toBe('grid');
    }
  });

  it('keeps the tracking token free of who is looking', async () => {
    const visitor = await postPage(new TestClient(t.app), sponsored.shortcode);
    const member = await postPage(a, sponsored.shortcode);
    expect(visitor.tracking_token).toBe(member.tracking_token);
    const decoded = JSON.stringify(decodeToken(member.tracking_token));
    expect(decoded).not.toContain(alice.id);
    expect(decoded).not.toContain('alice');
  });

  it('labels the reveal button by media type', async () => {
    const video = await createPost(t.ctx, bob.id, {
      ...COVER,
      media_type: 2,
      video_key: 'p/v/video.mp4',
    });
    const sidecar = await createPost(t.ctx, bob.id, { ...COVER, media_type: 8 });
    await t.ctx.db
      .insertInto('post_children')
      .values(
        [1, 2].map((n) => ({
          id: `${sidecar.id}${n}`,
          post_id: sidecar.id,
          position: n,
          width: 1080,
          height: 1080,
          media_key: `p/${sidecar.id}/c${n}.jpg`,
          is_video: 0 as const,
          video_key: null,
        })),
      )
      .execute();
    expect((await postPage(a, video.shortcode)).gating_info?.buttons).toEqual(['See Video']);
    const carousel = await postPage(a, sidecar.shortcode);
    expect(carousel.gating_info?.buttons).toEqual(['See Photos']);
    // Children carry the cover with the post, each with its own token.
    const child = carousel.edge_sidecar_to_children!.edges[0].node;
    expect(child.gating_info).toEqual(carousel.gating_info);
    expect(decodeToken(child.tracking_token).media_id).toBe(child.id);
  });

  it('leaves out sponsors blocked either way and deactivated ones, but keeps the post', async () => {
    const carol = await createUser(t.ctx, { username: 'carol' });
    const c = await login(t.app, 'carol');
    await addBlock(t.ctx, carol.id, brand.id); // carol blocked the brand
    await addBlock(t.ctx, rival.id, alice.id); // the rival blocked alice
    const carolSees = await postPage(c, sponsored.shortcode);
    expect(sponsorNames(carolSees)).toEqual(['rival.co']);
    const aliceSees = await postPage(a, sponsored.shortcode);
    expect(sponsorNames(aliceSees)).toEqual(['brand.co']);
    const visitor = await postPage(new TestClient(t.app), sponsored.shortcode);
    expect(sponsorNames(visitor)).toEqual(['brand.co', 'rival.co']);

    await t.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', brand.id).execute();
    expect(sponsorNames(await postPage(new TestClient(t.app), sponsored.shortcode))).toEqual([
      'rival.co',
    ]);
    await t.ctx.db.updateTable('users').set({ is_active: 1 }).where('id', '=', brand.id).execute();
    await t.ctx.db.deleteFrom('blocks').execute();
  });

  it('returns hostile gating text verbatim as JSON data (the client escapes it)', async () => {
    const hostile = await createPost(t.ctx, bob.id, {
      gating_type: 'sensitive',
      gating_title: '<img src=x onerror=alert(1)>',
      gating_description: '</script><script>alert("x")</script> & "quotes"',
    });
    const res = await a.get(`/api/v1/media/${hostile.shortcode}/info/`);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const { media } = res.json() as { media: WirePost };
    expect(media.gating_info).toMatchObject({
      title: '<img src=x onerror=alert(1)>',
      description: '</script><script>alert("x")</script> & "quotes"',
    });
  });

  it('refuses half a cover and drops sponsor rows with their post or sponsor', async () => {
    await expect(
      createPost(t.ctx, bob.id, { gating_type: 'sensitive', gating_title: 'Only a title' }),
    ).rejects.toThrow();

    const post = await createPost(t.ctx, bob.id);
    const sponsor = await quickUser(t.ctx, 'short.lived');
    await addSponsor(t.ctx, post.id, sponsor.id);
    await addSponsor(t.ctx, sponsored.id, sponsor.id, 2);
    await t.ctx.db.deleteFrom('users').where('id', '=', sponsor.id).execute();
    expect(await sponsorRows(t.ctx, 'sponsor_id', sponsor.id)).toEqual([]);

    // The owner's delete removes the post's sponsor rows with it.
    await addSponsor(t.ctx, post.id, brand.id);
    const b = await login(t.app, 'bob');
    expect((await b.post(`/create/${post.id}/delete/`)).statusCode).toBe(200);
    expect(await sponsorRows(t.ctx, 'post_id', post.id)).toEqual([]);
  });
});
