import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostsTable } from '../../server/db/schema.ts';
import { addComment, addFollow, addLisbonPlaces, createPost, graph } from './content-fixtures.ts';
import { createTestApp, createUser, login, type TestApp, type TestClient } from './helpers.ts';

interface Connection {
  count: number;
  page_info: { has_next_page: boolean; end_cursor: string | null };
  edges: { node: { id: string } }[];
}

/**
 * The grids and the comment list page by keyset cursors through prepared queries (built once per
 * shape): every page, read to the end, gives each row once in the list's order, whatever the page
 * size, ties of time and likes included.
 */
describe('paged lists read to the end', () => {
  let t: TestApp;
  let viewer: TestClient;
  const bobPosts: PostsTable[] = [];
  const othersPosts: PostsTable[] = [];
  let placePosts: PostsTable[] = [];
  let commented: PostsTable;
  const commentIds: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    await addLisbonPlaces(t.ctx, [{ id: 'L1', name: 'Belém Tower' }]);
    const alice = await createUser(t.ctx, { username: 'alice' });
    const bob = await createUser(t.ctx, { username: 'bob' });
    const cara = await createUser(t.ctx, { username: 'cara' });
    const dan = await createUser(t.ctx, { username: 'dan', is_private: 1 });
    await addFollow(t.ctx, alice.id, bob.id);
    // Three posts share each time and some share their likes: the id breaks the ties.
    for (let i = 0; i < 11; i++) {
      const taken_at = 1_700_000_000 + Math.floor(i / 3) * 60;
      bobPosts.push(
        await createPost(t.ctx, bob.id, { taken_at, location_id: i % 2 ? 'L1' : null }),
      );
      othersPosts.push(
        await createPost(t.ctx, cara.id, {
          taken_at,
          like_count: i % 4,
          location_id: i % 3 ? 'L1' : null,
        } as Partial<PostsTable>),
      );
      await createPost(t.ctx, dan.id, { taken_at, location_id: 'L1' });
    }
    placePosts = [...bobPosts, ...othersPosts].filter((p) => p.location_id === 'L1');
    commented = bobPosts[0];
    for (let i = 0; i < 8; i++) {
      commentIds.push(await addComment(t.ctx, commented.id, cara.id, `comment ${i}`));
    }
    viewer = await login(t.app, 'alice');
  });
  afterAll(() => t.close());

  const newestFirst = (a: PostsTable, b: PostsTable) =>
    b.taken_at - a.taken_at || (a.id < b.id ? 1 : -1);
  const mostLiked = (a: PostsTable, b: PostsTable) =>
    b.like_count - a.like_count || newestFirst(a, b);

  /** Every page of a list, by its cursor, `first` at a time. */
  async function readAll(
    query: 'profileTimeline' | 'discover' | 'locationMedia' | 'commentsByShortcode',
    vars: Record<string, unknown>,
    pick: (data: Record<string, unknown>) => Connection,
    first: number,
  ) {
    const ids: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 50; page++) {
      const reply = await graph(viewer, query, { ...vars, first, after });
      expect(reply.status).toBe(200);
      const connection = pick(reply.body.data);
      ids.push(...connection.edges.map((e) => e.node.id));
      if (!connection.page_info.has_next_page) return ids;
      after = connection.page_info.end_cursor;
    }
    throw new Error('more than 50 pages');
  }

  const user = (d: Record<string, unknown>) => d.user as Record<string, Connection>;

  it.each([1, 4, 11, 12])('pages a profile grid newest first, %i at a time', async (first) => {
    const ids = await readAll(
      'profileTimeline',
      { id: bobPosts[0].owner_id },
      (d) => user(d).edge_owner_to_timeline_media,
      first,
    );
    expect(ids).toEqual([...bobPosts].sort(newestFirst).map((p) => p.id));
  });

  it.each([1, 5, 24])('pages discover most liked first, %i at a time', async (first) => {
    const ids = await readAll('discover', {}, (d) => user(d).edge_web_discover_media, first);
    // Public accounts alice does not follow: cara's posts only (bob is followed, dan private).
    expect(ids).toEqual([...othersPosts].sort(mostLiked).map((p) => p.id));
  });

  it.each([2, 7])('pages a place newest first, %i at a time', async (first) => {
    const ids = await readAll(
      'locationMedia',
      { id: 'L1' },
      (d) => (d.location as Record<string, Connection>).edge_location_to_media,
      first,
    );
    expect(ids).toEqual([...placePosts].sort(newestFirst).map((p) => p.id));
  });

  it.each([1, 3, 8])('pages a post’s comments oldest first, %i at a time', async (first) => {
    const ids = await readAll(
      'commentsByShortcode',
      { shortcode: commented.shortcode },
      (d) => (d.shortcode_media as Record<string, Connection>).edge_media_to_comment,
      first,
    );
    // All written in the same second: the id breaks the tie.
    expect(ids).toEqual([...commentIds].sort());
  });
});
