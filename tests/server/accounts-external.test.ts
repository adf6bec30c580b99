import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_CONNECTED } from '../../server/routes/external.ts';
import {
  DEFAULT_PASSWORD,
  TestClient,
  createTestApp,
  createUser,
  lastSmsCode,
  login,
  type TestApp,
} from './helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  // demo proved its address (as the seed's members count as having done): logins link by it.
  await createUser(t.ctx, {
    username: 'demo',
    email: 'demo@glint.test',
    email_confirmed: 1,
    full_name: 'Demo',
  });
  await createUser(t.ctx, { username: 'someone', email: 'someone@example.com' });
});
afterAll(async () => {
  await t.close();
});

const RETURN = '/accounts/login/?next=%2Fexplore%2F';

/** Plays the stand-in provider's consent page: "Continue as" the given identity. */
async function providerToken(client: TestClient, identity: string): Promise<string> {
  const page = await client.get(
    `/dev/external-provider/?redirect_uri=${encodeURIComponent(RETURN)}`,
  );
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Continue as Alex Rivera');
  const href = /href="([^"]*identity=standin-[^"]*)"/.exec(page.body)?.[1] ?? '';
  expect(href).toContain('/dev/external-provider/continue/');
  const cont = await client.get(
    `/dev/external-provider/continue/?identity=${identity}&redirect_uri=${encodeURIComponent(RETURN)}`,
  );
  expect(cont.statusCode).toBe(302);
  const location = new URL(cont.headers.location as string, 'http://localhost');
  expect(location.pathname).toBe('/accounts/login/');
  expect(location.searchParams.get('next')).toBe('/explore/');
  const code = location.searchParams.get('code') ?? '';
  const exchange = await client.post('/accounts/fb_code_exchange/', { code, returnURL: RETURN });
  expect(exchange.statusCode).toBe(200);
  return (exchange.json() as { access_token: string }).access_token;
}

describe('stand-in provider', () => {
  it('only redirects back to this site', async () => {
    const client = new TestClient(t.app);
    for (const target of ['https://evil.example/x', '//evil.example/', '/\\evil.example']) {
      const res = await client.get(
        `/dev/external-provider/continue/?identity=standin-1001&redirect_uri=${encodeURIComponent(target)}`,
      );
      expect(res.statusCode).toBe(400);
    }
  });

  it('reports connect status and the profile behind a token', async () => {
    const client = new TestClient(t.app);
    expect((await client.get('/dev/external-provider/status/')).json()).toEqual({
      status: 'unknown',
    });
    const token = await providerToken(client, 'standin-1002');
    const status = (await client.get('/dev/external-provider/status/')).json() as {
      status: string;
      authResponse: { accessToken: string };
    };
    expect(status.status).toBe('connected');
    const me = await client.get(
      `/dev/external-provider/me/?access_token=${status.authResponse.accessToken}`,
    );
    expect(me.json()).toMatchObject({ name: 'Alex Rivera', email: 'alex.rivera@example.com' });
    expect(token).toBeTruthy();
  });

  it('names what the client asked for on the consent page', async () => {
    const client = new TestClient(t.app);
    const ask = (scope: string) =>
      client.get(`/dev/external-provider/?redirect_uri=%2F&scope=${scope}&version=v2.2`);
    expect((await ask('email')).body).toContain(
      'Glint will receive your name and profile picture and your email address.',
    );
    expect((await ask('public_profile')).body).toContain(
      'Glint will receive your name and profile picture.',
    );
  });

  it('refuses a code twice and a code for another return URL', async () => {
    const client = new TestClient(t.app);
    const cont = await client.get(
      `/dev/external-provider/continue/?identity=standin-1001&redirect_uri=${encodeURIComponent(RETURN)}`,
    );
    const code =
      new URL(cont.headers.location as string, 'http://x').searchParams.get('code') ?? '';
    const other = await client.post('/accounts/fb_code_exchange/', {
      code,
      returnURL: '/elsewhere/',
    });
    expect(other.statusCode).toBe(400);
    const again = await client.post('/accounts/fb_code_exchange/', { code, returnURL: RETURN });
    expect(again.statusCode).toBe(400);
  });
});

