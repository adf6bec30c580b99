import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usernameFormatError } from '../../server/auth/usernames.ts';
import { checkInvariants } from '../../server/db/invariants.ts';
import { DiskStorage, THUMBNAIL_SIZES, thumbnailKey } from '../../server/media/storage.ts';
import { MEMBERS } from '../../server/seed/members.ts';
import { POOL_PREFIX, seedDemo } from '../../server/seed/index.ts';
import { buildPlan, planSizes, type SeedPlan } from '../../server/seed/plan/index.ts';
import { createTestApp, login, type TestApp } from './helpers.ts';

// A fixed clock: the seed places every time relative to ctx.now().
const NOW = 1_790_000_000;
/** Twice the cast: 80 posts for the cast, 80 for the 30 generated members. */
const OPTS = { members: 60, posts: 160 };

const plan = (opts: { members: number; posts: number }) => buildPlan(NOW, opts, 'hash');
const CAST = new Set(MEMBERS.map((m) => m.username));

describe('large seed plan', () => {
  it('splits the posts so the cast keeps the demo’s 200 at 10× and 100×', () => {
    expect(planSizes({ members: 30, posts: 720 })).toEqual({
      castPosts: 720,
      generatedMembers: 0,
      generatedPosts: 0,
    });
    expect(planSizes({ members: 300, posts: 2000 })).toEqual({
      castPosts: 200,
      generatedMembers: 270,
      generatedPosts: 1800,
    });
    expect(planSizes({ members: 3000, posts: 20_000 })).toEqual({
      castPosts: 200,
      generatedMembers: 2970,
      generatedPosts: 19_800,
    });
  });

  it('is the default demo, row for row, with the generated rows after it', () => {
    const demo = plan({ members: 30, posts: 200 });
    const large = plan({ members: 300, posts: 2000 });
    const tables = Object.keys(demo).filter(
      (k) => !['images', 'pool', 'links', 'assets'].includes(k),
    ) as (keyof SeedPlan)[];
    for (const table of tables) {
      const rows = demo[table] as unknown[];
      expect((large[table] as unknown[]).slice(0, rows.length), table).toEqual(rows);
    }
    // The cast's pictures are the demo's; the generated rows only link pooled ones.
    expect(large.images.map((i) => i.keys)).toEqual(demo.images.map((i) => i.keys));
    expect(large.assets).toEqual(demo.assets);
    expect(demo.pool).toEqual([]);
    expect(large.users).toHaveLength(300);
    expect(large.posts).toHaveLength(2000);
  });

  it('makes the same generated members and posts on every run', () => {
    const a = plan(OPTS);
    const b = plan(OPTS);
    expect(b.users.map((u) => u.username)).toEqual(a.users.map((u) => u.username));
    expect(b.posts.map((p) => p.shortcode)).toEqual(a.posts.map((p) => p.shortcode));
    expect(b.links).toEqual(a.links);
  });

  it('keeps 100× realistic and bounded', () => {
    const big = plan({ members: 3000, posts: 20_000 });
    expect(big.users).toHaveLength(3000);
    expect(big.posts).toHaveLength(20_000);

    const generated = big.users.filter((u) => !CAST.has(u.username));
    expect(generated).toHaveLength(2970);
    const names = generated.map((u) => u.username);
    expect(names.filter((n) => usernameFormatError(n) !== null)).toEqual([]);
    expect(names.every((n) => n === n.toLowerCase())).toBe(true);
    expect(new Set(big.users.map((u) => u.username)).size).toBe(3000);
    const privates = generated.filter((u) => u.is_private).length / generated.length;
    expect(privates).toBeGreaterThan(0.05);
    expect(privates).toBeLessThan(0.15);

    const demo = big.users.find((u) => u.username === 'demo')!;
    const demoFollows = big.follows.filter((f) => f.follower_id === demo.id);
    expect(demoFollows.length).toBeGreaterThan(20);
    expect(demoFollows.length).toBeLessThanOrEqual(60);

    // Everyone follows 6–40 accounts; who is followed is skewed: a few have far more followers.
    const following = new Map<string, number>();
    const followers = new Map<string, number>();
    for (const f of big.follows) {
      following.set(f.follower_id, (following.get(f.follower_id) ?? 0) + 1);
      followers.set(f.followee_id, (followers.get(f.followee_id) ?? 0) + 1);
    }
    // Up to 40 drawn, plus demo for a few of them.
    const counts = generated.map((u) => following.get(u.id) ?? 0);
    expect(Math.max(...counts)).toBeLessThanOrEqual(41);
    expect(counts.filter((n) => n < 6)).toEqual([]);
    const sorted = [...followers.values()].sort((a, b) => a - b);
    expect(sorted[sorted.length - 1]).toBeGreaterThan(20 * sorted[sorted.length >> 1]);

    const likesPerPost = new Map<string, number>();
    for (const l of big.likes) likesPerPost.set(l.post_id, (likesPerPost.get(l.post_id) ?? 0) + 1);
    expect(Math.max(...likesPerPost.values())).toBeLessThanOrEqual(26);
    expect(big.likes.length).toBeGreaterThan(150_000);
    expect(big.comments.length).toBeGreaterThan(80_000);

    // A bounded number of live reels (the demo's 9 and at most 60 generated).
    const live = new Set(
      big.story_items
        .filter((s) => s.expiring_at > NOW && s.taken_at <= NOW)
        .map((s) => s.owner_id),
    );
    expect(live.size).toBeLessThanOrEqual(9 + 60);

    // A few hundred renders, every generated file a link to one of them.
    expect(big.images.length + big.pool.length).toBeLessThan(600);
    const pooled = new Set(big.pool.flatMap((j) => [...j.keys, ...j.squares.map(([k]) => k)]));
    expect(big.links.every((l) => pooled.has(l.from) && !l.to.startsWith(POOL_PREFIX))).toBe(true);
    const linked = new Set(big.links.map((l) => l.to));
    const rendered = new Set(big.images.flatMap((j) => [...j.keys, ...j.squares.map(([k]) => k)]));
    const missing = big.posts.filter((p) => !linked.has(p.media_key) && !rendered.has(p.media_key));
    expect(missing).toEqual([]);
  });
});

