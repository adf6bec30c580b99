import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient, createTestApp, createUser, type TestApp } from './helpers.ts';

let t: TestApp;
let clock = 1_800_000_000;

beforeAll(async () => {
  // Rate limits off: this file signs up many accounts from one address on purpose.
  t = await createTestApp({ env: { RATE_LIMIT: 'off' }, now: () => clock });
  await createUser(t.ctx, { username: 'taken.name', email: 'taken@example.com' });
  await createUser(t.ctx, {
    username: 'phone.owner',
    phone_number: '+15550001111',
    password: 'owner-secret-9',
  });
});
afterAll(async () => {
  await t.close();
});

interface SignupAnswer {
  status: string;
  account_created?: boolean;
  dryrun_passed?: boolean;
  user_id?: string;
  code?: number;
  error_type?: string;
  errors: Record<string, { message: string; code: string | number }[] | undefined>;
  username_suggestions?: string[];
}

const good = {
  email: 'new.member@example.com',
  password: 'violet-river-77',
  username: 'new.member',
  first_name: 'New Member',
  client_id: 'test-client',
  seamless_login_enabled: '1',
};

const codesOf = (body: SignupAnswer, field: string) =>
  (body.errors[field] ?? []).map((e) => e.code);

async function latestSms(to: string) {
  const row = await t.ctx.db
    .selectFrom('outbox')
    .selectAll()
    .where('recipient', '=', to)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.code ?? null;
}

describe('email signup', () => {
  it('dry run validates without creating the account', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/accounts/web_create_ajax/attempt/', good);
    expect(res.statusCode).toBe(200);
    const body = res.json() as SignupAnswer;
    expect(body).toMatchObject({ dryrun_passed: true, status: 'ok', errors: {} });
    const row = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'new.member')
      .executeTakeFirst();
    expect(row).toBeUndefined();
    expect(client.cookies.has('sessionid')).toBe(false);
  });

  it('creates the account and starts the session', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/accounts/web_create_ajax/', good);
    const body = res.json() as SignupAnswer;
    expect(body).toMatchObject({ account_created: true, status: 'ok' });
    expect(client.cookies.get('ds_user_id')).toBe(body.user_id);
    const page = await client.get('/accounts/edit/?__a=1');
    expect(page.json()).toMatchObject({
      form_data: {
        username: 'new.member',
        email: 'new.member@example.com',
        first_name: 'New Member',
      },
    });
  });

  it('answers every bad field with a message and a code', async () => {
    const res = await new TestClient(t.app).post('/accounts/web_create_ajax/', {
      email: 'not-an-email',
      password: '123',
      username: '.bad..name',
      first_name: 'x'.repeat(65),
    });
    const body = res.json() as SignupAnswer;
    expect(body.account_created).toBe(false);
    expect(body.error_type).toBe('form_validation_error');
    expect(codesOf(body, 'email')).toEqual(['invalid_email']);
    expect(codesOf(body, 'password')).toEqual(['password_too_short']);
    expect(codesOf(body, 'username')).toEqual(['username_invalid_periods']);
    expect(codesOf(body, 'first_name')).toEqual(['first_name_too_long']);
    for (const list of Object.values(body.errors)) {
      for (const e of list ?? []) expect(e.message.length).toBeGreaterThan(0);
    }
  });

  it('refuses common passwords, bad characters and taken names and emails', async () => {
    const res = await new TestClient(t.app).post('/accounts/web_create_ajax/attempt/', {
      ...good,
      email: 'TAKEN@example.com',
      password: 'password123',
      username: 'Taken.Name',
    });
    const body = res.json() as SignupAnswer;
    expect(body.dryrun_passed).toBe(false);
    expect(codesOf(body, 'email')).toEqual(['email_is_taken']);
    expect(codesOf(body, 'password')).toEqual(['password_too_common']);
    expect(codesOf(body, 'username')).toEqual(['username_is_taken']);
    expect(body.username_suggestions?.length).toBeGreaterThanOrEqual(3);
    expect(body.username_suggestions).not.toContain('taken.name');

    const chars = await new TestClient(t.app).post('/accounts/web_create_ajax/attempt/', {
      ...good,
      email: 'chars@example.com',
      username: 'no spaces!',
    });
    expect(codesOf(chars.json() as SignupAnswer, 'username')).toEqual(['username_invalid_chars']);
  });

  it('suggests free usernames from a name and email', async () => {
    const res = await new TestClient(t.app).post('/accounts/username_suggestions/', {
      name: 'Taken Name',
      email: 'taken.name@example.com',
    });
    const { suggestions } = res.json() as { suggestions: string[] };
    expect(suggestions.length).toBeGreaterThanOrEqual(3);
    expect(suggestions).not.toContain('taken.name');
    for (const s of suggestions) expect(s).toMatch(/^[a-z0-9._]{1,30}$/);
  });

  it('answers code 3 when the email already has an account with that password', async () => {
    await createUser(t.ctx, {
      username: 'returning',
      email: 'back@example.com',
      password: good.password,
    });
    const res = await new TestClient(t.app).post('/accounts/web_create_ajax/', {
      ...good,
      email: 'back@example.com',
      username: 'another.name',
    });
    expect(res.json()).toMatchObject({
      account_created: false,
      code: 3,
      error_type: 'existing_account',
    });
  });

  it('stores hostile names verbatim or refuses them, never 500', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/accounts/web_create_ajax/', {
      ...good,
      email: 'html@example.com',
      username: 'html.person',
      first_name: '<img src=x onerror=alert(1)>',
    });
    expect(res.json()).toMatchObject({ account_created: true });
    const row = await t.ctx.db
      .selectFrom('users')
      .select('full_name')
      .where('username', '=', 'html.person')
      .executeTakeFirstOrThrow();
    expect(row.full_name).toBe('<img src=x onerror=alert(1)>');

    const huge = await new TestClient(t.app).post('/accounts/web_create_ajax/', {
      ...good,
      username: 'u'.repeat(5000),
      password: 'p'.repeat(5000),
    });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toMatchObject({ status: 'fail' });
  });
});