describe('external login and signup', () => {
  it('logs in the member linked by email', async () => {
    const client = new TestClient(t.app);
    const token = await providerToken(client, 'standin-1001');
    const linked = await client.get(
      `/accounts/fb_linked_account/?fb_access_token=${token}&check_email=1`,
    );
    expect(linked.json()).toMatchObject({
      fb_linked_account: { username: 'demo' },
      email_taken: true,
      status: 'ok',
    });
    const res = await client.post('/accounts/login/ajax/facebook/', { fb_access_token: token });
    expect(res.json()).toMatchObject({ authenticated: true });
    const demo = await t.ctx.db
      .selectFrom('users')
      .select(['id', 'fb_id'])
      .where('username', '=', 'demo')
      .executeTakeFirstOrThrow();
    expect(client.cookies.get('ds_user_id')).toBe(demo.id);
    expect(demo.fb_id).toBe('standin-1001');
  });

  it('signs a new identity up with the provider linked', async () => {
    const client = new TestClient(t.app);
    const token = await providerToken(client, 'standin-1002');
    const noLink = await client.post('/accounts/login/ajax/facebook/', { fb_access_token: token });
    expect(noLink.statusCode).toBe(400);
    expect(noLink.json()).toMatchObject({ message: 'No account linked', fb_signup_possible: true });

    const form = {
      fb_access_token: token,
      first_name: 'Alex Rivera',
      username: 'someone',
      password: '',
    };
    const dry = await client.post('/fb/create/ajax/attempt/', form);
    expect(dry.json()).toMatchObject({
      dryrun_passed: false,
      errors: { username: [{ code: 'username_is_taken' }] },
    });

    const created = await client.post('/fb/create/ajax/', { ...form, username: 'alex.rivera' });
    const body = created.json() as { account_created: boolean; user_id: string };
    expect(body.account_created).toBe(true);
    expect(client.cookies.get('ds_user_id')).toBe(body.user_id);
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['fb_id', 'email'])
      .where('id', '=', body.user_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ fb_id: 'standin-1002', email: 'alex.rivera@example.com' });

    const loginAgain = await new TestClient(t.app).post('/accounts/login/ajax/facebook/', {
      fb_access_token: token,
    });
    expect(loginAgain.json()).toMatchObject({ authenticated: true });
  });

  it('removes bidi controls from the name of an external signup', async () => {
    const client = new TestClient(t.app);
    const token = await providerToken(client, 'standin-1003');
    const form = {
      fb_access_token: token,
      first_name: '\u202ESam\u202C Okafor\u2069',
      password: '',
    };
    const dry = await client.post('/fb/create/ajax/attempt/', { ...form, username: '\u2066sam' });
    expect(dry.json()).toMatchObject({
      dryrun_passed: false,
      errors: { username: [{ code: 'username_invalid_chars' }] },
    });
    const created = await client.post('/fb/create/ajax/', { ...form, username: 'sam.okafor' });
    const body = created.json() as { account_created: boolean; user_id: string };
    expect(body.account_created).toBe(true);
    const row = await t.ctx.db
      .selectFrom('users')
      .select(['full_name', 'username'])
      .where('id', '=', body.user_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ full_name: 'Sam Okafor', username: 'sam.okafor' });
  });

  it('connects the provider to a logged-in member only once', async () => {
    const client = await login(t.app, 'someone');
    const token = await providerToken(client, 'standin-1002');
    const res = await client.post('/fb/connect/ajax/', { fb_access_token: token });
    expect(res.statusCode).toBe(400);
    // Still unlinked, so there are no provider friends to follow.
    const followAll = await client.post('/web/friendships/follow_all_fb', {});
    expect(followAll.statusCode).toBe(400);
    expect(followAll.json()).toMatchObject({ status: 'fail', message: NOT_CONNECTED });
  });

  it('asks a member with two-factor on for the code before logging in', async () => {
    const phone = '+15550004242';
    const guarded = { two_factor_enabled: 1 as const, phone_number: phone };
    await t.ctx.db.updateTable('users').set(guarded).where('username', '=', 'demo').execute();
    try {
      const client = new TestClient(t.app);
      const token = await providerToken(client, 'standin-1001');
      const res = await client.post('/accounts/login/ajax/facebook/', { fb_access_token: token });
      expect(res.statusCode).toBe(400);
      const body = res.json() as {
        two_factor_required: boolean;
        two_factor_info: { username: string; two_factor_identifier: string };
      };
      expect(body).toMatchObject({
        two_factor_required: true,
        two_factor_info: { username: 'demo' },
      });
      expect(client.cookies.has('sessionid')).toBe(false);
      const done = await client.post('/accounts/login/ajax/two_factor/', {
        username: 'demo',
        verificationCode: await lastSmsCode(t.ctx, phone),
        identifier: body.two_factor_info.two_factor_identifier,
      });
      expect(done.json()).toMatchObject({ authenticated: true });
      expect(client.cookies.has('sessionid')).toBe(true);
    } finally {
      await t.ctx.db
        .updateTable('users')
        .set({ two_factor_enabled: 0, phone_number: null })
        .where('username', '=', 'demo')
        .execute();
    }
  });

  it('refuses a made-up token', async () => {
    const res = await new TestClient(t.app).post('/accounts/login/ajax/facebook/', {
      fb_access_token: 'made-up',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'fail' });
  });
});