describe('large seed', () => {
  let app: TestApp;
  let result: { users: number; posts: number };

  beforeAll(async () => {
    app = await createTestApp({ now: () => NOW });
    result = await seedDemo(app.ctx, OPTS);
  }, 240_000);

  afterAll(async () => {
    await app?.close();
  });

  const exists = (key: string) => fs.existsSync((app.ctx.storage as DiskStorage).filePath(key));
  const postKeys = (mediaKey: string) => [
    mediaKey,
    ...THUMBNAIL_SIZES.map((s) => thumbnailKey(mediaKey, s)),
  ];

  it('creates the asked numbers of members and posts, as planned', async () => {
    expect(result).toEqual({ users: 60, posts: 160 });
    const { db } = app.ctx;
    const users = await db.selectFrom('users').select('username').orderBy('id').execute();
    const posts = await db.selectFrom('posts').select('shortcode').orderBy('id').execute();
    expect(users).toHaveLength(60);
    expect(posts).toHaveLength(160);
    const expected = plan(OPTS);
    expect(users.map((u) => u.username)).toEqual(expected.users.map((u) => u.username));
    expect(posts.map((p) => p.shortcode)).toEqual(expected.posts.map((p) => p.shortcode));
  });

  it('leaves the trigger-kept counters and timelines exact', async () => {
    expect(await checkInvariants(app.ctx.db)).toEqual({
      likeCountMismatches: 0,
      commentCountMismatches: 0,
      followerCountMismatches: 0,
      missingTimelineItems: 0,
      strayTimelineItems: 0,
      hashtagOrderMismatches: 0,
      hashtagCountMismatches: 0,
      locationCountMismatches: 0,
    });
  });

  it('has every post, sidecar, story and avatar file, and no pool left behind', async () => {
    const { db } = app.ctx;
    const posts = await db.selectFrom('posts').select('media_key').execute();
    const children = await db.selectFrom('post_children').select('media_key').execute();
    const stories = await db.selectFrom('story_items').select('media_key').execute();
    const users = await db.selectFrom('users').select('profile_pic_key').execute();
    const keys = [
      ...posts.flatMap((p) => postKeys(p.media_key)),
      ...children.map((c) => c.media_key),
      ...stories.map((s) => s.media_key),
      ...users.flatMap((u) =>
        u.profile_pic_key
          ? [u.profile_pic_key, u.profile_pic_key.replace(/320\.jpg$/, '150.jpg')]
          : [],
      ),
    ];
    expect(keys.filter((key) => !exists(key))).toEqual([]);
    expect(exists(POOL_PREFIX)).toBe(false);
  });

  /** Generated public posts grouped by the pooled picture (file) they show. */
  async function sharedPictures() {
    const rows = await app.ctx.db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.owner_id')
      .select(['posts.id', 'posts.media_key', 'users.username'])
      .where('users.is_private', '=', 0)
      .where('posts.media_type', '=', 1)
      .orderBy('posts.id')
      .execute();
    const byFile = new Map<number, typeof rows>();
    for (const row of rows.filter((r) => !CAST.has(r.username))) {
      const { ino } = fs.statSync((app.ctx.storage as DiskStorage).filePath(row.media_key));
      byFile.set(ino, [...(byFile.get(ino) ?? []), row]);
    }
    return [...byFile.values()];
  }

  it('shares pooled pictures between generated posts, each under its own keys', async () => {
    const groups = await sharedPictures();
    expect(groups.some((g) => g.length > 1)).toBe(true);
    // The cast's posts keep their own renders.
    const castPost = await app.ctx.db
      .selectFrom('posts')
      .innerJoin('users', 'users.id', 'posts.owner_id')
      .select('posts.media_key')
      .where('users.username', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(fs.statSync((app.ctx.storage as DiskStorage).filePath(castPost.media_key)).nlink).toBe(
      1,
    );
  });

  it('deleting a post that shows a pooled picture leaves the files other posts use', async () => {
    const group = (await sharedPictures()).find((g) => g.length > 1)!;
    const [gone, kept] = group;
    const owner = await login(app.app, gone.username, 'glint-demo');
    expect((await owner.post(`/create/${gone.id}/delete/`)).statusCode).toBe(200);
    expect(postKeys(gone.media_key).filter(exists)).toEqual([]);
    expect(postKeys(kept.media_key).filter((key) => !exists(key))).toEqual([]);
    for (const key of postKeys(kept.media_key)) {
      const res = await app.app.inject({ method: 'GET', url: `/media/${key}` });
      expect(res.statusCode, key).toBe(200);
      expect(res.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    }
  });

  it('lets demo follow the cast’s 20 and a few generated members', async () => {
    const { db } = app.ctx;
    const demo = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    const follows = await db
      .selectFrom('follows')
      .select('followee_id')
      .where('follower_id', '=', demo.id)
      .execute();
    // 20 of the cast and 30 / 7 ≈ 4 generated.
    expect(follows).toHaveLength(24);
  });
});
