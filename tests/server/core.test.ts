import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featureSwitches } from '../../server/config.ts';
import { QUERY_IDS, type QueryName } from '../../common/queryIds.ts';
import { getResolver, registerResolver } from '../../server/graphql/registry.ts';
import {
  TestClient,
  createTestApp,
  createUser,
  login,
  sharedDataOf,
  type TestApp,
} from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedUsers: true });
});
afterAll(async () => {
  await t.close();
});

const expectFail = (res: { statusCode: number; json: () => unknown }, status: number) => {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { status: string; message: string };
  expect(body.status).toBe('fail');
  expect(body.message.length).toBeGreaterThan(0);
  return body;
};

describe('CSRF protection', () => {
  it('refuses a mutating call without the token header', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/accounts/logout/ajax/', {}, { 'x-csrftoken': '' });
    expect(expectFail(res, 403).message).toBe('CSRF token missing or incorrect.');
  });

  it('refuses a token that does not match the cookie', async () => {
    const client = new TestClient(t.app);
    const res = await client.post(
      '/accounts/logout/ajax/',
      {},
      { 'x-csrftoken': 'wrong-token-123' },
    );
    expectFail(res, 403);
  });

  it('refuses a call without the ajax marker header', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/accounts/logout/ajax/', {}, { 'x-requested-with': '' });
    expectFail(res, 403);
  });

  it('accepts a call with the matching token and the marker', async () => {
    // A mutating call with no body at all, as the client sends for calls without payload.
    const res = await new TestClient(t.app).post('/accounts/logout/ajax/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });
});

describe('bad input', () => {
  it('answers malformed JSON with 400 JSON', async () => {
    const res = await new TestClient(t.app).request({
      method: 'POST',
      url: '/accounts/login/ajax/',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expectFail(res, 400);
  });

  it('answers a form missing a required field with 400 JSON', async () => {
    const res = await new TestClient(t.app).post('/accounts/login/ajax/', { username: 'alice' });
    expectFail(res, 400);
  });

  it('answers unknown API routes with 404 JSON, never the app', async () => {
    const client = new TestClient(t.app);
    const html = { accept: 'text/html' };
    for (const url of ['/api/v1/nothing/', '/web/nothing/', '/graphql/other/', '/qp/x/']) {
      expectFail(await client.get(url, html), 404);
    }
    expectFail(await client.get('/accounts/nothing/ajax/', html), 404);
    expectFail(await client.post('/web/likes/1/nothing/', {}), 404);
    expectFail(await client.get('/media/p/none/1080.jpg'), 404);
  });
});

describe('pages', () => {
  it('serves the app with shared data for a visitor', async () => {
    const client = new TestClient(t.app);
    client.cookies.delete('csrftoken');
    const res = await client.get('/explore/', { accept: 'text/html' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = sharedDataOf(res.body);
    expect(data.config.viewer).toBeNull();
    // The page sets the csrftoken cookie it reports.
    expect(data.config.csrf_token).toBe(client.csrfToken);
    expect(data.config.csrf_token.length).toBeGreaterThan(16);
    expect(data.country_code).toBe('US');
    expect(res.body.indexOf('id="shared-data"')).toBeLessThan(
      res.body.indexOf('<script type="module"'),
    );
  });

  it('serves every page route of the specs', async () => {
    const client = new TestClient(t.app);
    const pages = [
      '/',
      '/accounts/login/?next=/explore/',
      '/accounts/emailsignup/',
      '/accounts/activity',
      '/accounts/edit/',
      '/emails/settings/',
      '/explore/tags/sunset/',
      '/explore/locations/123/lisbon/',
      '/p/Abc123/',
      '/p/Abc123/liked_by/',
      '/p/Abc123/embed/',
      '/media/1000000000000000286/flag/',
      '/stories/alice/',
      '/create/style/',
      '/alice/',
      '/_u/alice/',
      '/alice/collections/',
      '/about/camera',
    ];
    for (const url of pages) {
      const res = await client.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('id="shared-data"');
    }
    const unknown = await client.get('/no/such/page/here/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('id="shared-data"');
  });

  it('sends the feature switches, each of which FEATURES_OFF can turn off', () => {
    expect(featureSwitches(undefined)).toMatchObject({ stories: true, filters: true });
    expect(featureSwitches(' stories,filters ,nonsense')).toMatchObject({
      stories: false,
      filters: false,
      feed_shimmer: true,
    });
  });

  it('lets other sites frame the embed page only', async () => {
    const client = new TestClient(t.app);
    const page = await client.get('/p/Abc123/');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    const embed = await client.get('/p/Abc123/embed/?scope=global');
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    expect(embed.headers['content-security-policy']).toContain('frame-ancestors *');
  });

  it('includes the viewer after login', async () => {
    const client = await login(t.app, 'alice');
    const data = sharedDataOf((await client.get('/')).body);
    expect(data.config.viewer).toMatchObject({ username: 'alice', full_name: 'Alice Example' });
    expect(data.config.viewer?.profile_pic_url).toBe('/media/default/avatar.svg');
  });

  it('cannot be broken out of by hostile user text', async () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028 & >';
    await createUser(t.ctx, { username: 'mallory', full_name: hostile, biography: hostile });
    const client = await login(t.app, 'mallory');
    const res = await client.get('/');
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('\u2028');
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(sharedDataOf(res.body).config.viewer?.full_name).toBe(hostile);
  });
});

describe('media and assets', () => {
  it('serves stored media with long-lived caching', async () => {
    // An avatar: post and story files are access-checked (tests/server/access-leaks.test.ts).
    await t.ctx.storage.put('a/42/150.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    const res = await new TestClient(t.app).get('/media/a/42/150.jpg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('refuses unsafe media keys', async () => {
    expectFail(await new TestClient(t.app).get('/media/p/%2E%2E/secret.jpg'), 400);
  });

  it('serves the default avatar', async () => {
    const res = await new TestClient(t.app).get('/media/default/avatar.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it('serves built assets as immutable', async () => {
    const res = await new TestClient(t.app).get('/assets/index-test.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});

describe('graph queries', () => {
  const query = (id: string, variables?: string) =>
    new TestClient(t.app).get(
      `/graphql/query/?query_id=${id}${variables === undefined ? '' : `&variables=${encodeURIComponent(variables)}`}`,
    );

  it('refuses an unknown query id', async () => {
    expect(expectFail(await query('123'), 400).message).toBe('Unknown query_id.');
  });

  it('refuses variables that are not a JSON object', async () => {
    expect(expectFail(await query(QUERY_IDS.feed, '[1]'), 400).message).toBe(
      'variables must be a JSON object.',
    );
    expectFail(await query(QUERY_IDS.feed, '{oops'), 400);
  });

  it('answers a registered query with {data, status}', async () => {
    registerResolver('contactHistory', async (_ctx, variables, viewer) => ({
      echo: variables,
      viewer: viewer?.username ?? null,
    }));
    const res = await query(QUERY_IDS.contactHistory, '{"first":3}');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { echo: { first: 3 }, viewer: null }, status: 'ok' });
  });

  it('refuses a known query nobody serves', async () => {
    const unserved = (Object.keys(QUERY_IDS) as QueryName[]).find((n) => !getResolver(n));
    if (!unserved) return; // every query has a resolver in this build
    expect(expectFail(await query(QUERY_IDS[unserved]), 400).message).toBe('Query not available.');
  });
});

describe('development SMS outbox', () => {
  it('lists sent messages newest first, filtered by recipient', async () => {
    await t.ctx.sms.send('+15550001111', 'Your Glint code is 111111', '111111');
    await t.ctx.sms.send('+15550002222', 'Your Glint code is 222222', '222222');
    const all = (await new TestClient(t.app).get('/dev/outbox/')).json();
    expect(all.messages[0]).toMatchObject({ recipient: '+15550002222', code: '222222' });
    const one = (await new TestClient(t.app).get('/dev/outbox/?to=%2B15550001111')).json();
    expect(one.messages).toHaveLength(1);
    expect(one.messages[0]).toMatchObject({ channel: 'sms', body: 'Your Glint code is 111111' });
  });

  it('answers this machine only: the codes in it log people in', async () => {
    for (const remoteAddress of ['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20']) {
      const res = await t.app.inject({ method: 'GET', url: '/dev/outbox/', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json().message).toBeTruthy();
    }
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await t.app.inject({ method: 'GET', url: '/dev/outbox/', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(200);
    }
    // Relayed by a proxy on this machine (a dev server run with --host): still the network.
    for (const headers of [
      { 'x-forwarded-for': '192.168.1.20' },
      { forwarded: 'for=192.168.1.20' },
      { host: '192.168.1.5:5173' },
    ]) {
      const res = await t.app.inject({ method: 'GET', url: '/dev/outbox/', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(404);
    }
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expectFail(await new TestClient(prod.app).get('/dev/outbox/'), 404);
    } finally {
      await prod.close();
    }
  });
});