describe('linking by an email nobody confirmed', () => {
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  });
  afterAll(async () => {
    await s.close();
  });

  const member = (username: string) =>
    s.ctx.db
      .selectFrom('users')
      .select(['id', 'fb_id', 'email_confirmed'])
      .where('username', '=', username)
      .executeTakeFirstOrThrow();

  it('does not log the provider identity into an account that squatted its email', async () => {
    // An attacker signs up with the victim's address; signup checks no mailbox.
    const attacker = new TestClient(s.app);
    const signup = await attacker.post('/accounts/web_create_ajax/', {
      email: 'alex.rivera@example.com',
      password: 'attacker-pass-1',
      username: 'squatter',
      first_name: 'Squatter',
    });
    expect(signup.json()).toMatchObject({ account_created: true });
    expect((await member('squatter')).email_confirmed).toBe(0);

    // The victim later logs in with the provider, whose verified address is that one.
    const victim = new TestClient(s.app);
    const token = await providerToken(victim, 'standin-1002');
    const linked = await victim.get(`/accounts/fb_linked_account/?fb_access_token=${token}`);
    expect(linked.json()).toMatchObject({ fb_linked_account: null, email_taken: true });
    const res = await victim.post('/accounts/login/ajax/facebook/', { fb_access_token: token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'No account linked', fb_signup_possible: true });
    expect(victim.cookies.has('sessionid')).toBe(false);
    expect((await member('squatter')).fb_id).toBeNull();
  });

  it('links once the owner confirms the address through a mailed reset link', async () => {
    const client = new TestClient(s.app);
    await client.post('/accounts/password/reset/', { email_or_username: 'squatter' });
    const mail = await s.ctx.db
      .selectFrom('outbox')
      .select('code')
      .where('recipient', '=', 'alex.rivera@example.com')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const squatter = await member('squatter');
    const reset = await client.post('/accounts/password/reset/confirm/', {
      uid: squatter.id,
      token: mail.code ?? '',
      new_password1: 'owner-pass-22',
      new_password2: 'owner-pass-22',
    });
    expect(reset.json()).toMatchObject({ status: 'ok' });
    expect((await member('squatter')).email_confirmed).toBe(1);

    const token = await providerToken(client, 'standin-1002');
    const res = await client.post('/accounts/login/ajax/facebook/', { fb_access_token: token });
    expect(res.json()).toMatchObject({ authenticated: true });
    expect((await member('squatter')).fb_id).toBe('standin-1002');
  });

  it('forgets the confirmation when the address changes', async () => {
    const client = await login(s.app, 'squatter', 'owner-pass-22');
    const edit = await client.post('/accounts/edit/', {
      first_name: 'Squatter',
      email: 'new.address@example.com',
      username: 'squatter',
      phone_number: '',
      gender: 3,
      biography: '',
      external_url: '',
    });
    expect(edit.statusCode).toBe(200);
    expect((await member('squatter')).email_confirmed).toBe(0);
  });
});

