import sharp from 'sharp';
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
  await createUser(t.ctx, { username: 'editor', email: 'editor@example.com', full_name: 'Ed' });
  await createUser(t.ctx, { username: 'other', email: 'other@example.com' });
});
afterAll(async () => {
  await t.close();
});

const userRow = (username: string) =>
  t.ctx.db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', username)
    .executeTakeFirstOrThrow();

const expectFail = (res: { statusCode: number; json: () => unknown }) => {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { status: string; message: string; errors?: unknown };
  expect(body.status).toBe('fail');
  expect(body.message.length).toBeGreaterThan(0);
  return body;
};

const profile = {
  first_name: 'Ed <b>Itor</b>',
  email: 'editor@example.com',
  username: 'editor',
  phone_number: '',
  gender: 3,
  biography: 'Photos & "things"',
  external_url: 'example.com/me',
  chaining_enabled: '1',
  private_account: '0',
};

describe('profile edit', () => {
  it('requires a viewer', async () => {
    const res = await new TestClient(t.app).get('/accounts/edit/?__a=1');
    expect(res.statusCode).toBe(403);
  });

  it('saves the form and stores text verbatim', async () => {
    const client = await login(t.app, 'editor');
    const res = await client.post('/accounts/edit/', profile);
    expect(res.statusCode).toBe(200);
    const data = (await client.get('/accounts/edit/?__a=1')).json() as { form_data: object };
    expect(data.form_data).toEqual({
      first_name: 'Ed <b>Itor</b>',
      email: 'editor@example.com',
      username: 'editor',
      phone_number: '',
      gender: 3,
      biography: 'Photos & "things"',
      external_url: 'http://example.com/me',
      chaining_enabled: true,
      private_account: false,
      business_account: false,
    });
  });

  it('removes bidi controls from the name and refuses a username holding them', async () => {
    await createUser(t.ctx, { username: 'mirror', email: 'mirror@example.com' });
    const client = await login(t.app, 'mirror');
    const base = { ...profile, email: 'mirror@example.com', username: 'mirror' };
    const res = await client.post('/accounts/edit/', {
      ...base,
      first_name: '\u2067\u202Eevil\u202C One\u2069',
    });
    expect(res.statusCode).toBe(200);
    expect((await userRow('mirror')).full_name).toBe('evil One');
    const refused = expectFail(
      await client.post('/accounts/edit/', { ...base, username: '\u202Emirror2' }),
    );
    expect(refused.message).toMatch(/letters, numbers/);
    expect((await userRow('mirror')).username).toBe('mirror');
  });

  it('stores a website as the URL it was checked as', async () => {
    const client = await login(t.app, 'editor');
    const stored = async (external_url: string) => {
      expect((await client.post('/accounts/edit/', { ...profile, external_url })).statusCode).toBe(
        200,
      );
      return (await userRow('editor')).external_url;
    };
    // The parser reads "http:evil.com" as http://evil.com/; prefixing it made http://http:evil.com.
    expect(await stored('http:evil.com')).toBe('http://evil.com');
    expect(await stored('HTTPS:Example.com/Me')).toBe('https://example.com/Me');
    expect(await stored('example.com')).toBe('http://example.com');
    expect(await stored('https://example.com/')).toBe('https://example.com/');
    expect(await stored('')).toBe('');
  });

  it('refuses taken usernames and emails, bad websites and long bios with a message', async () => {
    const client = await login(t.app, 'editor');
    const taken = expectFail(
      await client.post('/accounts/edit/', { ...profile, username: 'OTHER' }),
    );
    expect(taken).toMatchObject({ errors: { username: [{ code: 'username_is_taken' }] } });
    expectFail(await client.post('/accounts/edit/', { ...profile, email: 'other@example.com' }));
    expectFail(
      await client.post('/accounts/edit/', { ...profile, external_url: 'javascript:alert(1)' }),
    );
    expectFail(
      await client.post('/accounts/edit/', { ...profile, external_url: 'http://u:p@x.com' }),
    );
    expectFail(await client.post('/accounts/edit/', { ...profile, external_url: '//evil.com' }));
    expectFail(await client.post('/accounts/edit/', { ...profile, biography: 'b'.repeat(151) }));
    expectFail(await client.post('/accounts/edit/', { ...profile, email: '', phone_number: '' }));
    expect((await userRow('editor')).username).toBe('editor');
  });

  it('answers overlong input with 400, never 500', async () => {
    const client = await login(t.app, 'editor');
    expectFail(
      await client.post('/accounts/edit/', { ...profile, biography: 'x'.repeat(100_000) }),
    );
    expectFail(await client.post('/accounts/edit/', { ...profile, gender: 'many' }));
  });
});

