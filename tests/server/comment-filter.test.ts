import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostsTable } from '../../server/db/schema.ts';
import { createTestApp, createUser, login, type TestApp, type TestClient } from './helpers.ts';
import { addComment, createPost, graph, testClock } from './content-fixtures.ts';

interface Comments {
  shortcode_media: {
    edge_media_to_comment: { count: number; edges: { node: { text: string } }[] };
  };
}

describe('hide offensive comments (the post owner keyword filter)', () => {
  let t: TestApp;
  let post: PostsTable;
  let owner: TestClient;
  let author: TestClient;
  let reader: TestClient;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const o = await createUser(t.ctx, {
      username: 'owner',
      comment_filter: 1,
      comment_filter_keywords: 'spoiler, Rude',
    });
    const a = await createUser(t.ctx, { username: 'author' });
    await createUser(t.ctx, { username: 'reader' });
    post = await createPost(t.ctx, o.id);
    await addComment(t.ctx, post.id, a.id, 'No SPOILERS please');
    clock.tick();
    await addComment(t.ctx, post.id, a.id, 'Lovely light');
    [owner, author, reader] = await Promise.all([
      login(t.app, 'owner'),
      login(t.app, 'author'),
      login(t.app, 'reader'),
    ]);
  });
  afterAll(async () => t.close());

  const comments = async (client: TestClient) => {
    const res = await graph<Comments>(client, 'commentsByShortcode', {
      shortcode: post.shortcode,
      first: 20,
    });
    expect(res.status).toBe(200);
    return res.body.data.shortcode_media.edge_media_to_comment;
  };
  const texts = async (client: TestClient) =>
    (await comments(client)).edges.map((e) => e.node.text);

  it('hides comments with a keyword from other members, whatever the case', async () => {
    expect(await texts(reader)).toEqual(['Lovely light']);
  });

  it('applies the same rule to the feed’s comment previews', async () => {
    type Feed = {
      user: {
        edge_web_feed_timeline: {
          edges: {
            node: {
              id: string;
              edge_media_to_comment?: Comments['shortcode_media']['edge_media_to_comment'];
            };
          }[];
        };
      };
    };
    const preview = async (client: TestClient, username: string) => {
      const o = await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'owner')
        .executeTakeFirstOrThrow();
      if (username !== 'owner') await client.post(`/web/friendships/${o.id}/follow/`);
      const res = await graph<Feed>(client, 'feed', { fetch_media_item_count: 12 });
      const node = res.body.data.user.edge_web_feed_timeline.edges.find(
        (e) => e.node.id === post.id,
      )?.node;
      return node?.edge_media_to_comment?.edges.map((e) => e.node.text);
    };
    expect(await preview(reader, 'reader')).toEqual(['Lovely light']);
    expect(await preview(author, 'author')).toEqual(['No SPOILERS please', 'Lovely light']);
    expect(await preview(owner, 'owner')).toEqual(['No SPOILERS please', 'Lovely light']);
  });

  it('still shows them to their author and to the post owner', async () => {
    expect(await texts(author)).toHaveLength(2);
    expect(await texts(owner)).toHaveLength(2);
  });

  it('counts only the comments each viewer can read', async () => {
    expect((await comments(reader)).count).toBe(1);
    expect((await comments(author)).count).toBe(2);
    expect((await comments(owner)).count).toBe(2);
  });
});
