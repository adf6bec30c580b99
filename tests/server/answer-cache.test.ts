import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WirePost } from '../../common/types.ts';
import { ANSWER_TTL_S } from '../../server/crossServer/answerCache.ts';
import { isPostgres } from '../../server/db/database.ts';
import { addFollow, createPost, graph, testClock } from './content-fixtures.ts';
import { createTestApp, createUser, login, type TestApp, type TestClient } from './helpers.ts';

// The home feed's answer is kept until the next write (server/crossServer/answerCache.ts). What a
// member sees must never be older than the last write, whoever made it and however.

type FeedNode = WirePost | { __typename: 'GraphSuggestedUserFeedUnit' };
interface FeedData {
  user: { edge_web_feed_timeline: { edges: { node: FeedNode }[] } };
}

async function feedPosts(client: TestClient): Promise<WirePost[]> {
  const res = await graph<FeedData>(client, 'feed', {
    fetch_media_item_count: 12,
    fetch_comment_count: 4,
    fetch_like: 10,
  });
  expect(res.status).toBe(200);
  return res.body.data.user.edge_web_feed_timeline.edges
    .map((e) => e.node)
    .filter((n): n is WirePost => n.__typename !== 'GraphSuggestedUserFeedUnit');
}

/** Counts the statements the app runs (prepared queries included) while `fn` runs. */
async function statementsDuring(t: TestApp, fn: () => Promise<unknown>): Promise<number> {
  const executor = t.ctx.db.getExecutor() as unknown as {
    executeQuery: (...args: unknown[]) => Promise<unknown>;
  };
  const original = executor.executeQuery;
  let n = 0;
  executor.executeQuery = (...args) => {
    n++;
    return original.apply(executor, args);
  };
  try {
    await fn();
  } finally {
    executor.executeQuery = original;
  }
  return n;
}