describe('bidi controls in names', () => {
  // U+202A–U+202E and U+2066–U+2069 reorder the text around them wherever the name is shown.
  it('removes them from the full name; a username holding them is refused like any symbol', async () => {
    const client = new TestClient(t.app);
    const res = await client.post('/accounts/web_create_ajax/', {
      ...good,
      email: 'bidi@example.com',
      username: 'bidi.person',
      first_name: '\u202Elive\u202C Na\u2066me\u2069 \u202A\u202B\u202D',
    });
    expect(res.json()).toMatchObject({ account_created: true });
    const row = await t.ctx.db
      .selectFrom('users')
      .select('full_name')
      .where('username', '=', 'bidi.person')
      .executeTakeFirstOrThrow();
    expect(row.full_name).toBe('live Name');

    for (const username of ['\u202Eevil', 'ev\u2067il', 'evil\u202C']) {
      const refused = await new TestClient(t.app).post('/accounts/web_create_ajax/', {
        ...good,
        email: 'bidi.user@example.com',
        username,
      });
      expect(refused.statusCode).toBe(200);
      const body = refused.json() as SignupAnswer;
      expect(body.account_created).toBe(false);
      expect(codesOf(body, 'username')).toEqual(['username_invalid_chars']);
      expect(body.errors.username?.[0].message).toBeTruthy();
      expect(body.username_suggestions?.every((u) => /^[a-z0-9._]+$/.test(u))).toBe(true);
    }
  });
});

describe('phone signup', () => {
  const phone = '+1 (555) 010-2030';
  const stored = '+15550102030';
  const phoneForm = { ...good, email: '', phone_number: phone, username: 'phone.member' };

  it('dry run passes with only the sms_code left', async () => {
    const res = await new TestClient(t.app).post('/accounts/web_create_ajax/attempt/', phoneForm);
    const body = res.json() as SignupAnswer;
    expect(Object.keys(body.errors)).toEqual(['sms_code']);
    expect(codesOf(body, 'sms_code')).toEqual(['conf_code_not_sent']);
  });

  it('needs the code, refuses a wrong one, and accepts the one sent by SMS', async () => {
    const client = new TestClient(t.app);
    const missing = await client.post('/accounts/web_create_ajax/', phoneForm);
    expect(codesOf(missing.json() as SignupAnswer, 'sms_code')).toEqual(['conf_code_not_sent']);

    const sent = await client.post('/accounts/send_signup_sms_code_ajax/', {
      client_id: 'test-client',
      phone_number: phone,
    });
    expect(sent.json()).toMatchObject({ sms_sent: true });
    const code = await latestSms(stored);
    expect(code).toMatch(/^[0-9]{6}$/);

    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await client.post('/accounts/web_create_ajax/', {
      ...phoneForm,
      sms_code: wrongCode,
    });
    const wrongBody = wrong.json() as SignupAnswer;
    expect(wrongBody.account_created).toBe(false);
    expect(wrongBody.error_type).toBe('confirmation_error');
    expect(codesOf(wrongBody, 'sms_code')).toEqual(['invalid_sms_code']);

    const ok = await client.post('/accounts/web_create_ajax/', {
      ...phoneForm,
      sms_code: code ?? '',
    });
    expect(ok.json()).toMatchObject({ account_created: true });
    expect(client.cookies.has('sessionid')).toBe(true);
  });

  it('refuses a second code for the same number within a minute', async () => {
    const client = new TestClient(t.app);
    const body = { client_id: 'c', phone_number: '+44 20 7946 0000' };
    expect((await client.post('/accounts/send_signup_sms_code_ajax/', body)).statusCode).toBe(200);
    clock += 30;
    const again = await client.post('/accounts/send_signup_sms_code_ajax/', body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      status: 'fail',
      errors: { phone_number: [{ code: 'sms_rate_limited' }] },
    });
    clock += 31;
    expect((await client.post('/accounts/send_signup_sms_code_ajax/', body)).statusCode).toBe(200);
  });

  it('refuses invalid and taken numbers', async () => {
    const client = new TestClient(t.app);
    const bad = await client.post('/accounts/send_signup_sms_code_ajax/', { phone_number: '12ab' });
    expect(bad.json()).toMatchObject({
      errors: { phone_number: [{ code: 'invalid_phone_number' }] },
    });
    const owned = await client.post('/accounts/send_signup_sms_code_ajax/', {
      phone_number: '+1 555 000 1111',
    });
    expect(owned.json()).toMatchObject({
      errors: { phone_number: [{ code: 'phone_number_is_taken' }] },
    });
  });

  it('never tries passwords in a dry run: an existing phone is just taken', async () => {
    const res = await new TestClient(t.app).post('/accounts/web_create_ajax/attempt/', {
      ...phoneForm,
      phone_number: '+15550001111',
      password: 'owner-secret-9',
    });
    expect(res.json()).not.toHaveProperty('code');
    expect(res.json()).toMatchObject({
      errors: { phone_number: [{ code: 'phone_number_is_taken' }] },
    });
  });
});
