import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersTable } from '../../server/db/schema.ts';
import { sameOriginPath } from '../../server/auth/returnUrl.ts';
import { identifierKey } from '../../server/http/rateLimit.ts';
import { normalizePhone } from '../../server/auth/rules.ts';
import { classifyIdentifier } from '../../server/routes/auth.ts';
import { createTestApp, createUser, login, TestClient, type TestApp } from './helpers.ts';
import { createPost, graph, testClock } from './content-fixtures.ts';

// Regressions found in review: bad input answering 500, a rate-limit bypass, an open redirect,
// reserved profile paths and a deleted comment living on in the activity feed.

const expectFail = (res: { statusCode: number; json(): unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { status: string; message: string };
  expect(body.status).toBe('fail');
  expect(body.message).not.toBe('');
};

describe('review hardening', () => {
  let t: TestApp;
  let alice: UsersTable;
  let a: TestClient;
  let b: TestClient;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    alice = await createUser(t.ctx, { username: 'alice' });
    await createUser(t.ctx, { username: 'bob' });
    [a, b] = await Promise.all([login(t.app, 'alice'), login(t.app, 'bob')]);
  });
  afterAll(async () => t.close());

  it('answers 400, not 500, to malformed multipart bodies', async () => {
    const cutOff =
      '--zz\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nabc';
    for (const url of ['/create/upload/photo/', '/accounts/web_change_profile_picture/']) {
      for (const [type, payload] of [
        ['multipart/form-data', 'abc'],
        ['multipart/form-data; boundary=zz', cutOff],
      ]) {
        const res = await a.request({
          method: 'POST',
          url,
          headers: { 'content-type': type },
          payload,
        });
        expectFail(res, 400);
      }
    }
  });

  it('answers a form with two files 400 with a message, not 413 "reach files limit"', async () => {
    const part = (n: number) =>
      `--zz\r\nContent-Disposition: form-data; name="photo"; filename="${n}.jpg"\r\n` +
      `Content-Type: image/jpeg\r\n\r\nabc${n}\r\n`;
    const res = await a.request({
      method: 'POST',
      url: '/create/upload/photo/',
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      payload: `${part(1)}${part(2)}--zz--\r\n`,
    });
    expectFail(res, 400);
    expect((res.json() as { message: string }).message).toBe('Please send one file at a time.');
  });

  it('answers paths Fastify cannot decode in the app’s failure format', async () => {
    const res = await new TestClient(t.app).get('/lab/%c0%ae%c0%ae/x');
    expectFail(res, 400);
    expect(res.json()).toEqual({
      status: 'fail',
      message: 'The link you followed is not a valid address.',
    });
  });

  it('refuses cursors whose time does not fit the integer columns', async () => {
    const res = await graph(a, 'profileTimeline', {
      id: alice.id,
      after: '999999999999999_1',
    });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('fail');
    const ok = await graph(a, 'profileTimeline', { id: alice.id, after: `${clock.now()}_1` });
    expect(ok.status).toBe(200);
  });

  it('refuses NUL characters in forms and queries (PostgreSQL cannot store them)', async () => {
    expectFail(
      await new TestClient(t.app).post('/accounts/login/ajax/', {
        username: 'ali\u0000ce',
        password: 'x',
      }),
      400,
    );
    expectFail(await a.get('/location_search/?search_query=caf%00'), 400);
  });

  it('counts every spelling of one phone number as the same login identifier', () => {
    const spellings = ['+1 (555) 010-2030', '15550102030', '+1-555-010-2030', ' +15550102030 '];
    expect(new Set(spellings.map(identifierKey)).size).toBe(1);
    expect(identifierKey(' Alice ')).toBe('alice');
  });

  it('classifies login identifiers with the login form’s rule', async () => {
    // src/lib/identifier.ts counts square brackets as phone punctuation; so must the server.
    const { looksLikePhone } = await import('../../src/lib/identifier.ts');
    for (const value of ['[555] 010 2030', '+1 (555) 010-2030', 'alice', '+-()', 'a@b.co']) {
      expect(classifyIdentifier(value) === 'phone', value).toBe(looksLikePhone(value));
    }
    expect(normalizePhone('+1 [555] 010-2030')).toBe('+15550102030');
  });

  it('never returns a protocol-relative path as a same-origin return URL', () => {
    expect(sameOriginPath('/a/..//evil.example', 'glint.test')).toBeNull();
    expect(sameOriginPath('http://glint.test/x/..//evil.example', 'glint.test')).toBeNull();
    expect(sameOriginPath('/accounts/login/?next=/x/', 'glint.test')).toBe(
      '/accounts/login/?next=/x/',
    );
  });

  it('reserves usernames that are top-level routes', async () => {
    for (const username of ['create', 'web', 'challenge']) {
      const res = await new TestClient(t.app).post('/accounts/web_create_ajax/attempt/', {
        email: `${username}@example.com`,
        password: 'a-long-password-9',
        username,
        first_name: 'X',
      });
      const body = res.json() as { errors: Record<string, unknown> };
      expect(body.errors.username).toBeDefined();
    }
  });

  it('hides the posts of a deactivated account from saved lists and counts', async () => {
    const dora = await createUser(t.ctx, { username: 'dora' });
    const post = await createPost(t.ctx, dora.id);
    expect((await a.post(`/web/save/${post.id}/save/`)).statusCode).toBe(200);
    const saved = async () =>
      (
        await graph<{ user: { edge_saved_media: { count: number; edges: unknown[] } } }>(
          a,
          'savedMedia',
          { id: alice.id },
        )
      ).body.data.user.edge_saved_media;
    expect((await saved()).count).toBe(1);
    await t.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', dora.id).execute();
    expect(await saved()).toMatchObject({ count: 0, edges: [] });
  });

  it('takes a deleted comment out of the post owner’s activity feed', async () => {
    const post = await createPost(t.ctx, alice.id);
    clock.tick();
    const added = await b.post(`/web/comments/${post.id}/add/`, {
      comment_text: 'regrettable words @alice',
    });
    expect(added.statusCode).toBe(200);
    const texts = async () => {
      const res = await a.get('/accounts/activity/?__a=1');
      const feed = res.json() as {
        graphql: {
          user: {
            activity_feed: { edge_web_activity_feed: { edges: { node: { text: string } }[] } };
          };
        };
      };
      return feed.graphql.user.activity_feed.edge_web_activity_feed.edges.map((e) => e.node.text);
    };
    expect(await texts()).toContain('regrettable words @alice');
    const { id } = added.json() as { id: string };
    expect((await b.post(`/web/comments/${post.id}/delete/${id}/`)).statusCode).toBe(200);
    expect(await texts()).not.toContain('regrettable words @alice');
  });
});

describe('per-address login limit', () => {
  it('stops one address after 60 attempts a minute, whatever the accounts', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT: 'on' } });
    try {
      const attempt = (username: string, remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/accounts/login/ajax/',
          remoteAddress,
          headers: {
            'content-type': 'application/x-www-form-urlencoded',
            cookie: 'csrftoken=tok',
            'x-csrftoken': 'tok',
            'x-requested-with': 'XMLHttpRequest',
          },
          payload: `username=${username}&password=wrong-guess`,
        });
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++)
        statuses.push((await attempt(`nobody${i}`, '10.0.0.1')).statusCode);
      expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
      const refused = await attempt('nobody61', '10.0.0.1');
      expectFail(refused, 429);
      expect(statuses[60]).toBe(429);
      expect((await attempt('nobody0', '10.0.0.2')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
    // 62 logins, each paying a deliberately slow password hash (an unknown account is hashed
    // too, so its answer takes as long): 23 s on this machine under load, past the default 30 s
    // when the other test files run beside it.
  }, 120_000);
});
