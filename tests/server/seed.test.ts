import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../server/auth/passwords.ts';
import { DiskStorage, THUMBNAIL_SIZES, thumbnailKey } from '../../server/media/storage.ts';
import { seedDemo } from '../../server/seed/index.ts';
import { TAGS } from '../../server/seed/text.ts';
import type { WirePost } from '../../common/types.ts';
import { graph } from './content-fixtures.ts';
import { createTestApp, login, type TestApp } from './helpers.ts';

// A fixed clock: the seed places every time relative to ctx.now().
const NOW = 1_790_000_000;
const OPTS = { posts: 24 };

describe('demo seed', () => {
  let first: TestApp;
  let second: TestApp;
  let result: { users: number; posts: number };

  beforeAll(async () => {
    first = await createTestApp({ now: () => NOW });
    second = await createTestApp({ now: () => NOW });
    result = await seedDemo(first.ctx, OPTS);
    await seedDemo(second.ctx, OPTS);
  }, 240_000);

  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const demo = () =>
    first.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();

  it('reports what it created', async () => {
    expect(result).toEqual({ users: 30, posts: 24 });
    const posts = await first.ctx.db.selectFrom('posts').select('id').execute();
    expect(posts).toHaveLength(24);
  });

  it('creates the demo member with the documented password', async () => {
    const user = await demo();
    expect(user.full_name).toBe('Demo Member');
    expect(user.email).toBe('demo@glint.test');
    expect(await verifyPassword('glint-demo', user.password_hash)).toBe(true);
    expect(await verifyPassword('wrong-password', user.password_hash)).toBe(false);
  });

  it('creates the two-factor member with a phone number', async () => {
    const user = await first.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'twofactor')
      .executeTakeFirstOrThrow();
    expect(user.two_factor_enabled).toBe(1);
    expect(user.phone_number).toBe('+15555550123');
    expect(await verifyPassword('glint-demo', user.password_hash)).toBe(true);
  });

  it('leaves three pending follow requests from private members to demo', async () => {
    const { id } = await demo();
    const requests = await first.ctx.db
      .selectFrom('follow_requests')
      .innerJoin('users', 'users.id', 'follow_requests.requester_id')
      .select(['users.is_private'])
      .where('follow_requests.target_id', '=', id)
      .execute();
    expect(requests).toHaveLength(3);
    expect(requests.every((r) => r.is_private === 1)).toBe(true);
  });

  it('gives at least eight members demo follows a live story reel', async () => {
    const { id } = await demo();
    const reels = await first.ctx.db
      .selectFrom('story_items')
      .innerJoin('follows', 'follows.followee_id', 'story_items.owner_id')
      .select('story_items.owner_id')
      .distinct()
      .where('follows.follower_id', '=', id)
      .where('story_items.expiring_at', '>', NOW)
      .where('story_items.taken_at', '<=', NOW)
      .execute();
    expect(reels.length).toBeGreaterThanOrEqual(8);
  });

  it('writes every post image, its thumbnails, sidecar children and avatars', async () => {
    const { db, storage } = first.ctx;
    const posts = await db.selectFrom('posts').select('media_key').execute();
    const children = await db.selectFrom('post_children').select('media_key').execute();
    const users = await db.selectFrom('users').select('profile_pic_key').execute();
    const keys = [
      ...posts.flatMap((p) => [
        p.media_key,
        ...THUMBNAIL_SIZES.map((s) => thumbnailKey(p.media_key, s)),
      ]),
      ...children.map((c) => c.media_key),
      ...users.map((u) => u.profile_pic_key!),
    ];
    const missing = keys.filter((key) => !fs.existsSync((storage as DiskStorage).filePath(key)));
    expect(missing).toEqual([]);
    const jpeg = await storage.get(posts[0].media_key);
    expect(jpeg?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it('gives one unseen reel a playable story video with its poster', async () => {
    const { id } = await demo();
    const videos = await first.ctx.db
      .selectFrom('story_items')
      .innerJoin('follows', 'follows.followee_id', 'story_items.owner_id')
      .selectAll('story_items')
      .where('follows.follower_id', '=', id)
      .where('story_items.is_video', '=', 1)
      .execute();
    expect(videos).toHaveLength(1);
    const [video] = videos;
    expect(video.video_duration).toBe(6);
    expect(video.expiring_at).toBeGreaterThan(NOW);
    const poster = await first.ctx.storage.get(video.media_key);
    expect(poster?.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // Browsers fetch video in ranges: the media route answers them with 206. Story files are
    // served to those who may watch the story only, so demo asks with their session.
    const client = await login(first.app, 'demo', 'glint-demo');
    const res = await client.get(`/media/${video.video_key}`, { range: 'bytes=0-3' });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-type']).toBe('video/webm');
    // The WebM (EBML) signature.
    expect(res.rawPayload).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
  });

  it('gives demo notifications, some already checked and some new', async () => {
    const user = await demo();
    const rows = await first.ctx.db
      .selectFrom('notifications')
      .select('created_at')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows.length).toBeGreaterThanOrEqual(20);
    expect(rows.some((r) => r.created_at < user.activity_checked_at)).toBe(true);
    expect(rows.some((r) => r.created_at > user.activity_checked_at)).toBe(true);
  });

  it('moderates two seeded hashtags: #outdoors behind an advisory, #summervibes top posts only', async () => {
    const rows = await first.ctx.db
      .selectFrom('hashtag_moderation')
      .selectAll()
      .orderBy('hashtag')
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        hashtag: 'outdoors',
        is_top_media_only: 0,
        advisory_title: expect.any(String),
        advisory_description: expect.stringContaining('risky outdoor stunts'),
        advisory_learn_more_url: expect.stringMatching(/^https:\/\//),
      }),
      expect.objectContaining({
        hashtag: 'summervibes',
        is_top_media_only: 1,
        advisory_title: null,
      }),
    ]);
    // Both are tags the seed writes into captions, so their pages have posts.
    const seededTags = new Set(
      Object.values(TAGS).flatMap((tags) => tags.map((t) => t.toLowerCase())),
    );
    expect(rows.every((r) => seededTags.has(r.hashtag))).toBe(true);
    const again = await second.ctx.db
      .selectFrom('hashtag_moderation')
      .selectAll()
      .orderBy('hashtag')
      .execute();
    expect(again).toEqual(rows);
  });

  it('shows demo one post behind a sensitive-content cover and one paid partnership', async () => {
    const client = await login(first.app, 'demo', 'glint-demo');
    const feed = await graph<{
      user: { edge_web_feed_timeline: { edges: { node: WirePost }[] } };
    }>(client, 'feed', { fetch_media_item_count: 12 });
    const posts = feed.body.data.user.edge_web_feed_timeline.edges
      .map((e) => e.node)
      .filter((n) => n.__typename !== ('GraphSuggestedUserFeedUnit' as string));
    const gated = posts.filter((p) => p.gating_info !== null);
    expect(gated).toHaveLength(1);
    expect(gated[0].gating_info).toMatchObject({
      gating_type: 'sensitive',
      buttons: [expect.any(String)],
    });
    const sponsored = posts.filter((p) => p.edge_media_to_sponsor_user.edges.length > 0);
    expect(sponsored).toHaveLength(1);
    const [{ node }] = sponsored[0].edge_media_to_sponsor_user.edges;
    expect(node.sponsor.username).not.toBe(sponsored[0].owner.username);
    expect(node.sponsor.username).not.toBe('demo');
    expect(sponsored[0].id).not.toBe(gated[0].id);
    // Exactly these two rows in the whole seed, the same on every run.
    const marked = async (app: TestApp) => ({
      gated: await app.ctx.db
        .selectFrom('posts')
        .select(['id', 'gating_type', 'gating_title', 'gating_description'])
        .where('gating_type', 'is not', null)
        .execute(),
      sponsors: await app.ctx.db.selectFrom('post_sponsors').selectAll().execute(),
    });
    const once = await marked(first);
    expect(once.gated).toHaveLength(1);
    expect(once.sponsors).toHaveLength(1);
    expect(await marked(second)).toEqual(once);
  });

  it('produces the same members and posts on every run', async () => {
    const content = async (app: TestApp) => ({
      users: await app.ctx.db
        .selectFrom('users')
        .select(['id', 'username'])
        .orderBy('id')
        .execute(),
      posts: await app.ctx.db
        .selectFrom('posts')
        .select(['id', 'shortcode', 'caption', 'taken_at'])
        .orderBy('id')
        .execute(),
    });
    expect(await content(second)).toEqual(await content(first));
  });
});
