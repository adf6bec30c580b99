import { afterAll, describe, expect, it } from 'vitest';
import type { UsersTable } from '../../server/db/schema.ts';
import type { HttpClient } from './client.ts';
import { closeDatabase, database, loginAt, member, serverUrl } from './fixtures.ts';

afterAll(closeDatabase);

type Suggestions = {
  user: { edge_suggested_users: { edges: { node: { user: { username: string } } }[] } };
};

const suggested = async (client: HttpClient) =>
  (
    await client.graph<Suggestions>('suggestedUsers', { fetch_suggested_count: 10 })
  ).user.edge_suggested_users.edges.map((e) => e.node.user.username);

async function follows(pairs: [UsersTable, UsersTable][]) {
  const now = Math.floor(Date.now() / 1000);
  await (
    await database()
  )
    .insertInto('follows')
    .values(pairs.map(([a, b]) => ({ follower_id: a.id, followee_id: b.id, created_at: now })))
    .execute();
}

describe('suggested users across servers', () => {
  it('a follow made on B re-ranks the suggestions A has already ranked', async () => {
    const [viewer, friend, friendsFriend, h1, h2, popular] = await Promise.all(
      ['viewer', 'friend', 'fof', 'h1', 'h2', 'popular'].map((p) => member(p)),
    );
    // friend → friendsFriend; h1 and h2 → popular (who is thus a friend of two friends once the
    // viewer follows h1 and h2).
    await follows([
      [friend, friendsFriend],
      [h1, popular],
      [h2, popular],
    ]);
    const onA = await loginAt(serverUrl('A'), viewer);
    const onB = onA.at(serverUrl('B'));
    expect((await onA.post(`/web/friendships/${friend.id}/follow/`)).status).toBe(200);
    // A ranks the viewer's friends of friends now (and keeps the ranking).
    expect((await suggested(onA))[0]).toBe(friendsFriend.username);

    for (const h of [h1, h2]) {
      expect((await onB.post(`/web/friendships/${h.id}/follow/`)).status).toBe(200);
    }
    // Two mutual follows now rank popular first, on A as on B.
    expect((await suggested(onA)).slice(0, 2)).toEqual([popular.username, friendsFriend.username]);
    expect((await suggested(onB)).slice(0, 2)).toEqual([popular.username, friendsFriend.username]);
  });
});
