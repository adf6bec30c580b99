import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUERY_IDS } from '../../common/queryIds.ts';
import { onPath } from '../../scripts/cluster/apt.ts';
import { freePort } from '../../scripts/cluster/daemon.ts';
import { startRedis, type RedisHandle } from '../../scripts/cluster/redis.ts';
import {
  createTestApp,
  createUser,
  DEFAULT_PASSWORD,
  TestClient,
  type TestApp,
} from './helpers.ts';

// With REDIS_URL, rate limits and caches live in Redis (issue 16). If Redis stops answering,
// members can still log in and read (limits let requests through, caches are recomputed): a
// Redis outage must not turn into 500s. Skipped where redis-server is not installed.

describe.skipIf(!onPath('redis-server'))('a Redis outage', () => {
  let redis: RedisHandle;
  let t: TestApp;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glint-redis-test-'));

  beforeAll(async () => {
    redis = await startRedis({ dir, port: await freePort() });
    t = await createTestApp({ env: { RATE_LIMIT: 'on', REDIS_URL: redis.url } });
    await createUser(t.ctx, { username: 'olive' });
    await createUser(t.ctx, { username: 'pablo' });
  });
  afterAll(async () => {
    await t.close();
    await redis.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const logIn = async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/accounts/login/ajax/', {
      username: 'olive',
      password: DEFAULT_PASSWORD,
    });
    return { client, res };
  };

  it('keeps logins, suggestions and dismissals working', async () => {
    expect((await logIn()).res.json()).toMatchObject({ authenticated: true });
    await redis.stop();

    const { client, res } = await logIn();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authenticated: true });
    const qs = new URLSearchParams({
      query_id: QUERY_IDS.suggestedUsers,
      variables: JSON.stringify({ fetch_suggested_count: 5 }),
    });
    const suggested = await client.get(`/graphql/query/?${qs.toString()}`);
    expect(suggested.statusCode).toBe(200);
    const dismissed = await client.post('/qp/dismiss/', { promotion_id: 'promo-1' });
    expect(dismissed.statusCode).toBe(200);
  });
});
