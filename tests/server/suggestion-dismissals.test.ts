import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersTable } from '../../server/db/schema.ts';
import type { WireUser } from '../../common/types.ts';
import { createTestApp, createUser, login, TestClient, type TestApp } from './helpers.ts';
import { addFollow, graph, quickUser, testClock } from './content-fixtures.ts';

interface SuggestedData {
  user: { edge_suggested_users: { edges: { node: { user: WireUser } }[] } };
}
interface ChainingData {
  user: { id: string; edge_chaining: { edges: { node: WireUser }[] } };
}

describe('suggestion dismissals and profile chaining', () => {
  let t: TestApp;
  let ann: UsersTable; // the viewer
  let ben: UsersTable; // a second viewer
  let annClient: TestClient;
  let benClient: TestClient;
  const u: Record<string, { id: string; username: string }> = {};
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    ann = await createUser(t.ctx, { username: 'ann' });
    ben = await createUser(t.ctx, { username: 'ben' });
    for (const name of [
      'pro',
      'p1',
      'p2',
      'co',
      'fan1',
      'fan2',
      'fol',
      'req',
      'blk',
      'blkr',
      'x',
    ]) {
      u[name] = await quickUser(t.ctx, name);
    }
    // pro follows p1, p2, and the accounts ann follows or blocks or asked to follow.
    for (const name of ['p1', 'p2', 'fol', 'req', 'blk', 'blkr']) {
      clock.tick();
      await addFollow(t.ctx, u.pro.id, u[name].id);
    }
    // pro's followers also follow co (twice) and p2 (once), so co is "also followed".
    await addFollow(t.ctx, u.fan1.id, u.pro.id);
    await addFollow(t.ctx, u.fan2.id, u.pro.id);
    await addFollow(t.ctx, u.fan1.id, u.co.id);
    await addFollow(t.ctx, u.fan2.id, u.co.id);
    await addFollow(t.ctx, u.fan1.id, u.p2.id);
    await addFollow(t.ctx, u.fan1.id, ann.id); // ann herself is never chained
    await addFollow(t.ctx, ann.id, u.fol.id);
    await t.ctx.db
      .insertInto('follow_requests')
      .values({ requester_id: ann.id, target_id: u.req.id, created_at: clock.now() })
      .execute();
    await t.ctx.db
      .insertInto('blocks')
      .values([
        { blocker_id: ann.id, blocked_id: u.blk.id, created_at: clock.now() },
        { blocker_id: u.blkr.id, blocked_id: ann.id, created_at: clock.now() },
      ])
      .execute();
    [annClient, benClient] = await Promise.all([login(t.app, 'ann'), login(t.app, 'ben')]);
  });
  afterAll(async () => t.close());

  const suggestedNames = async (client: TestClient) => {
    const res = await graph<SuggestedData>(client, 'suggestedUsers', {
      fetch_suggested_count: 20,
      fetch_media_count: 0,
    });
    expect(res.status).toBe(200);
    return res.body.data.user.edge_suggested_users.edges.map((e) => e.node.user.username);
  };
  const extrasNames = async (client: TestClient) => {
    const res = await graph<SuggestedData>(client, 'feedExtras', { fetch_suggested_count: 20 });
    return res.body.data.user.edge_suggested_users.edges.map((e) => e.node.user.username);
  };
  const chainingNames = async (client: TestClient, id: string) => {
    const res = await graph<ChainingData>(client, 'profileChaining', { id });
    expect(res.status).toBe(200);
    return res.body.data.user.edge_chaining.edges.map((e) => e.node.username);
  };
  const dismissals = (viewerId: string) =>
    t.ctx.db
      .selectFrom('suggestion_dismissals')
      .select(['target_id', 'chaining_user_id'])
      .where('viewer_id', '=', viewerId)
      .orderBy('target_id')
      .execute();

  it('chains what the profile follows, then what its followers follow, minus the excluded', async () => {
    const names = await chainingNames(annClient, u.pro.id);
    // Followed by pro first (p2 also by a follower, so before p1), then co.
    expect(names).toEqual(['p2', 'p1', 'co']);
    // Visitors see the same accounts without viewer-specific exclusions.
    const visitor = await chainingNames(new TestClient(t.app), u.pro.id);
    expect(visitor).toEqual(expect.arrayContaining(['p1', 'p2', 'co', 'fol', 'req', 'blk']));
    expect(visitor).not.toContain('pro');
  });

  it('stores an aysf dismissal once and filters it from suggested users for that viewer only', async () => {
    expect(await suggestedNames(annClient)).toContain('x');
    for (let i = 0; i < 2; i++) {
      const res = await annClient.post('/web/discover/aysf_dismiss/', { target_id: u.x.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
    }
    expect(await dismissals(ann.id)).toEqual([{ target_id: u.x.id, chaining_user_id: null }]);
    expect(await suggestedNames(annClient)).not.toContain('x');
    expect(await extrasNames(annClient)).not.toContain('x');
    // The feed's own suggestions unit uses the same list.
    expect(await suggestedNames(benClient)).toContain('x');
  });

  it('hides a chaining dismissal from that profile only; an aysf dismissal from every row', async () => {
    const res = await annClient.post('/web/discover/chaining_dismiss/', {
      target_id: u.p1.id,
      chaining_user_id: u.pro.id,
    });
    expect(res.json()).toEqual({ status: 'ok' });
    expect(await chainingNames(annClient, u.pro.id)).toEqual(['p2', 'co']);
    expect(await chainingNames(benClient, u.pro.id)).toContain('p1');
    // Still in suggested users, and other profiles' rows (fan1 follows co and p2) are untouched.
    expect(await suggestedNames(annClient)).toContain('p1');
    expect(await chainingNames(annClient, u.fan1.id)).toEqual(expect.arrayContaining(['co', 'p2']));

    await annClient.post('/web/discover/aysf_dismiss/', { target_id: u.co.id });
    expect(await chainingNames(annClient, u.pro.id)).toEqual(['p2']);
    expect(await chainingNames(annClient, u.fan1.id)).not.toContain('co');
    const rows = await dismissals(ann.id);
    expect(rows).toContainEqual({ target_id: u.p1.id, chaining_user_id: u.pro.id });
    expect(rows).toContainEqual({ target_id: u.co.id, chaining_user_id: null });
  });

  it('chains nothing for a private profile the viewer does not follow or a user who opted out', async () => {
    const shy = await quickUser(t.ctx, 'shy');
    const closed = await quickUser(t.ctx, 'closed');
    await t.ctx.db
      .updateTable('users')
      .set({ chaining_enabled: 0 })
      .where('id', '=', shy.id)
      .execute();
    await t.ctx.db
      .updateTable('users')
      .set({ is_private: 1 })
      .where('id', '=', closed.id)
      .execute();
    await addFollow(t.ctx, shy.id, u.p1.id);
    await addFollow(t.ctx, closed.id, u.p1.id);
    expect(await chainingNames(benClient, shy.id)).toEqual([]);
    expect(await chainingNames(benClient, closed.id)).toEqual([]);
    await addFollow(t.ctx, ben.id, closed.id);
    expect(await chainingNames(benClient, closed.id)).toEqual(['p1']);
  });

  it('refuses bad dismissals with a 4xx and a message, never a 500', async () => {
    const visitor = new TestClient(t.app);
    const cases: [TestClient, string, Record<string, string> | undefined, number, string][] = [
      [visitor, '/web/discover/aysf_dismiss/', { target_id: u.x.id }, 403, 'Please log in.'],
      [annClient, '/web/discover/aysf_dismiss/', undefined, 400, 'target_id is required.'],
      [annClient, '/web/discover/aysf_dismiss/', { target_id: '' }, 400, 'target_id is required.'],
      [annClient, '/web/discover/aysf_dismiss/', { target_id: '../1' }, 400, 'Invalid target_id.'],
      [annClient, '/web/discover/aysf_dismiss/', { target_id: '424242' }, 404, 'User not found.'],
      [annClient, '/web/discover/aysf_dismiss/', { target_id: u.blkr.id }, 404, 'User not found.'],
      [
        annClient,
        '/web/discover/aysf_dismiss/',
        { target_id: ann.id },
        400,
        'target_id cannot be your own account.',
      ],
      [
        annClient,
        '/web/discover/chaining_dismiss/',
        { target_id: u.p1.id },
        400,
        'chaining_user_id is required.',
      ],
      [
        annClient,
        '/web/discover/chaining_dismiss/',
        { target_id: u.p1.id, chaining_user_id: 'x y' },
        400,
        'Invalid chaining_user_id.',
      ],
      [
        annClient,
        '/web/discover/chaining_dismiss/',
        { target_id: u.p1.id, chaining_user_id: u.p1.id },
        400,
        'chaining_user_id must be a different account from target_id.',
      ],
      [
        annClient,
        '/web/discover/chaining_dismiss/',
        { chaining_user_id: u.pro.id },
        400,
        'target_id is required.',
      ],
    ];
    for (const [client, url, body, status, message] of cases) {
      const res = await client.post(url, body);
      expect({ url, body, status: res.statusCode, message: res.json().message }).toEqual({
        url,
        body,
        status,
        message,
      });
    }
    const long = await annClient.post('/web/discover/aysf_dismiss/', { target_id: '9'.repeat(65) });
    expect(long.statusCode).toBe(400);
    const noCsrf = await annClient.post(
      '/web/discover/aysf_dismiss/',
      { target_id: u.p2.id },
      { 'x-csrftoken': 'wrong' },
    );
    expect(noCsrf.statusCode).toBe(403);
    expect(await dismissals(ben.id)).toEqual([]);
  });
});
