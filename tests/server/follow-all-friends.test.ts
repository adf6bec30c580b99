import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { UsersTable } from '../../server/db/schema.ts';
import { setExternalProvider } from '../../server/auth/externalProvider.ts';
import { StandInProvider } from '../../server/auth/standInProvider.ts';
import { NOT_CONNECTED } from '../../server/routes/external.ts';
import { createTestApp, createUser, login, TestClient, type TestApp } from './helpers.ts';
import { createPost, graph, testClock } from './content-fixtures.ts';

interface FeedData {
  user: {
    edge_web_feed_timeline: { page_info: { end_cursor: string | null } };
    edge_facebook_friends: { count: number };
    connected_fbid: string | null;
  };
}

let t: TestApp;
let demo: UsersTable;
let alex: UsersTable;
let sam: UsersTable;
let demoClient: TestClient;
const clock = testClock();

beforeAll(async () => {
  t = await createTestApp({ now: clock.now, env: { RATE_LIMIT: 'off' } });
  // The stand-in's identities are all friends of each other.
  demo = await createUser(t.ctx, { username: 'demo', fb_id: 'standin-1001' });
  alex = await createUser(t.ctx, { username: 'alex', fb_id: 'standin-1002' });
  sam = await createUser(t.ctx, { username: 'sam', fb_id: 'standin-1003', is_private: 1 });
  await createUser(t.ctx, { username: 'unlinked' });
  for (let i = 0; i < 2; i++) {
    clock.tick();
    await createPost(t.ctx, demo.id);
  }
  demoClient = await login(t.app, 'demo');
});
afterAll(async () => t.close());

async function feed(client: TestClient, cursor: string | null = null, first = 12) {
  const res = await graph<FeedData>(client, 'feed', {
    fetch_media_item_count: first,
    fetch_media_item_cursor: cursor,
    fetch_comment_count: 4,
  });
  expect(res.status).toBe(200);
  return res.body.data.user;
}

const follows = (followerId: string) =>
  t.ctx.db
    .selectFrom('follows')
    .select('followee_id')
    .where('follower_id', '=', followerId)
    .execute();
const requests = (requesterId: string) =>
  t.ctx.db
    .selectFrom('follow_requests')
    .select('target_id')
    .where('requester_id', '=', requesterId)
    .execute();

describe('provider friends on the home feed', () => {
  it('the stand-in names every other stand-in identity as a friend', async () => {
    const provider = new StandInProvider(t.ctx);
    expect(await provider.friendIds('standin-1001')).toEqual(['standin-1002', 'standin-1003']);
    expect(await provider.friendIds('nobody')).toEqual([]);
  });

  it('counts linked friends to follow on the first page only, with connected_fbid', async () => {
    const first = await feed(demoClient, null, 1);
    expect(first.connected_fbid).toBe('standin-1001');
    expect(first.edge_facebook_friends).toEqual({ count: 2 });
    const cursor = first.edge_web_feed_timeline.page_info.end_cursor;
    expect(cursor).toBeTruthy();
    expect((await feed(demoClient, cursor, 1)).edge_facebook_friends).toEqual({ count: 0 });
  });

  it('counts nothing for a viewer without a linked identity', async () => {
    const user = await feed(await login(t.app, 'unlinked'));
    expect(user.connected_fbid).toBeNull();
    expect(user.edge_facebook_friends).toEqual({ count: 0 });
  });

  it('leaves out friends blocked either way and deactivated ones', async () => {
    const block = (blocker: { id: string }, blocked: { id: string }) => () =>
      t.ctx.db
        .insertInto('blocks')
        .values({ blocker_id: blocker.id, blocked_id: blocked.id, created_at: clock.now() })
        .execute();
    const unblockAll = () => t.ctx.db.deleteFrom('blocks').execute();
    const cases: [string, () => Promise<unknown>, () => Promise<unknown>][] = [
      ['sam blocked demo', block(sam, demo), unblockAll],
      ['demo blocked sam', block(demo, sam), unblockAll],
      [
        'sam deactivated',
        () =>
          t.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', sam.id).execute(),
        () =>
          t.ctx.db.updateTable('users').set({ is_active: 1 }).where('id', '=', sam.id).execute(),
      ],
    ];
    for (const [name, apply, undo] of cases) {
      await apply();
      try {
        expect((await feed(demoClient)).edge_facebook_friends, name).toEqual({ count: 1 });
      } finally {
        await undo();
      }
    }
    expect((await feed(demoClient)).edge_facebook_friends).toEqual({ count: 2 });
  });
});