describe('in production', () => {
  it('serves no stand-in pages and refuses external login without a provider', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', RATE_LIMIT: 'off' } });
    try {
      const client = new TestClient(prod.app);
      const page = await client.get('/dev/external-provider/?redirect_uri=%2F', {
        accept: 'application/json',
      });
      expect(page.statusCode).toBe(404);
      const res = await client.post('/accounts/login/ajax/facebook/', { fb_access_token: 'x' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'External login is not available.' });
    } finally {
      await prod.close();
    }
  });
});

describe('external login with two-factor on', () => {
  let s: TestApp;
  const phone = '+15550007777';
  beforeAll(async () => {
    s = await createTestApp({ env: { RATE_LIMIT: 'off' } });
    await createUser(s.ctx, {
      username: 'demo',
      email: 'demo@glint.test',
      email_confirmed: 1,
      two_factor_enabled: 1,
      phone_number: phone,
    });
  });
  afterAll(async () => {
    await s.close();
  });

  const fbId = async () =>
    (
      await s.ctx.db
        .selectFrom('users')
        .select('fb_id')
        .where('username', '=', 'demo')
        .executeTakeFirstOrThrow()
    ).fb_id;

  async function challenge(client: TestClient): Promise<string> {
    const token = await providerToken(client, 'standin-1001');
    const res = await client.post('/accounts/login/ajax/facebook/', { fb_access_token: token });
    expect(res.json()).toMatchObject({ two_factor_required: true });
    return (res.json() as { two_factor_info: { two_factor_identifier: string } }).two_factor_info
      .two_factor_identifier;
  }

  it('links the provider identity only when the code step succeeds', async () => {
    const client = new TestClient(s.app);
    const identifier = await challenge(client);
    expect(await fbId()).toBeNull();
    const wrong = await client.post('/accounts/login/ajax/two_factor/', {
      username: 'demo',
      verificationCode: '000000',
      identifier,
    });
    expect(wrong.statusCode).toBe(400);
    expect(await fbId()).toBeNull();

    const done = await client.post('/accounts/login/ajax/two_factor/', {
      username: 'demo',
      verificationCode: await lastSmsCode(s.ctx, phone),
      identifier,
    });
    expect(done.json()).toMatchObject({ authenticated: true });
    expect(await fbId()).toBe('standin-1001');
    // Linked: the provider's friends can be followed from the feed's card.
    const followAll = await client.post('/web/friendships/follow_all_fb', {});
    expect(followAll.statusCode).toBe(200);
  });

  it('a password login’s challenge links nothing', async () => {
    await s.ctx.db
      .updateTable('users')
      .set({ fb_id: null })
      .where('username', '=', 'demo')
      .execute();
    const client = new TestClient(s.app);
    // Opened by the provider, abandoned; then the member logs in with the password instead.
    await challenge(client);
    const res = await client.post('/accounts/login/ajax/', {
      username: 'demo',
      password: DEFAULT_PASSWORD,
    });
    const info = (res.json() as { two_factor_info: { two_factor_identifier: string } })
      .two_factor_info;
    const done = await client.post('/accounts/login/ajax/two_factor/', {
      username: 'demo',
      verificationCode: await lastSmsCode(s.ctx, phone),
      identifier: info.two_factor_identifier,
    });
    expect(done.json()).toMatchObject({ authenticated: true });
    expect(await fbId()).toBeNull();
  });
});
