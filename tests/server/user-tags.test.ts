import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WirePost } from '../../common/types.ts';
import { NOTIFICATION_TYPE } from '../../common/notificationTypes.ts';
import type { UsersTable } from '../../server/db/schema.ts';
import { addBlock, graph, quickUser } from './content-fixtures.ts';
import { TestClient, createTestApp, login, type TestApp } from './helpers.ts';
import { stageUpload, testJpeg } from './stageUpload.ts';

/**
 * Tagging people when sharing (the configure calls' `usertags`): stored with their places, shown
 * in the post and on the tagged member's Tagged tab, each told once; bad or refused tags are a
 * 400 that shares nothing.
 */
describe('tagging people at configure', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: UsersTable;
  let cara: UsersTable;

  beforeEach(async () => {
    t = await createTestApp({ seedUsers: true });
    alice = await login(t.app, 'alice');
    bob = await t.ctx.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', 'bob')
      .executeTakeFirstOrThrow();
    cara = (await quickUser(t.ctx, 'cara')) as UsersTable;
  });
  afterEach(() => t.close());

  const usertags = (...tags: object[]) => JSON.stringify({ in: tags });

  async function configure(fields: Record<string, string>) {
    const uploadId = await stageUpload(alice, await testJpeg(320, 320));
    return alice.post('/create/configure/', { upload_id: uploadId, caption: 'Picnic', ...fields });
  }

  async function payload(shortcode: string): Promise<WirePost> {
    const res = await graph<{ shortcode_media: WirePost }>(alice, 'postByShortcode', { shortcode });
    expect(res.status).toBe(200);
    return res.body.data.shortcode_media;
  }

  const postCount = async () => (await t.ctx.db.selectFrom('posts').select('id').execute()).length;

  it('stores each tag with its place, shows it on the post and tells the tagged member', async () => {
    const res = await configure({
      usertags: usertags(
        { user_id: bob.id, position: [0.25, 0.75] },
        { username: 'CARA', position: [1, 0] },
      ),
    });
    expect(res.statusCode).toBe(200);
    const { code, pk } = (res.json() as { media: { code: string; pk: string } }).media;
    const tagged = (await payload(code)).edge_media_to_tagged_user.edges.map((e) => e.node);
    expect(tagged).toEqual(
      expect.arrayContaining([
        { user: { username: 'bob' }, x: 0.25, y: 0.75 },
        { user: { username: 'cara' }, x: 1, y: 0 },
      ]),
    );
    expect(tagged).toHaveLength(2);
    const told = await t.ctx.db
      .selectFrom('notifications')
      .select(['user_id', 'post_id'])
      .where('type', '=', NOTIFICATION_TYPE.userTagged)
      .execute();
    expect(told).toEqual(
      expect.arrayContaining([
        { user_id: bob.id, post_id: pk },
        { user_id: cara.id, post_id: pk },
      ]),
    );
    expect(told).toHaveLength(2);
    // On bob's Tagged tab.
    const tab = await graph<{
      user: { edge_user_to_photos_of_you: { edges: { node: { id: string } }[] } };
    }>(alice, 'profileTagged', { id: bob.id, first: 12 });
    expect(tab.body.data.user.edge_user_to_photos_of_you.edges.map((e) => e.node.id)).toEqual([pk]);
  });

  it('tags the poster without telling them', async () => {
    const me = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'alice')
      .executeTakeFirstOrThrow();
    const res = await configure({ usertags: usertags({ user_id: me.id, position: [0.5, 0.5] }) });
    expect(res.statusCode).toBe(200);
    expect(await t.ctx.db.selectFrom('post_tags').select('user_id').execute()).toEqual([
      { user_id: me.id },
    ]);
    expect(await t.ctx.db.selectFrom('notifications').select('id').execute()).toEqual([]);
  });

  it('refuses malformed tags with a 400 that says how they go, and shares nothing', async () => {
    const malformed = [
      '{in:',
      JSON.stringify({ in: 'bob' }),
      usertags({ position: [0.5, 0.5] }),
      usertags({ username: 'bob', position: [1.2, 0.5] }),
      usertags({ username: 'bob', position: [0.5] }),
      usertags({ username: 'bob', position: ['0.5', 0.5] }),
    ];
    for (const value of malformed) {
      const res = await configure({ usertags: value });
      expect({ value, status: res.statusCode }).toEqual({ value, status: 400 });
      expect((res.json() as { message: string }).message).toMatch(/tagged people are not valid/);
    }
    expect(await postCount()).toBe(0);
  });

  it('refuses more than 20 people, someone unknown, twice the same one, and across a block', async () => {
    const many = Array.from({ length: 21 }, () => ({ username: 'bob', position: [0, 0] }));
    const cases: [string, RegExp][] = [
      [usertags(...many), /up to 20 people/],
      [usertags({ username: 'nobody.here', position: [0, 0] }), /can't tag @nobody\.here/],
      [
        usertags({ username: 'bob', position: [0, 0] }, { user_id: bob.id, position: [1, 1] }),
        /@bob is tagged twice/,
      ],
    ];
    for (const [value, message] of cases) {
      const res = await configure({ usertags: value });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { message: string }).message).toMatch(message);
    }
    await addBlock(t.ctx, cara.id, bob.id);
    const aliceId = (
      await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('username', '=', 'alice')
        .executeTakeFirstOrThrow()
    ).id;
    await addBlock(t.ctx, cara.id, aliceId);
    const blocked = await configure({ usertags: usertags({ username: 'cara', position: [0, 0] }) });
    expect(blocked.statusCode).toBe(400);
    expect((blocked.json() as { message: string }).message).toBe("You can't tag @cara.");
    await t.ctx.db.updateTable('users').set({ is_active: 0 }).where('id', '=', bob.id).execute();
    const gone = await configure({ usertags: usertags({ user_id: bob.id, position: [0, 0] }) });
    expect(gone.statusCode).toBe(400);
    expect(await postCount()).toBe(0);
    // The upload was not used: it can still be shared without the tags.
    expect((await configure({})).statusCode).toBe(200);
  });

  it('tags people in a carousel, on its first photo', async () => {
    const children = [];
    for (let i = 0; i < 2; i++) {
      children.push({ upload_id: await stageUpload(alice, await testJpeg(300, 300)) });
    }
    const res = await alice.post('/create/configure_sidecar/', {
      caption: 'Two',
      children_metadata: JSON.stringify(children),
      usertags: usertags({ username: 'bob', position: [0.1, 0.9] }),
    });
    expect(res.statusCode).toBe(200);
    const { code } = (res.json() as { media: { code: string } }).media;
    expect((await payload(code)).edge_media_to_tagged_user.edges).toEqual([
      { node: { user: { username: 'bob' }, x: 0.1, y: 0.9 } },
    ]);
    const bad = await alice.post('/create/configure_sidecar/', {
      children_metadata: JSON.stringify(children),
      usertags: usertags({ username: 'bob', position: [2, 2] }),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lets a tagged member remove themselves from the post, and no one else', async () => {
    const res = await configure({ usertags: usertags({ username: 'bob', position: [0.5, 0.5] }) });
    const { pk } = (res.json() as { media: { pk: string } }).media;
    const tags = () => t.ctx.db.selectFrom('post_tags').select('user_id').execute();
    // alice posted it but is not tagged: nothing to remove, nothing removed.
    expect((await alice.post(`/web/usertags/${pk}/remove/`)).statusCode).toBe(200);
    expect(await tags()).toEqual([{ user_id: bob.id }]);
    const bobClient = await login(t.app, 'bob');
    const removed = await bobClient.post(`/web/usertags/${pk}/remove/`);
    expect(removed.statusCode).toBe(200);
    expect(await tags()).toEqual([]);
    // The "tagged you" notification goes with the tag; a second press is no error.
    expect(
      await t.ctx.db
        .selectFrom('notifications')
        .select('id')
        .where('type', '=', NOTIFICATION_TYPE.userTagged)
        .execute(),
    ).toEqual([]);
    expect((await bobClient.post(`/web/usertags/${pk}/remove/`)).statusCode).toBe(200);
    // Not without a session, and not for a post one cannot see.
    const visitor = await new TestClient(t.app).post(`/web/usertags/${pk}/remove/`);
    expect(visitor.statusCode).toBeGreaterThanOrEqual(400);
    expect(visitor.statusCode).toBeLessThan(500);
    const missing = await bobClient.post('/web/usertags/999999/remove/');
    expect(missing.statusCode).toBe(404);
  });

  it('lets the owner change who is tagged by editing the post, telling only the newly tagged', async () => {
    const res = await configure({ usertags: usertags({ username: 'bob', position: [0.5, 0.5] }) });
    const { pk, code } = (res.json() as { media: { pk: string; code: string } }).media;
    const toldOf = async (userId: string) =>
      (
        await t.ctx.db
          .selectFrom('notifications')
          .select('id')
          .where('type', '=', NOTIFICATION_TYPE.userTagged)
          .where('user_id', '=', userId)
          .execute()
      ).length;
    const edited = await alice.post(`/create/${pk}/edit/`, {
      usertags: usertags(
        { username: 'bob', position: [0.2, 0.2] },
        { username: 'cara', position: [0.8, 0.8] },
      ),
    });
    expect(edited.statusCode).toBe(200);
    expect(
      (edited.json() as { media: WirePost }).media.edge_media_to_tagged_user.edges.map(
        (e) => e.node,
      ),
    ).toEqual(
      expect.arrayContaining([
        { user: { username: 'bob' }, x: 0.2, y: 0.2 },
        { user: { username: 'cara' }, x: 0.8, y: 0.8 },
      ]),
    );
    // bob was told when first tagged, cara now.
    expect([await toldOf(bob.id), await toldOf(cara.id)]).toEqual([1, 1]);
    // A bad list changes nothing; someone else's post cannot be edited.
    const bad = await alice.post(`/create/${pk}/edit/`, {
      usertags: usertags({ username: 'nobody.here', position: [0, 0] }),
    });
    expect(bad.statusCode).toBe(400);
    const bobClient = await login(t.app, 'bob');
    const notOwner = await bobClient.post(`/create/${pk}/edit/`, { usertags: '' });
    expect(notOwner.statusCode).toBe(403);
    expect((await payload(code)).edge_media_to_tagged_user.edges).toHaveLength(2);
    // An empty list untags everyone; an edit without usertags keeps them.
    await alice.post(`/create/${pk}/edit/`, { usertags: usertags() });
    expect((await payload(code)).edge_media_to_tagged_user.edges).toEqual([]);
    await alice.post(`/create/${pk}/edit/`, {
      usertags: usertags({ username: 'cara', position: [0, 1] }),
    });
    await alice.post(`/create/${pk}/edit/`, { caption: 'Picnic, edited' });
    expect((await payload(code)).edge_media_to_tagged_user.edges).toHaveLength(1);
  });
});