describe('password change and deactivation', () => {
  it('checks the old password and the confirmation', async () => {
    await createUser(t.ctx, { username: 'changer' });
    const client = await login(t.app, 'changer');
    const body = {
      old_password: 'wrong',
      new_password1: 'fresh-pass-1',
      new_password2: 'fresh-pass-1',
    };
    const wrongOld = expectFail(await client.post('/accounts/password/change/', body));
    expect(wrongOld.message).toMatch(/old password/);
    // Per field too: the form marks the field to fix.
    expect(wrongOld.errors).toEqual({ old_password: [{ message: wrongOld.message }] });
    const mismatch = { ...body, old_password: DEFAULT_PASSWORD, new_password2: 'fresh-pass-2' };
    const differ = expectFail(await client.post('/accounts/password/change/', mismatch));
    expect(differ.message).toMatch(/match/);
    expect(differ.errors).toEqual({ new_password2: [{ message: differ.message }] });
    const ok = await client.post('/accounts/password/change/', {
      ...body,
      old_password: DEFAULT_PASSWORD,
    });
    expect(ok.json()).toEqual({ status: 'ok' });
    // This device stays logged in; the new password works, the old one does not.
    expect((await client.get('/accounts/edit/?__a=1')).statusCode).toBe(200);
    await login(t.app, 'changer', 'fresh-pass-1');
    await expect(login(t.app, 'changer')).rejects.toThrow();
  });

  it('changes the password and ends the other sessions together, or not at all', async () => {
    const user = await createUser(t.ctx, { username: 'halfway' });
    const client = await login(t.app, 'halfway');
    const elsewhere = await login(t.app, 'halfway');
    const undo = await failDeletesOf(t.ctx, 'sessions', user.id);
    let res;
    try {
      res = await client.post('/accounts/password/change/', {
        old_password: DEFAULT_PASSWORD,
        new_password1: 'fresh-pass-3',
        new_password2: 'fresh-pass-3',
      });
    } finally {
      await undo();
    }
    // Ending the other session failed: the old password still works and the new one does not,
    // so the member can simply try again (a new password with the thief still logged in is worse).
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toBeTruthy();
    expect(await passwordWorks(t.app, 'halfway', 'fresh-pass-3')).toBe(false);
    expect(await passwordWorks(t.app, 'halfway', DEFAULT_PASSWORD)).toBe(true);
    expect((await elsewhere.get('/accounts/edit/?__a=1')).statusCode).toBe(200);
  });

  it('deactivates with the password and ends the session', async () => {
    await createUser(t.ctx, { username: 'leaver' });
    const client = await login(t.app, 'leaver');
    expectFail(await client.post('/accounts/remove/request/temporary/', { password: 'nope' }));
    const res = await client.post('/accounts/remove/request/temporary/', {
      'deletion-reason': 'taking a break',
      password: DEFAULT_PASSWORD,
    });
    expect(res.json()).toEqual({ status: 'ok' });
    expect((await userRow('leaver')).is_active).toBe(0);
    expect((await client.get('/accounts/edit/?__a=1')).statusCode).toBe(403);
  });
});

