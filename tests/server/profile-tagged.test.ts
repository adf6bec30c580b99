import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostsTable, UsersTable } from '../../server/db/schema.ts';
import { addBlock, addFollow, createPost, graph } from './content-fixtures.ts';
import { TestClient, createTestApp, createUser, login, type TestApp } from './helpers.ts';

interface Connection {
  count: number;
  page_info: { has_next_page: boolean; end_cursor: string | null };
  edges: { node: { id: string; owner: { username: string } } }[];
}
type Tagged = { user: { username: string; edge_user_to_photos_of_you: Connection } };

/**
 * A profile's Tagged tab (profileTagged): the posts its owner is tagged in, newest first, each on
 * its own owner's terms (private, blocked, deactivated), and nothing for a profile the viewer may
 * not see into.
 */
describe('the Tagged tab of a profile', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: UsersTable;
  let ivy: UsersTable;
  const seen: PostsTable[] = [];
  let privatePost: PostsTable;

  const tag = (post: PostsTable, user: UsersTable) =>
    t.ctx.db
      .insertInto('post_tags')
      .values({ post_id: post.id, user_id: user.id, x: 0.3, y: 0.6 })
      .execute();

  beforeAll(async () => {
    t = await createTestApp();
    const aliceRow = await createUser(t.ctx, { username: 'alice' });
    bob = await createUser(t.ctx, { username: 'bob' });
    ivy = await createUser(t.ctx, { username: 'ivy', is_private: 1 });
    const cara = await createUser(t.ctx, { username: 'cara' });
    const dan = await createUser(t.ctx, { username: 'dan', is_private: 1 });
    const erin = await createUser(t.ctx, { username: 'erin', is_private: 1 });
    const gus = await createUser(t.ctx, { username: 'gus' });
    const hal = await createUser(t.ctx, { username: 'hal' });
    await addFollow(t.ctx, aliceRow.id, erin.id);
    await addBlock(t.ctx, gus.id, aliceRow.id);
    // Posts share their times three by three: the id breaks the ties.
    for (let i = 0; i < 13; i++) {
      const owner = i === 5 ? erin : cara;
      const post = await createPost(t.ctx, owner.id, {
        taken_at: 1_700_000_000 + Math.floor(i / 3) * 60,
      });
      await tag(post, bob);
      seen.push(post);
    }
    privatePost = await createPost(t.ctx, dan.id);
    await tag(privatePost, bob);
    await tag(await createPost(t.ctx, gus.id), bob);
    const gone = await createPost(t.ctx, hal.id);
    await tag(gone, bob);
    await t.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', hal.id).execute();
    // Untagged posts and another member's tags stay out.
    await createPost(t.ctx, cara.id);
    await tag(await createPost(t.ctx, cara.id), ivy);
    alice = await login(t.app, 'alice');
  });
  afterAll(() => t.close());

  const newestFirst = (a: PostsTable, b: PostsTable) =>
    b.taken_at - a.taken_at || (a.id < b.id ? 1 : -1);

  async function readAll(client: TestClient, userId: string, first: number) {
    const ids: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 30; page++) {
      const reply: { status: number; body: { data: Tagged } } = await graph<Tagged>(
        client,
        'profileTagged',
        { id: userId, first, after },
      );
      expect(reply.status).toBe(200);
      const media: Connection = reply.body.data.user.edge_user_to_photos_of_you;
      expect(media.count).toBe(media.edges.length);
      ids.push(...media.edges.map((e) => e.node.id));
      if (!media.page_info.has_next_page) return ids;
      after = media.page_info.end_cursor;
    }
    throw new Error('more than 30 pages');
  }

  it.each([1, 5, 12])('pages the posts newest first, %i at a time', async (first) => {
    // Not dan's (private, not followed), gus's (blocked alice) or hal's (deactivated).
    expect(await readAll(alice, bob.id, first)).toEqual(
      [...seen].sort(newestFirst).map((p) => p.id),
    );
  });

  it('shows a visitor only the posts of public accounts', async () => {
    const visitor = new TestClient(t.app);
    const publicOnes = seen.filter((p) => p.owner_id !== seen[5].owner_id);
    const ids = await readAll(visitor, bob.id, 12);
    // gus blocked alice, not the visitor: his post shows.
    expect(ids).toHaveLength(publicOnes.length + 1);
    expect(ids).toEqual(expect.arrayContaining(publicOnes.map((p) => p.id)));
    expect(ids).not.toContain(privatePost.id);
  });

  it('shows the owner of a private post their own post', async () => {
    const dan = await login(t.app, 'dan');
    expect(await readAll(dan, bob.id, 12)).toContain(privatePost.id);
  });

  it('shows nothing of a private profile the viewer does not follow', async () => {
    const reply = await graph<Tagged>(alice, 'profileTagged', { id: ivy.id, first: 12 });
    expect(reply.status).toBe(200);
    expect(reply.body.data.user.edge_user_to_photos_of_you.edges).toEqual([]);
    const ivyHerself = await login(t.app, 'ivy');
    expect(await readAll(ivyHerself, ivy.id, 12)).toHaveLength(1);
  });

  it('answers 404 for an unknown member and 400 for a bad cursor', async () => {
    const unknown = await graph(alice, 'profileTagged', { id: '999999', first: 12 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBeTruthy();
    const bad = await graph(alice, 'profileTagged', { id: bob.id, first: 12, after: 'nonsense' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
  });

  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'reads a page as a range of the member’s tags (SQLite plan)',
    async () => {
      const plan = await sql<{ detail: string }>`EXPLAIN QUERY PLAN
        SELECT posts.* FROM post_tags pt JOIN posts ON posts.id = pt.post_id
        WHERE pt.user_id = ${bob.id} ORDER BY pt.taken_at DESC, pt.post_id DESC LIMIT 13`.execute(
        t.ctx.db,
      );
      const details = plan.rows.map((r) => r.detail).join('\n');
      expect(details).toContain('post_tags_user_recent_idx');
      expect(details).not.toContain('TEMP B-TREE');
    },
  );
});
