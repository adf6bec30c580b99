import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import {
  DEFAULT_PASSWORD,
  TestClient,
  createTestApp,
  createUser,
  login,
  sharedDataOf,
  type TestApp,
} from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await createUser(t.ctx, {
    username: 'carol',
    email: 'Carol@Example.com',
    phone_number: '+15551234567',
    full_name: 'Carol',
  });
  await createUser(t.ctx, {
    username: 'dave',
    phone_number: '+15559876543',
    two_factor_enabled: 1,
  });
});
afterAll(async () => {
  await t.close();
});

const loginCall = (username: string, password: string) =>
  new TestClient(t.app).post('/accounts/login/ajax/', { username, password });

describe('POST /accounts/login/ajax/', () => {
  it('logs in, sets the session cookies and returns a one-tap nonce', async () => {
    const res = await loginCall('carol', DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      authenticated: true,
      user: true,
      reactivated: false,
      status: 'ok',
    });
    expect(typeof body.login_nonce).toBe('string');
    expect(body.login_nonce.length).toBeGreaterThan(20);
    const session = res.cookies.find((c) => c.name === 'sessionid');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    const userId = res.cookies.find((c) => c.name === 'ds_user_id');
    expect(userId?.value).toBe(body.userId);
    expect(userId?.httpOnly).toBeFalsy();
  });

  it('tells a wrong password from an unknown user', async () => {
    expect((await loginCall('carol', 'not-my-password')).json()).toEqual({
      authenticated: false,
      user: true,
      status: 'ok',
    });
    expect((await loginCall('nobody_here', DEFAULT_PASSWORD)).json()).toEqual({
      authenticated: false,
      user: false,
      status: 'ok',
    });
  });

  it('accepts an email or a phone number as the identifier', async () => {
    expect((await loginCall('carol@example.com', DEFAULT_PASSWORD)).json().authenticated).toBe(
      true,
    );
    expect((await loginCall('+1 (555) 123-4567', DEFAULT_PASSWORD)).json().authenticated).toBe(
      true,
    );
  });

  it('trims whitespace around the identifier', async () => {
    expect((await loginCall('  Carol \t', DEFAULT_PASSWORD)).json().authenticated).toBe(true);
  });

  it('asks a two-factor user for the code sent by SMS', async () => {
    const res = await loginCall('dave', DEFAULT_PASSWORD);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'fail',
      message: 'Enter the code we sent to your number ending in 6543.',
      two_factor_required: true,
      two_factor_info: { username: 'dave', obfuscated_phone_number: '6543' },
    });
    expect(body.two_factor_info.two_factor_identifier.length).toBeGreaterThan(10);
    expect(res.cookies.find((c) => c.name === 'sessionid')).toBeUndefined();
    const outbox = (await new TestClient(t.app).get('/dev/outbox/?to=%2B15559876543')).json();
    expect(outbox.messages[0].code).toMatch(/^[0-9]{6}$/);
    expect(outbox.messages[0].body).toContain(outbox.messages[0].code);
  });

  it('does not let a deactivated account act as the viewer', async () => {
    const erin = await createUser(t.ctx, { username: 'erin' });
    const client = await login(t.app, 'erin');
    await t.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', erin.id).execute();
    expect(sharedDataOf((await client.get('/')).body).config.viewer).toBeNull();
  });

  it('rate-limits repeated attempts on one account', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT: 'on' } });
    try {
      await createUser(limited.ctx, { username: 'frank' });
      await createUser(limited.ctx, { username: 'grace' });
      const attempt = (username: string, password: string) =>
        new TestClient(limited.app).post('/accounts/login/ajax/', { username, password });
      const statuses: number[] = [];
      for (let i = 0; i < 10; i++) statuses.push((await attempt('frank', `guess-${i}`)).statusCode);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const refused = await attempt('frank', DEFAULT_PASSWORD);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        status: 'fail',
        message: 'Please wait a few minutes before you try again.',
      });
      // Another account from the same address is not affected.
      expect((await attempt('grace', DEFAULT_PASSWORD)).json().authenticated).toBe(true);
    } finally {
      await limited.close();
    }
  });

  it.each(['1', '10.0.0.0/8'])(
    'with TRUST_PROXY=%s, counts the address the proxy saw, not one the client forged',
    async (trustProxy) => {
      const proxied = await createTestApp({ env: { RATE_LIMIT: 'on', TRUST_PROXY: trustProxy } });
      try {
        await createUser(proxied.ctx, { username: 'heidi' });
        // The load balancer (10.0.0.2) appends the address it saw to whatever the client sent.
        const attempt = (client: string, forged?: string) =>
          proxied.app.inject({
            method: 'POST',
            url: '/accounts/login/ajax/',
            remoteAddress: '10.0.0.2',
            headers: {
              'content-type': 'application/x-www-form-urlencoded',
              cookie: 'csrftoken=tok',
              'x-csrftoken': 'tok',
              'x-requested-with': 'XMLHttpRequest',
              'x-forwarded-for': forged ? `${forged}, ${client}` : client,
            },
            payload: 'username=heidi&password=wrong-guess',
          });
        const statuses: number[] = [];
        for (let i = 0; i < 10; i++) {
          statuses.push((await attempt('203.0.113.7', `198.51.100.${i + 1}`)).statusCode);
        }
        expect(statuses.every((s) => s === 200)).toBe(true);
        const refused = await attempt('203.0.113.7', '198.51.100.99');
        expect(refused.statusCode).toBe(429);
        expect(refused.json().message).toBeTruthy();
        // Another client behind the same proxy has attempts of its own.
        expect((await attempt('203.0.113.8')).statusCode).toBe(200);
      } finally {
        await proxied.close();
      }
    },
  );

  it('refuses TRUST_PROXY=true: trusting every hop lets clients pick their address', () => {
    for (const value of ['true', 'all']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    }
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: 'not-an-address' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({}).trustProxy).toBe(false);
  });

  it('stores passwords hashed, never in clear', async () => {
    const row = await t.ctx.db
      .selectFrom('users')
      .select('password_hash')
      .where('username', '=', 'carol')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).not.toContain(DEFAULT_PASSWORD);
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[^$]+\$[^$]+$/);
  });
});

describe('POST /accounts/logout/ajax/', () => {
  it('ends the session and clears the cookies', async () => {
    const client = await login(t.app, 'carol');
    const oldSession = client.cookies.get('sessionid') ?? '';
    expect(sharedDataOf((await client.get('/')).body).config.viewer).not.toBeNull();
    const res = await client.post('/accounts/logout/ajax/', { one_tap_app_login: 1 });
    expect(res.json()).toEqual({ status: 'ok' });
    expect(client.cookies.has('sessionid')).toBe(false);
    expect(client.cookies.has('ds_user_id')).toBe(false);
    expect(sharedDataOf((await client.get('/')).body).config.viewer).toBeNull();
    // The old cookie no longer works either: the session row is gone.
    client.cookies.set('sessionid', oldSession);
    expect(sharedDataOf((await client.get('/')).body).config.viewer).toBeNull();
  });
});