describe('POST /web/friendships/follow_all_fb', () => {
  beforeEach(async () => {
    await t.ctx.db.deleteFrom('follows').execute();
    await t.ctx.db.deleteFrom('follow_requests').execute();
    await t.ctx.db.deleteFrom('blocks').execute();
  });

  it('refuses a call without the CSRF token and follows nobody', async () => {
    const res = await demoClient.post('/web/friendships/follow_all_fb', undefined, {
      'x-csrftoken': 'wrong-token-123',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: 'CSRF token missing or incorrect.' });
    expect(await follows(demo.id)).toEqual([]);
  });

  it('asks for a login, then for a linked identity', async () => {
    const anonymous = await new TestClient(t.app).post('/web/friendships/follow_all_fb');
    expect(anonymous.statusCode).toBe(403);
    const unlinked = await (await login(t.app, 'unlinked')).post('/web/friendships/follow_all_fb');
    expect(unlinked.statusCode).toBe(400);
    expect(unlinked.json()).toMatchObject({ status: 'fail', message: NOT_CONNECTED });
  });

  it('follows public friends and asks private ones, then has nobody left', async () => {
    const res = await demoClient.post('/web/friendships/follow_all_fb/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ followed_count: 1, requested_count: 1, status: 'ok' });
    expect(await follows(demo.id)).toEqual([{ followee_id: alex.id }]);
    expect(await requests(demo.id)).toEqual([{ target_id: sam.id }]);
    // Both were told, as by the single follow.
    const notified = await t.ctx.db
      .selectFrom('notifications')
      .select('user_id')
      .where('actor_id', '=', demo.id)
      .orderBy('user_id')
      .execute();
    expect(notified.map((n) => n.user_id).sort()).toEqual([alex.id, sam.id].sort());

    expect((await feed(demoClient)).edge_facebook_friends).toEqual({ count: 0 });
    const again = await demoClient.post('/web/friendships/follow_all_fb');
    expect(again.json()).toEqual({ followed_count: 0, requested_count: 0, status: 'ok' });
  });

  it('skips a friend with a block either way', async () => {
    await t.ctx.db
      .insertInto('blocks')
      .values({ blocker_id: alex.id, blocked_id: demo.id, created_at: clock.now() })
      .execute();
    const res = await demoClient.post('/web/friendships/follow_all_fb');
    expect(res.json()).toEqual({ followed_count: 0, requested_count: 1, status: 'ok' });
    expect(await follows(demo.id)).toEqual([]);
  });

  it('asks the configured provider for the friend list', async () => {
    const s = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    try {
      setExternalProvider(s.ctx, {
        exchangeCode: async () => null,
        profile: async () => null,
        friendIds: async (id) => (id === 'real-1' ? ['real-2', 'real-3'] : []),
      });
      await createUser(s.ctx, { username: 'viewer', fb_id: 'real-1' });
      const friend = await createUser(s.ctx, { username: 'friend', fb_id: 'real-2' });
      await createUser(s.ctx, { username: 'outsider', fb_id: 'standin-1002' });
      const client = await login(s.app, 'viewer');
      const user = (await graph<FeedData>(client, 'feed', {})).body.data.user;
      expect(user.edge_facebook_friends).toEqual({ count: 1 });
      const res = await client.post('/web/friendships/follow_all_fb');
      expect(res.json()).toEqual({ followed_count: 1, requested_count: 0, status: 'ok' });
      const rows = await s.ctx.db.selectFrom('follows').select('followee_id').execute();
      expect(rows).toEqual([{ followee_id: friend.id }]);
    } finally {
      await s.close();
    }
  });
});