describe('preferences', () => {
  it('toggles email preferences', async () => {
    const client = await login(t.app, 'editor');
    const before = (await client.get('/accounts/emailpreferences/?__a=1')).json() as {
      email_preferences: { name: string; checked: number }[];
    };
    expect(before.email_preferences.every((p) => p.checked === 2)).toBe(true);
    const name = before.email_preferences[0].name;
    await client.post('/accounts/emailpreferences/', { name, subscribed: '0' });
    const after = (await client.get('/accounts/emailpreferences/?__a=1')).json() as typeof before;
    expect(after.email_preferences.find((p) => p.name === name)?.checked).toBe(1);
    expectFail(await client.post('/accounts/emailpreferences/', { name: 'nope', subscribed: '1' }));
  });

  it('stores the comment filter and returns keywords sorted', async () => {
    const client = await login(t.app, 'editor');
    await client.post('/accounts/set_comment_filter_web/', { config_value: 1 });
    await client.post('/accounts/set_comment_filter_keywords_web/', {
      keywords: 'zebra, apple ,Mango,, apple',
    });
    const res = await client.get('/accounts/set_comment_filter_keywords_web/');
    expect(res.json()).toMatchObject({ config_value: 1, keywords: ['apple', 'Mango', 'zebra'] });
  });

  it('lists and revokes only the viewer’s app authorizations', async () => {
    const editor = await userRow('editor');
    const other = await userRow('other');
    await t.ctx.db
      .insertInto('app_authorizations')
      .values([
        {
          token: 'tok-editor',
          user_id: editor.id,
          app_name: 'Printer',
          app_description: 'Prints',
          scopes: 'basic,likes',
        },
        {
          token: 'tok-other',
          user_id: other.id,
          app_name: 'Other',
          app_description: 'x',
          scopes: 'basic',
        },
      ])
      .execute();
    const client = await login(t.app, 'editor');
    const list = (await client.get('/accounts/manage_access/?__a=1')).json();
    expect(list).toMatchObject({
      app_authorizations: [
        { app_name: 'Printer', scopes: ['basic', 'likes'], token: 'tok-editor' },
      ],
    });
    expectFail(await client.post('/oauth/revoke_access/', { token: 'tok-other' }));
    expect((await client.post('/oauth/revoke_access/', { token: 'tok-editor' })).json()).toEqual({
      status: 'ok',
    });
  });

  it('deletes only the viewer’s contacts', async () => {
    const editor = await userRow('editor');
    const other = await userRow('other');
    await t.ctx.db
      .insertInto('contacts')
      .values([
        { id: 'c1', user_id: editor.id, raw_value: '+15550000001' },
        { id: 'c2', user_id: editor.id, raw_value: 'friend@example.com' },
        { id: 'c3', user_id: other.id, raw_value: '+15550000003' },
      ])
      .execute();
    const client = await login(t.app, 'editor');
    const res = await client.post('/accounts/delete_contacts/', { node_ids: '["c1","c3"]' });
    expect(res.json()).toEqual({ deleted_count: 1, status: 'ok' });
    expect(
      (await client.post('/accounts/delete_contacts/', { node_ids: 'c2' })).json(),
    ).toMatchObject({
      deleted_count: 1,
    });
    expectFail(await client.post('/accounts/delete_contacts/', { node_ids: '{"a":1}' }));
  });

  it('stores push registrations per device token and zero-rating preferences per media type', async () => {
    const editor = await login(t.app, 'editor');
    const other = await login(t.app, 'other');
    const pushRows = () =>
      t.ctx.db
        .selectFrom('push_registrations')
        .innerJoin('users', 'users.id', 'push_registrations.user_id')
        .select(['device_token', 'username', 'device_type', 'mid'])
        .orderBy('device_token')
        .execute();
    const body = { device_token: 'tok-1', device_type: 'web', mid: 'm1' };
    expect((await editor.post('/push/register/', body)).json()).toEqual({ status: 'ok' });
    expect(await editor.post('/push/register/', { ...body, device_token: 'tok-2' })).toMatchObject({
      statusCode: 200,
    });
    // Registering again updates the row; the same token from another account moves to it.
    await editor.post('/push/register/', { ...body, mid: 'm2' });
    await other.post('/push/register/', { device_token: 'tok-2', device_type: 'web' });
    expect(await pushRows()).toEqual([
      { device_token: 'tok-1', username: 'editor', device_type: 'web', mid: 'm2' },
      { device_token: 'tok-2', username: 'other', device_type: 'web', mid: null },
    ]);
    expectFail(await editor.post('/push/register/', { ...body, device_type: 'ios' }));
    expectFail(await editor.post('/push/register/', { device_type: 'web' }));

    const editorId = (await userRow('editor')).id;
    const zeroRating = () =>
      t.ctx.db
        .selectFrom('zero_rating_preferences')
        .select('media_type')
        .where('user_id', '=', editorId)
        .orderBy('media_type')
        .execute();
    for (const mediaType of ['video', 'photo', 'video']) {
      const res = await editor.post('/zr/nux/update_preference/', { media_type: mediaType });
      expect(res.json()).toEqual({ status: 'ok' });
    }
    expect(await zeroRating()).toEqual([{ media_type: 'photo' }, { media_type: 'video' }]);
    for (const bad of ['', 'Video', '<b>', 'x'.repeat(33)]) {
      expectFail(await editor.post('/zr/nux/update_preference/', { media_type: bad }));
    }

    // Both belong to a member's device and account: visitors are refused, nothing stored.
    const visitor = new TestClient(t.app);
    await visitor.get('/');
    expect((await visitor.post('/push/register/', { ...body, device_token: 'v' })).statusCode).toBe(
      403,
    );
    const zr = await visitor.post('/zr/nux/update_preference/', { media_type: 'video' });
    expect(zr.statusCode).toBe(403);
    expect(await pushRows()).toHaveLength(2);
  });
});

