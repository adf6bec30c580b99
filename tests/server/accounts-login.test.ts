import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
let clock = 1_800_000_000;
const PHONE = '+15550109999';

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' }, now: () => clock });
  await createUser(t.ctx, { username: 'guarded', phone_number: PHONE, two_factor_enabled: 1 });
  await createUser(t.ctx, { username: 'plain', email: 'plain@example.com' });
});
afterAll(async () => {
  await t.close();
});

const latestSmsCode = () => lastSmsCode(t.ctx, PHONE);

interface TwoFactorInfo {
  two_factor_identifier: string;
  obfuscated_phone_number: string;
  username: string;
}

async function startTwoFactor(client: TestClient): Promise<TwoFactorInfo> {
  const res = await client.post('/accounts/login/ajax/', {
    username: 'guarded',
    password: DEFAULT_PASSWORD,
  });
  expect(res.statusCode).toBe(400);
  const body = res.json() as { two_factor_required: boolean; two_factor_info: TwoFactorInfo };
  expect(body.two_factor_required).toBe(true);
  expect(body.two_factor_info.obfuscated_phone_number).toBe('9999');
  return body.two_factor_info;
}

describe('two-factor login', () => {
  it('logs in with the code sent by SMS', async () => {
    const client = new TestClient(t.app);
    const info = await startTwoFactor(client);
    const res = await client.post('/accounts/login/ajax/two_factor/', {
      username: 'guarded',
      verificationCode: await latestSmsCode(),
      identifier: info.two_factor_identifier,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ authenticated: true, reactivated: false, status: 'ok' });
    expect(client.cookies.has('sessionid')).toBe(true);
  });

  it('refuses a wrong code with the message, and a used code', async () => {
    const client = new TestClient(t.app);
    const info = await startTwoFactor(client);
    const code = await latestSmsCode();
    const wrong = await client.post('/accounts/login/ajax/two_factor/', {
      username: 'guarded',
      verificationCode: code === '123456' ? '654321' : '123456',
      identifier: info.two_factor_identifier,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      status: 'fail',
      message: 'Please check the security code and try again.',
    });
    expect(client.cookies.has('sessionid')).toBe(false);
  });

  it("does not accept one member's code for another member", async () => {
    await createUser(t.ctx, {
      username: 'victim',
      phone_number: '+15550107777',
      two_factor_enabled: 1,
    });
    const client = new TestClient(t.app);
    const info = await startTwoFactor(client);
    const res = await client.post('/accounts/login/ajax/two_factor/', {
      username: 'victim',
      verificationCode: await latestSmsCode(),
      identifier: info.two_factor_identifier,
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a new code right after one was sent, then sends one', async () => {
    const client = new TestClient(t.app);
    const info = await startTwoFactor(client);
    const body = { username: 'guarded', identifier: info.two_factor_identifier };
    const early = await client.post('/accounts/send_two_factor_login_sms/', body);
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      message: 'Please wait a few seconds before requesting another code.',
    });
    clock += 31;
    const first = await latestSmsCode();
    const later = await client.post('/accounts/send_two_factor_login_sms/', body);
    expect(later.json()).toMatchObject({
      two_factor_info: {
        two_factor_identifier: info.two_factor_identifier,
        obfuscated_phone_number: '9999',
      },
      status: 'ok',
    });
    const second = await latestSmsCode();
    const res = await client.post('/accounts/login/ajax/two_factor/', {
      username: 'guarded',
      verificationCode: second,
      identifier: info.two_factor_identifier,
    });
    expect(res.json()).toMatchObject({ authenticated: true });
    expect(first).toMatch(/^[0-9]{6}$/);
  });

  it('sends no code for a challenge that was never opened', async () => {
    const res = await new TestClient(t.app).post('/accounts/send_two_factor_login_sms/', {
      username: 'guarded',
      identifier: 'made-up-identifier',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('one-tap login', () => {
  it('logs back in with the nonce of a password login after logout', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/accounts/login/ajax/', {
      username: 'plain',
      password: DEFAULT_PASSWORD,
    });
    const { login_nonce, userId } = res.json() as { login_nonce: string; userId: string };
    expect(login_nonce).toBeTruthy();
    await client.post('/accounts/logout/ajax/', { one_tap_app_login: '1' });
    expect(client.cookies.has('sessionid')).toBe(false);

    const oneTap = await client.post('/accounts/one_tap_web_login/', {
      user_id: userId,
      login_nonce,
    });
    expect(oneTap.statusCode).toBe(200);
    expect(oneTap.json()).toMatchObject({ authenticated: true, status: 'ok' });
    expect(client.cookies.get('ds_user_id')).toBe(userId);
  });

  it('refuses a bad nonce as invalid and starts no session', async () => {
    const plain = await login(t.app, 'plain');
    const userId = plain.cookies.get('ds_user_id') ?? '';
    const client = new TestClient(t.app);
    const res = await client.post('/accounts/one_tap_web_login/', {
      user_id: userId,
      login_nonce: 'not-the-nonce',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'fail', error_type: 'invalid_nonce' });
    expect(client.cookies.has('sessionid')).toBe(false);
  });

  it('removes a nonce so it no longer logs in', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/accounts/login/ajax/', {
      username: 'plain',
      password: DEFAULT_PASSWORD,
    });
    const { login_nonce, userId } = res.json() as { login_nonce: string; userId: string };
    await client.post('/accounts/logout/ajax/', { one_tap_app_login: '1' });
    const removed = await client.post('/accounts/one_tap_web_remove_nonce/', {
      user_id: userId,
      login_nonce,
    });
    expect(removed.json()).toMatchObject({ removed: true });
    const again = await client.post('/accounts/one_tap_web_login/', {
      user_id: userId,
      login_nonce,
    });
    expect(again.json()).toMatchObject({ error_type: 'invalid_nonce' });
  });
});

describe('one-tap login switched off (FEATURES_OFF=one_tap_login)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ env: { FEATURES_OFF: 'one_tap_login' } });
    await createUser(off.ctx, { username: 'plain' });
  });
  afterAll(async () => {
    await off.close();
  });

  it('gives no login nonce and keeps none at logout, whatever the client asks', async () => {
    const client = new TestClient(off.app);
    const res = await client.post('/accounts/login/ajax/', {
      username: 'plain',
      password: DEFAULT_PASSWORD,
    });
    expect(res.json()).toMatchObject({ authenticated: true });
    expect(res.json()).not.toHaveProperty('login_nonce');
    const userId = client.cookies.get('ds_user_id') ?? '';
    await off.ctx.db
      .insertInto('login_nonces')
      .values({ user_id: userId, nonce_hash: 'left-from-before', created_at: 1 })
      .execute();
    await client.post('/accounts/logout/ajax/', { one_tap_app_login: '1' });
    const left = await off.ctx.db
      .selectFrom('login_nonces')
      .select('user_id')
      .where('user_id', '=', userId)
      .execute();
    expect(left).toEqual([]);
    const oneTap = await client.post('/accounts/one_tap_web_login/', {
      user_id: userId,
      login_nonce: 'anything',
    });
    expect(oneTap.statusCode).toBe(400);
    expect(oneTap.json()).toMatchObject({ error_type: 'invalid_nonce' });
  });
});
