import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersTable } from '../../server/db/schema.ts';
import { createTestApp, createUser, login, type TestApp, type TestClient } from './helpers.ts';
import { addFollow, graph, testClock } from './content-fixtures.ts';

// Suggested users rank friends of friends (how many of the accounts the viewer follows follow
// them), then everyone else by follower count; the ranked lists are kept per member and the
// most-followed order per server, so these tests also check that follows made through the API
// show at once.

type Suggestions = {
  user: {
    edge_suggested_users: {
      edges: {
        node: { user: { username: string; follows_viewer?: boolean }; description: string };
      }[];
    };
  };
};

async function suggested(client: TestClient): Promise<string[]> {
  const res = await graph<Suggestions>(client, 'suggestedUsers', { fetch_suggested_count: 20 });
  expect(res.status).toBe(200);
  return res.body.data.user.edge_suggested_users.edges.map((e) => e.node.user.username);
}

describe('suggested users', () => {
  let t: TestApp;
  const u: Record<string, UsersTable> = {};
  let viewer: TestClient;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    // Created in this order, so among equals the later one (newer) ranks first.
    for (const name of [
      'vera',
      'amy',
      'ben',
      'xena',
      'yuri',
      'zoe',
      'pat',
      'quinn',
      'fan1',
      'fan2',
    ]) {
      u[name] = await createUser(t.ctx, { username: name });
      clock.tick(10);
    }
    const f = (a: string, b: string) => addFollow(t.ctx, u[a].id, u[b].id);
    await f('vera', 'amy');
    await f('vera', 'ben');
    await f('amy', 'xena');
    await f('ben', 'xena');
    await f('amy', 'yuri');
    await f('ben', 'zoe');
    // pat is the most followed outside vera's circle, quinn follows vera.
    await f('fan1', 'pat');
    await f('fan2', 'pat');
    await f('zoe', 'pat');
    await f('quinn', 'vera');
    await f('fan2', 'quinn');
    viewer = await login(t.app, 'vera');
  });
  afterAll(async () => t.close());

  it('ranks friends of friends by mutual follows, then everyone else by followers', async () => {
    // xena: 2 mutual; zoe and yuri: 1 each (zoe is newer); then pat (3 followers), quinn (1),
    // then the rest (no followers: newest first).
    expect(await suggested(viewer)).toEqual([
      'xena',
      'zoe',
      'yuri',
      'pat',
      'quinn',
      'fan2',
      'fan1',
    ]);
  });

  it('says who follows the viewer', async () => {
    const res = await graph<Suggestions>(viewer, 'suggestedUsers', { fetch_suggested_count: 20 });
    const quinn = res.body.data.user.edge_suggested_users.edges.find(
      (e) => e.node.user.username === 'quinn',
    );
    expect(quinn?.node.description).toBe('Follows you');
  });

  it('follows made through the API change the suggestions at once', async () => {
    await viewer.post(`/web/friendships/${u.xena.id}/follow/`);
    await viewer.post(`/web/friendships/${u.pat.id}/follow/`);
    // pat follows nobody, so no new friends of friends; xena and pat are gone.
    expect(await suggested(viewer)).toEqual(['zoe', 'yuri', 'quinn', 'fan2', 'fan1']);
    await viewer.post(`/web/friendships/${u.fan2.id}/follow/`);
    // fan2 follows quinn: now a friend of a friend, ranked with zoe and yuri (1 mutual, 1
    // follower each; quinn is the newest).
    expect(await suggested(viewer)).toEqual(['quinn', 'zoe', 'yuri', 'fan1']);
    await viewer.post(`/web/friendships/${u.xena.id}/unfollow/`);
    // xena is back, with her 2 mutual follows (amy and ben).
    expect((await suggested(viewer))[0]).toBe('xena');
  });

  it('leaves out blocked accounts either way', async () => {
    const zoe = await login(t.app, 'zoe');
    await zoe.post(`/web/friendships/${u.vera.id}/block/`);
    expect(await suggested(viewer)).not.toContain('zoe');
  });
});
