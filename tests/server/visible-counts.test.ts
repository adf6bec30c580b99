import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { checkInvariants } from '../../server/db/invariants.ts';
import { HASHTAGS, PLACES, visibleCount } from '../../server/content/visibleCounts.ts';
import { countVisiblePosts } from '../../server/content/postQueries.ts';
import type { PostsTable } from '../../server/db/schema.ts';
import { createTestApp, createUser, login, type TestApp, type TestClient } from './helpers.ts';
import { addFollow, createPost, graph, quickUser, testClock } from './content-fixtures.ts';

// A hashtag's or a place's post count is exact for each viewer (public posts, less those across a
// block, plus the private ones the viewer may see) but is read from counters kept by triggers
// (migrations 016 and 017), not by counting every post of the tag or place. The oracle is the scan
// it replaced: the posts through the same visibility rules, for every viewer, tag and place,
// after every kind of change.

const TAGS = ['sun', 'sea', 'sunset', 'rare'];
const PLACE_IDS = ['place-a', 'place-b', 'place-c'];

/** mulberry32: the same world on every run. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('per-viewer hashtag counts', () => {
  let t: TestApp;
  const clock = testClock();
  const members: { id: string; username: string }[] = [];
  const posts: PostsTable[] = [];
  const rng = seeded(15);
  const pick = <T>(list: T[]) => list[Math.floor(rng() * list.length)];

  /** What the pages counted before: every post of the tag or place, checked one by one. */
  const scannedTag = (viewerId: string | null, tag: string) =>
    countVisiblePosts(t.ctx, viewerId, (eb) =>
      eb(
        'posts.id',
        'in',
        eb.selectFrom('post_hashtags').select('post_hashtags.post_id').where('hashtag', '=', tag),
      ),
    );
  const scannedPlace = (viewerId: string | null, place: string) =>
    countVisiblePosts(t.ctx, viewerId, (eb) => eb('posts.location_id', '=', place));
  const somePlace = () => (rng() < 0.25 ? null : pick(PLACE_IDS));

  async function expectSameAsScan() {
    const viewers = [null, ...members.map((m) => m.id)];
    for (const viewerId of viewers) {
      for (const tag of TAGS) {
        expect({ viewerId, tag, n: await visibleCount(t.ctx, viewerId, HASHTAGS, tag) }).toEqual({
          viewerId,
          tag,
          n: await scannedTag(viewerId, tag),
        });
      }
      for (const place of PLACE_IDS) {
        expect({ viewerId, place, n: await visibleCount(t.ctx, viewerId, PLACES, place) }).toEqual({
          viewerId,
          place,
          n: await scannedPlace(viewerId, place),
        });
      }
    }
    const report = await checkInvariants(t.ctx.db);
    expect(report.hashtagCountMismatches).toBe(0);
    expect(report.hashtagOrderMismatches).toBe(0);
    expect(report.locationCountMismatches).toBe(0);
  }

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    for (const id of PLACE_IDS) {
      await t.ctx.db
        .insertInto('locations')
        .values({
          id,
          city_id: null,
          name: id,
          slug: id,
          lat: 0,
          lng: 0,
          address: '',
          external_id: '',
          external_id_source: '',
          has_public_page: 1,
        })
        .execute();
    }
    for (let i = 0; i < 12; i++) members.push(await quickUser(t.ctx, `member${i}`));
    // A third of the members are private.
    for (const m of members.filter((_, i) => i % 3 === 0)) {
      await t.ctx.db.updateTable('users').set({ is_private: 1 }).where('id', '=', m.id).execute();
    }
    for (let i = 0; i < 60; i++) {
      clock.tick();
      const tags = TAGS.filter(() => rng() < 0.4);
      posts.push(
        await createPost(t.ctx, pick(members).id, { hashtags: tags, location_id: somePlace() }),
      );
    }
    for (let i = 0; i < 30; i++) {
      const [a, b] = [pick(members), pick(members)];
      if (a.id !== b.id) await addFollow(t.ctx, a.id, b.id).catch(() => undefined);
    }
    for (let i = 0; i < 4; i++) {
      const [a, b] = [pick(members), pick(members)];
      if (a.id === b.id) continue;
      await t.ctx.db
        .insertInto('blocks')
        .values({ blocker_id: a.id, blocked_id: b.id, created_at: clock.now() })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
  });
  afterAll(async () => t.close());

  it('equals the scan for every viewer and tag, visitors included', async () => {
    await expectSameAsScan();
  });

  it('stays exact as accounts go private or public, are deactivated or come back', async () => {
    for (const m of members.slice(0, 6)) {
      await t.ctx.db
        .updateTable('users')
        .set({ is_private: sql<0 | 1>`1 - is_private` })
        .where('id', '=', m.id)
        .execute();
    }
    await t.ctx.db
      .updateTable('users')
      .set({ is_active: 0 })
      .where('id', 'in', [members[1].id, members[3].id])
      .execute();
    await expectSameAsScan();
    // Both flags at once, and an update that changes neither.
    await t.ctx.db
      .updateTable('users')
      .set({ is_active: 1, is_private: 1 })
      .where('id', '=', members[1].id)
      .execute();
    await t.ctx.db
      .updateTable('users')
      .set({ is_active: 1 })
      .where('id', '=', members[3].id)
      .execute();
    await t.ctx.db.updateTable('users').set({ full_name: 'renamed' }).execute();
    await expectSameAsScan();
  });

  it('stays exact as posts are deleted, retagged, moved and made, and follows and blocks change', async () => {
    for (const post of posts.slice(0, 10)) {
      await t.ctx.db.deleteFrom('posts').where('id', '=', post.id).execute();
    }
    // An edit replaces a post's tags (server/routes/postEdit.ts).
    for (const post of posts.slice(10, 20)) {
      await t.ctx.db.deleteFrom('post_hashtags').where('post_id', '=', post.id).execute();
      await t.ctx.db
        .insertInto('post_hashtags')
        .values([{ post_id: post.id, hashtag: 'rare' }])
        .execute();
    }
    // An edit moves a post to another place, or takes its place away.
    for (const post of posts.slice(20, 35)) {
      await t.ctx.db
        .updateTable('posts')
        .set({ location_id: somePlace() })
        .where('id', '=', post.id)
        .execute();
    }
    await t.ctx.db.deleteFrom('follows').where('follower_id', '=', members[2].id).execute();
    await t.ctx.db.deleteFrom('blocks').where(sql.lit(true)).execute();
    await t.ctx.db
      .insertInto('blocks')
      .values({ blocker_id: members[5].id, blocked_id: members[7].id, created_at: clock.now() })
      .execute();
    for (let i = 0; i < 10; i++) {
      clock.tick();
      await createPost(t.ctx, pick(members).id, {
        hashtags: TAGS.filter(() => rng() < 0.5),
        location_id: somePlace(),
      });
    }
    await expectSameAsScan();
  });

  it('the hashtag page and search show the viewer’s count; a tag seen only privately is unknown to others', async () => {
    const owner = await createUser(t.ctx, { username: 'hidden', is_private: 1 });
    const follower = await createUser(t.ctx, { username: 'friend' });
    await createUser(t.ctx, { username: 'stranger' });
    await addFollow(t.ctx, follower.id, owner.id);
    clock.tick();
    await createPost(t.ctx, owner.id, { hashtags: ['onlyfriends'] });
    const [friendClient, strangerClient]: TestClient[] = await Promise.all([
      login(t.app, 'friend'),
      login(t.app, 'stranger'),
    ]);
    const page = await graph<{ hashtag: { edge_hashtag_to_media: { count: number } } }>(
      friendClient,
      'hashtagMedia',
      { tag_name: 'onlyfriends', first: 12 },
    );
    expect(page.status).toBe(200);
    expect(page.body.data.hashtag.edge_hashtag_to_media.count).toBe(1);
    expect(
      (await graph(strangerClient, 'hashtagMedia', { tag_name: 'onlyfriends', first: 12 })).status,
    ).toBe(404);

    const search = async (client: TestClient) =>
      (await client.get('/web/search/topsearch/?context=blended&query=%23onlyf')).json() as {
        hashtags: { hashtag: { name: string; media_count: number } }[];
      };
    expect((await search(friendClient)).hashtags.map((h) => h.hashtag)).toEqual([
      { name: 'onlyfriends', media_count: 1 },
    ]);
    expect((await search(strangerClient)).hashtags).toEqual([]);
  });
});