function multipart(field: string, filename: string, type: string, data: Buffer) {
  const boundary = '----glint-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe('profile picture', () => {
  it('stores square 320 and 150 JPEGs, then removes them', async () => {
    const client = await login(t.app, 'editor');
    const png = await sharp({
      create: { width: 500, height: 300, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const res = await client.request({
      method: 'POST',
      url: '/accounts/web_change_profile_picture/',
      ...multipart('profile_pic', 'me.png', 'image/png', png),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body).toMatchObject({
      changed_profile: true,
      has_profile_pic: true,
      profile_pic_to_post_upsell_eligible: true,
      status: 'ok',
    });
    const key = (await userRow('editor')).profile_pic_key ?? '';
    expect(key).toMatch(/^a\/[0-9]+\/[A-Za-z0-9_-]+\/320\.jpg$/);
    expect(body.profile_pic_url_hd).toBe(`/media/${key}`);
    const small = await t.ctx.storage.get(key.replace('320.jpg', '150.jpg'));
    const meta = await sharp(small ?? Buffer.alloc(0)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 150, 150]);

    // Only an empty body removes the picture: a stray field or a file under another name is
    // refused and the picture stays.
    const stray = await client.post('/accounts/web_change_profile_picture/', { profile_pic: 'x' });
    expectFail(stray);
    const misnamed = await client.request({
      method: 'POST',
      url: '/accounts/web_change_profile_picture/',
      ...multipart('photo', 'me.png', 'image/png', png),
    });
    expectFail(misnamed);
    expect((await userRow('editor')).profile_pic_key).toBe(key);

    const removed = await client.post('/accounts/web_change_profile_picture/');
    expect(removed.json()).toMatchObject({ changed_profile: true, has_profile_pic: false });
    expect(await t.ctx.storage.get(key)).toBeNull();
  });

  it('refuses files that are not pictures', async () => {
    const client = await login(t.app, 'editor');
    const res = await client.request({
      method: 'POST',
      url: '/accounts/web_change_profile_picture/',
      ...multipart('profile_pic', 'x.jpg', 'image/jpeg', Buffer.from('<html>not an image</html>')),
    });
    expectFail(res);
  });
});

describe('profile edit dry run (the username checked while typed)', () => {
  const attempt = '/accounts/web_edit_ajax/attempt/';

  it('requires a viewer', async () => {
    const res = await new TestClient(t.app).post(attempt, { username: 'free_name' });
    expect(res.statusCode).toBe(403);
  });

  it("reports another member's username as taken and saves nothing", async () => {
    await createUser(t.ctx, { username: 'checker', email: 'checker@example.com' });
    const client = await login(t.app, 'checker');
    const taken = await client.post(attempt, { username: 'OTHER' });
    expect(taken.statusCode).toBe(200);
    const body = taken.json() as {
      dryrun_passed: boolean;
      errors: { username?: { message: string; code: string }[] };
    };
    expect(body.dryrun_passed).toBe(false);
    expect(body.errors.username?.[0]).toMatchObject({ code: 'username_is_taken' });

    for (const username of ['checker', 'checker_new']) {
      const res = await client.post(attempt, { username });
      expect(res.json()).toMatchObject({ dryrun_passed: true, errors: {} });
    }
    const bad = (await client.post(attempt, { username: 'no spaces' })).json() as {
      errors: { username?: { message: string }[] };
    };
    expect(bad.errors.username?.[0]?.message.length).toBeGreaterThan(0);
    expect((await userRow('checker')).username).toBe('checker');
  });

  it('checks the username only: it never tells whether an email is taken', async () => {
    await createUser(t.ctx, { username: 'prober', email: 'prober@example.com' });
    const client = await login(t.app, 'prober');
    const res = await client.post(attempt, { email: 'checker@example.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ dryrun_passed: true, errors: {} });
  });
});
