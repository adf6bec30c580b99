import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PASSWORD,
  TestClient,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from './helpers.ts';
import { failDeletesOf, passwordWorks } from './faults.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT: 'off' } });
  await createUser(t.ctx, { username: 'forgetful', email: 'forgetful@example.com' });
});
afterAll(async () => {
  await t.close();
});

const outboxFor = (recipient: string) =>
  t.ctx.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).execute();

describe('password reset', () => {
  it('answers known and unknown accounts alike and mails only the known one', async () => {
    const client = new TestClient(t.app);
    const known = await client.post('/accounts/password/reset/', {
      email_or_username: 'forgetful',
    });
    const unknown = await client.post('/accounts/password/reset/', {
      email_or_username: 'nobody@example.com',
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.body).not.toContain('forgetful@');
    const mails = await outboxFor('forgetful@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0].channel).toBe('email');
    expect(mails[0].body).toContain('/accounts/password/reset/confirm/?uid=');
    expect(await outboxFor('nobody@example.com')).toHaveLength(0);
  });

  it('sets a new password once with the mailed link', async () => {
    const client = new TestClient(t.app);
    await client.post('/accounts/password/reset/', { email_or_username: 'forgetful@example.com' });
    const [mail] = (await outboxFor('forgetful@example.com')).slice(-1);
    const link = new URL(
      /\/accounts\/password\/reset\/confirm\/\?\S+/.exec(mail.body)?.[0] ?? '',
      'http://x',
    );
    const form = {
      uid: link.searchParams.get('uid') ?? '',
      token: link.searchParams.get('token') ?? '',
      new_password1: 'brand-new-pass',
      new_password2: 'brand-new-pass',
    };
    expect((await client.post('/accounts/password/reset/confirm/', form)).json()).toEqual({
      status: 'ok',
    });
    await login(t.app, 'forgetful', 'brand-new-pass');
    const reused = await client.post('/accounts/password/reset/confirm/', form);
    expect(reused.statusCode).toBe(400);
  });

  it('sets the password and ends every session together, or not at all', async () => {
    const user = await createUser(t.ctx, { username: 'unlucky', email: 'unlucky@example.com' });
    const session = await login(t.app, 'unlucky');
    const client = new TestClient(t.app);
    await client.post('/accounts/password/reset/', { email_or_username: 'unlucky' });
    const [mail] = (await outboxFor('unlucky@example.com')).slice(-1);
    const link = new URL(
      /\/accounts\/password\/reset\/confirm\/\?\S+/.exec(mail.body)?.[0] ?? '',
      'http://x',
    );
    const form = {
      uid: link.searchParams.get('uid') ?? '',
      token: link.searchParams.get('token') ?? '',
      new_password1: 'after-reset-1',
      new_password2: 'after-reset-1',
    };
    const undo = await failDeletesOf(t.ctx, 'sessions', user.id);
    let failed;
    try {
      failed = await client.post('/accounts/password/reset/confirm/', form);
    } finally {
      await undo();
    }
    // Nothing happened: the old password works, the new one does not, the link is not spent.
    expect(failed.statusCode).toBe(500);
    expect(failed.json().message).toBeTruthy();
    expect(await passwordWorks(t.app, 'unlucky', 'after-reset-1')).toBe(false);
    expect(await passwordWorks(t.app, 'unlucky', DEFAULT_PASSWORD)).toBe(true);
    expect((await client.post('/accounts/password/reset/confirm/', form)).json()).toEqual({
      status: 'ok',
    });
    await login(t.app, 'unlucky', 'after-reset-1');
    expect((await session.get('/accounts/edit/?__a=1')).statusCode).toBe(403);
  });
});
