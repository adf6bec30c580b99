import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, TestClient, type TestApp } from './helpers.ts';

describe('website link shim (accounts §3 websiteLinkshimmed)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await createUser(t.ctx, { username: 'maker', external_url: 'https://maker.example/shop' });
    await createUser(t.ctx, {
      username: 'gone',
      external_url: 'https://gone.example/',
      is_active: 0,
    });
  });
  afterAll(async () => t.close());

  it('gives the profile its website through the shim, which sends the browser on without a referrer', async () => {
    const client = new TestClient(t.app);
    const info = await client.get('/api/v1/users/web_profile_info/?username=maker');
    const user = info.json().data.user as {
      external_url: string;
      external_url_linkshimmed: string;
    };
    expect(user.external_url).toBe('https://maker.example/shop');
    expect(user.external_url_linkshimmed).toBe(
      '/web/linkshim/?u=https%3A%2F%2Fmaker.example%2Fshop',
    );
    const res = await client.get(user.external_url_linkshimmed);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('https://maker.example/shop');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it('is not an open redirect: only active members’ websites', async () => {
    const client = new TestClient(t.app);
    for (const u of ['https://evil.example/', 'https://gone.example/', 'javascript:alert(1)']) {
      const res = await client.get(`/web/linkshim/?${new URLSearchParams({ u })}`);
      expect(res.statusCode, u).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    expect((await client.get('/web/linkshim/')).statusCode).toBe(400);
  });
});
