import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoryViewersPage } from '../../common/storyTypes.ts';
import { createTestApp, createUser, login, type TestApp, type TestClient } from './helpers.ts';
import { addStory, quickUser, testClock } from './content-fixtures.ts';

// Issue 18: the owner's "Seen by N" opens who saw the story, newest first, paged; nobody else
// may read it.

describe('GET /stories/{id}/viewers/', () => {
  let t: TestApp;
  let owner: TestClient;
  let stranger: TestClient;
  let itemId: string;
  const clock = testClock();
  const names: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const me = await createUser(t.ctx, { username: 'teller' });
    await createUser(t.ctx, { username: 'outsider' });
    owner = await login(t.app, 'teller');
    stranger = await login(t.app, 'outsider');
    const item = await addStory(t.ctx, me.id, clock.now() - 3000);
    itemId = item.id;
    // 25 viewers, one a second: watcher24 is the newest.
    for (let i = 0; i < 25; i++) {
      const user = await quickUser(t.ctx, `watcher${i}`);
      names.push(user.username);
      await t.ctx.db
        .insertInto('story_views')
        .values({ item_id: item.id, viewer_id: user.id, seen_at: clock.now() - 1000 + i })
        .execute();
    }
    // The owner's own view is not listed.
    await t.ctx.db
      .insertInto('story_views')
      .values({ item_id: item.id, viewer_id: me.id, seen_at: clock.now() })
      .execute();
  });
  afterAll(async () => t.close());

  const page = async (client: TestClient, query = '') => {
    const res = await client.request({ method: 'GET', url: `/stories/${itemId}/viewers/${query}` });
    return { status: res.statusCode, body: res.json() as StoryViewersPage & { message?: string } };
  };

  it('lists the viewers newest first, 20 a page, with the total', async () => {
    const first = await page(owner);
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(25);
    expect(first.body.users.map((u) => u.username)).toEqual(names.slice(5).reverse());
    expect(first.body.users[0]).toMatchObject({
      username: 'watcher24',
      seen_at: clock.now() - 976,
    });
    expect(first.body.next_max_id).not.toBeNull();
    const second = await page(owner, `?max_id=${first.body.next_max_id}`);
    expect(second.body.users.map((u) => u.username)).toEqual(names.slice(0, 5).reverse());
    expect(second.body.next_max_id).toBeNull();
  });

  it('answers nobody but the owner, and a bad cursor with 400', async () => {
    const other = await page(stranger);
    expect(other.status).toBe(404);
    expect(other.body.message).toBeTruthy();
    const bad = await page(owner, '?max_id=nonsense');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBeTruthy();
    const unknown = await owner.request({ method: 'GET', url: '/stories/999999/viewers/' });
    expect(unknown.statusCode).toBe(404);
  });
});