for (const answerCache of ['on', 'off'] as const) {
  describe(`home feed with ANSWER_CACHE=${answerCache}`, () => {
    const clock = testClock();
    let t: TestApp;
    let alice: TestClient;
    let bob: TestClient;
    let bobId = '';
    let postId = '';

    beforeAll(async () => {
      t = await createTestApp({ now: clock.now, env: { ANSWER_CACHE: answerCache } });
      const a = await createUser(t.ctx, { username: 'alice' });
      const b = await createUser(t.ctx, { username: 'bob' });
      bobId = b.id;
      await addFollow(t.ctx, a.id, b.id);
      for (let i = 0; i < 3; i++) {
        clock.tick();
        postId = (await createPost(t.ctx, b.id, { caption: `bob's post ${i}` })).id;
      }
      alice = await login(t.app, 'alice');
      bob = await login(t.app, 'bob');
    });
    afterAll(async () => t.close());

    it('shows a like, a comment and a caption edit made by someone else at the next read', async () => {
      const before = await feedPosts(alice);
      const top = before.find((p) => p.id === postId)!;
      expect(top.edge_media_preview_like.count).toBe(0);
      expect(await feedPosts(alice)).toEqual(before);

      expect((await bob.post(`/web/likes/${postId}/like/`)).statusCode).toBe(200);
      const liked = (await feedPosts(alice)).find((p) => p.id === postId)!;
      expect(liked.edge_media_preview_like.count).toBe(1);

      const commented = await bob.post(`/web/comments/${postId}/add/`, { comment_text: 'hi' });
      expect(commented.statusCode).toBe(200);
      const withComment = (await feedPosts(alice)).find((p) => p.id === postId)!;
      expect(withComment.edge_media_to_comment.count).toBe(1);
    });

    it('shows the viewer their own like and a new post from someone they follow', async () => {
      await alice.post(`/web/likes/${postId}/like/`);
      expect((await feedPosts(alice)).find((p) => p.id === postId)!.viewer_has_liked).toBe(true);
      clock.tick();
      const fresh = await createPost(t.ctx, bobId, { caption: 'just posted' });
      expect((await feedPosts(alice))[0].id).toBe(fresh.id);
    });

    it('keeps one answer per viewer', async () => {
      expect((await bob.post(`/web/likes/${postId}/unlike/`)).statusCode).toBe(200);
      const liked = async (client: TestClient) =>
        (await feedPosts(client)).find((p) => p.id === postId)!.viewer_has_liked;
      expect([await liked(alice), await liked(bob), await liked(alice)]).toEqual([
        true,
        false,
        true,
      ]);
    });

    it('answers a repeated read without the database only while answers are kept', async () => {
      // PostgreSQL keeps none without REDIS_URL: another machine's writes would go unseen.
      const kept = answerCache === 'on' && !isPostgres(t.ctx.db);
      await feedPosts(alice);
      const repeated = await statementsDuring(t, () => feedPosts(alice));
      if (kept)
        expect(repeated).toBe(1); // the session, checked on every request
      else expect(repeated).toBeGreaterThan(5);
      clock.tick(ANSWER_TTL_S);
      expect(await statementsDuring(t, () => feedPosts(alice))).toBeGreaterThan(5);
    });

    it('reads the session once for an answer made while nothing was written', async (ctx) => {
      if (answerCache === 'off' || isPostgres(t.ctx.db)) ctx.skip();
      const executor = t.ctx.db.getExecutor() as unknown as {
        executeQuery: (query: { sql: string }, ...rest: unknown[]) => Promise<unknown>;
      };
      const original = executor.executeQuery;
      let sessionReads = 0;
      executor.executeQuery = (query, ...rest) => {
        if (query.sql.includes('"sessions"')) sessionReads++;
        return original.call(executor, query, ...rest);
      };
      try {
        await graph(alice, 'feed', { fetch_media_item_count: 12, variant: 'not kept yet' });
      } finally {
        executor.executeQuery = original;
      }
      expect(sessionReads).toBe(1);
    });

    it("lets no member push out everyone else's answers", async (ctx) => {
      if (answerCache === 'off' || isPostgres(t.ctx.db)) ctx.skip();
      await feedPosts(alice);
      const variant = (n: number) => graph(bob, 'feed', { fetch_media_item_count: 12, variant: n });
      for (let n = 0; n < 520; n++) await variant(n); // more than the 500 kept in all
      expect(await statementsDuring(t, () => feedPosts(alice))).toBe(1);
      // Bob's own oldest answers went instead.
      expect(await statementsDuring(t, () => variant(0))).toBeGreaterThan(5);
      expect(await statementsDuring(t, () => variant(519))).toBe(1);
    });

    it('lets every kept answer go at the first read after a write', async (ctx) => {
      if (answerCache === 'off' || isPostgres(t.ctx.db)) ctx.skip();
      await feedPosts(alice);
      await feedPosts(bob);
      expect(t.ctx.answers.size).toBeGreaterThanOrEqual(2);
      expect((await bob.post(`/web/likes/${postId}/like/`)).statusCode).toBe(200);
      // Bob's answer can never be served again: it is not kept until something pushes it out.
      await feedPosts(alice);
      expect(t.ctx.answers.size).toBe(1);
      expect(await statementsDuring(t, () => feedPosts(alice))).toBe(1);
      expect(await statementsDuring(t, () => feedPosts(bob))).toBeGreaterThan(5);
    });

    it('keeps no answer for a member linked to an external provider', async () => {
      await t.ctx.db
        .updateTable('users')
        .set({ fb_id: 'fb-alice' })
        .where('username', '=', 'alice')
        .execute();
      await feedPosts(alice);
      expect(await statementsDuring(t, () => feedPosts(alice))).toBeGreaterThan(5);
      await t.ctx.db
        .updateTable('users')
        .set({ fb_id: null })
        .where('username', '=', 'alice')
        .execute();
    });

    it('shows a rename that committed while the request was being read', async (ctx) => {
      if (isPostgres(t.ctx.db)) ctx.skip();
      const answers = t.ctx.answers;
      const generation = answers.generation.bind(answers);
      // The session hook has read the generation and then the viewer; the rename commits before
      // the answer reads the generation (the request's second read of it).
      let reads = 0;
      answers.generation = () => {
        reads += 1;
        if (reads < 2) return generation();
        answers.generation = generation;
        const other = new SQLite(path.join(t.dataDir, 'glint.sqlite'));
        try {
          other.prepare('update users set username = ? where username = ?').run('alice2', 'alice');
        } finally {
          other.close();
        }
        return generation();
      };
      const username = async () =>
        (
          await graph<{ user: { username: string } }>(alice, 'feed', {
            fetch_media_item_count: 12,
          })
        ).body.data.user.username;
      await username(); // raced with the rename: either name
      expect(await username()).toBe('alice2');
    });

    it('shows a write another process made to the database file', async (ctx) => {
      if (isPostgres(t.ctx.db)) ctx.skip(); // PostgreSQL keeps no answers without REDIS_URL
      await feedPosts(alice);
      const other = new SQLite(path.join(t.dataDir, 'glint.sqlite'));
      try {
        other.prepare('update posts set caption = ? where id = ?').run('edited elsewhere', postId);
      } finally {
        other.close();
      }
      const edited = (await feedPosts(alice)).find((p) => p.id === postId)!;
      expect(edited.caption).toBe('edited elsewhere');
    });
  });
}
