import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostsTable, UsersTable } from '../../server/db/schema.ts';
import type { Connection, WirePost } from '../../common/types.ts';
import { QUERY_IDS } from '../../common/queryIds.ts';
import { createTestApp, createUser, login, TestClient, type TestApp } from './helpers.ts';
import { addBlock, addFollow, addLike, createPost, graph, testClock } from './content-fixtures.ts';

interface EmbedData {
  embed_media: {
    scope: 'local' | 'global';
    shortcode_media: WirePost;
    edge_related_media: Connection<WirePost>;
  };
}

describe('embedMedia graph query', () => {
  let t: TestApp;
  let olga: UsersTable; // public, 15 posts
  let pia: UsersTable; // private, 2 posts
  let fred: UsersTable; // approved follower of pia
  let rita: UsersTable; // asked to follow pia, not approved yet
  let bella: UsersTable;
  let olgaPosts: PostsTable[];
  let piaPosts: PostsTable[];
  let visitor: TestClient;
  let f: TestClient;
  let r: TestClient;
  let b: TestClient;
  const clock = testClock();

  const embed = (client: TestClient, variables: Record<string, unknown>) =>
    graph<EmbedData>(client, 'embedMedia', variables);

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    olga = await createUser(t.ctx, { username: 'olga' });
    pia = await createUser(t.ctx, { username: 'pia', is_private: 1 });
    fred = await createUser(t.ctx, { username: 'fred' });
    rita = await createUser(t.ctx, { username: 'rita' });
    bella = await createUser(t.ctx, { username: 'bella' });
    olgaPosts = [];
    for (let i = 0; i < 15; i++) {
      clock.tick();
      olgaPosts.push(await createPost(t.ctx, olga.id, { caption: `olga ${i} #sea @pia` }));
    }
    piaPosts = [];
    for (let i = 0; i < 2; i++) {
      clock.tick();
      piaPosts.push(await createPost(t.ctx, pia.id, { caption: `pia ${i}` }));
    }
    await addFollow(t.ctx, fred.id, pia.id);
    await t.ctx.db
      .insertInto('follow_requests')
      .values({ requester_id: rita.id, target_id: pia.id, created_at: clock.now() })
      .execute();
    await addLike(t.ctx, olgaPosts[0].id, fred.id);
    visitor = new TestClient(t.app);
    [f, r, b] = await Promise.all([
      login(t.app, 'fred'),
      login(t.app, 'rita'),
      login(t.app, 'bella'),
    ]);
  });
  afterAll(async () => t.close());

  it('lets a logged-out visitor embed a public post, with 12 more posts from the owner a page', async () => {
    const post = olgaPosts[0];
    const first = await embed(visitor, { shortcode: post.shortcode, scope: 'local', first: 12 });
    expect(first.status).toBe(200);
    const data = first.body.data.embed_media;
    expect(data.scope).toBe('local');
    expect(data.shortcode_media.shortcode).toBe(post.shortcode);
    expect(data.shortcode_media.owner.username).toBe('olga');
    expect(data.shortcode_media.caption).toBe('olga 0 #sea @pia');
    expect(data.shortcode_media.edge_media_preview_like.count).toBe(1);
    const related = data.edge_related_media;
    expect(related.count).toBe(14);
    expect(related.edges).toHaveLength(12);
    expect(related.page_info.has_next_page).toBe(true);
    // Newest first, never the embedded post itself.
    expect(related.edges[0].node.id).toBe(olgaPosts[14].id);
    expect(related.edges.map((e) => e.node.id)).not.toContain(post.id);

    const next = await embed(visitor, {
      shortcode: post.shortcode,
      scope: 'local',
      first: 12,
      after: related.page_info.end_cursor,
    });
    expect(next.status).toBe(200);
    const rest = next.body.data.embed_media.edge_related_media;
    expect(rest.edges).toHaveLength(2);
    expect(rest.page_info).toEqual({ has_next_page: false, end_cursor: null });
    const all = [...related.edges, ...rest.edges].map((e) => e.node.id);
    expect(new Set(all).size).toBe(14);
  });

  it('caps first at the embed page size (12) and treats cursor "0" as the first page', async () => {
    const res = await embed(visitor, {
      shortcode: olgaPosts[3].shortcode,
      scope: 'local',
      first: 50,
      after: '0',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.embed_media.edge_related_media.edges).toHaveLength(12);
    const byDefault = await embed(visitor, { shortcode: olgaPosts[3].shortcode, scope: 'local' });
    expect(byDefault.body.data.embed_media.edge_related_media.edges).toHaveLength(12);
  });

  it('fills the global scope from public accounts only, without the embedded post', async () => {
    const res = await embed(f, { shortcode: olgaPosts[0].shortcode, scope: 'global', first: 12 });
    expect(res.status).toBe(200);
    const data = res.body.data.embed_media;
    expect(data.scope).toBe('global');
    const owners = data.edge_related_media.edges.map((e) => e.node.owner.username);
    expect(owners.every((u) => u === 'olga')).toBe(true);
    expect(data.edge_related_media.count).toBe(14);
    expect(data.edge_related_media.edges.map((e) => e.node.id)).not.toContain(olgaPosts[0].id);
  });

  it("shows a private account's post to approved followers only", async () => {
    const vars = { shortcode: piaPosts[0].shortcode, scope: 'local' };
    const ok = await embed(f, vars);
    expect(ok.status).toBe(200);
    expect(ok.body.data.embed_media.edge_related_media.edges.map((e) => e.node.id)).toEqual([
      piaPosts[1].id,
    ]);
    for (const client of [visitor, r, b]) {
      const res = await embed(client, vars);
      expect(res.status).toBe(404);
      expect(res.body.status).toBe('fail');
      expect(res.body.message).toBe('Post not found.');
    }
  });

  it('answers not-found to a viewer blocked by the owner, and to one who blocked the owner', async () => {
    const vars = { shortcode: olgaPosts[0].shortcode, scope: 'local' };
    expect((await embed(b, vars)).status).toBe(200);
    for (const [blocker, blocked] of [
      [olga.id, bella.id],
      [bella.id, olga.id],
    ]) {
      await addBlock(t.ctx, blocker, blocked);
      const res = await embed(b, vars);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Post not found.');
      await t.ctx.db.deleteFrom('blocks').execute();
    }
  });

  it('answers 404 for an unknown shortcode', async () => {
    const res = await embed(visitor, { shortcode: 'NoSuchPost1', scope: 'local' });
    expect(res.status).toBe(404);
  });

  it('rejects a scope other than local or global with a clear 400', async () => {
    const shortcode = olgaPosts[0].shortcode;
    for (const scope of [undefined, null, '', 'LOCAL', 'everywhere', 1, ['local'], { a: 1 }]) {
      const res = await embed(visitor, { shortcode, scope });
      expect(res.status, JSON.stringify(scope)).toBe(400);
      expect(res.body.status).toBe('fail');
      expect(res.body.message).toBe("Invalid scope: use 'local' or 'global'.");
    }
  });

  it('answers 4xx, never 500, to malformed variables', async () => {
    const shortcode = olgaPosts[0].shortcode;
    const cases: Record<string, unknown>[] = [
      { scope: 'local' },
      { shortcode: '', scope: 'local' },
      { shortcode: '../etc/passwd', scope: 'local' },
      { shortcode: 12, scope: 'local' },
      { shortcode: 'x'.repeat(65), scope: 'local' },
      { shortcode, scope: 'local', first: -1 },
      { shortcode, scope: 'local', first: 1.5 },
      { shortcode, scope: 'local', first: 'many' },
      { shortcode, scope: 'local', first: {} },
      { shortcode, scope: 'local', after: 'not-a-cursor' },
      { shortcode, scope: 'local', after: '99999999999_x' },
      { shortcode, scope: 'local', after: 42 },
      { shortcode, scope: 'local', after: ['1_2'] },
      { shortcode, scope: 'local', after: 'x'.repeat(201) },
    ];
    for (const variables of cases) {
      const res = await embed(visitor, variables);
      expect(res.status, JSON.stringify(variables)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    for (const raw of ['[]', 'null', '"shortcode"', '{not json']) {
      const qs = new URLSearchParams({ query_id: QUERY_IDS.embedMedia, variables: raw });
      const res = await visitor.get(`/graphql/query/?${qs.toString()}`);
      expect(res.statusCode, raw).toBe(400);
    }
  });
});
