import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoryViewersPage } from '../../common/storyTypes.ts';
import { NOTIFICATION_TYPE } from '../../common/notificationTypes.ts';
import { STORY_REPLY_MAX_LENGTH } from '../../common/storyReplies.ts';
import { createTestApp, createUser, login, type TestApp, type TestClient } from './helpers.ts';
import { addFollow, addStory, testClock } from './content-fixtures.ts';

// Issue 18 part 5: replies and quick reactions under someone else's story, found by the owner in
// Activity and in the "Seen by" list. Every rule here is checked by one test that fails without it.

interface ActivityNode {
  type: number;
  text: string;
  user: { username: string };
  story: { id: string; expired: boolean; thumbnail_src: string | null } | null;
}
const DAY = 24 * 3600;

describe('story replies and reactions', () => {
  let t: TestApp;
  let owner: TestClient;
  let fan: TestClient;
  let stranger: TestClient;
  let ownerId: string;
  let fanId: string;
  let itemId: string;
  const clock = testClock();

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    ownerId = (await createUser(t.ctx, { username: 'teller', full_name: 'Tess Teller' })).id;
    fanId = (await createUser(t.ctx, { username: 'fan' })).id;
    await createUser(t.ctx, { username: 'outsider' });
    await addFollow(t.ctx, fanId, ownerId);
    owner = await login(t.app, 'teller');
    fan = await login(t.app, 'fan');
    stranger = await login(t.app, 'outsider');
    itemId = (await addStory(t.ctx, ownerId, clock.now() - 600)).id;
    // A grey 9×16 placeholder, as the server computes when a story is made.
    await t.ctx.db
      .updateTable('story_items')
      .set({ placeholder: Buffer.alloc(9 * 16 * 3, 128).toString('base64') })
      .where('id', '=', itemId)
      .execute();
  });
  afterAll(async () => t.close());

  const reply = (client: TestClient, text: string, id = itemId) =>
    client.post(`/stories/${id}/reply/`, { text });
  const react = (client: TestClient, reaction: string, id = itemId) =>
    client.post(`/stories/${id}/react/`, { reaction });
  const activity = async (client: TestClient) => {
    const res = await client.get('/accounts/activity/?__a=1');
    const body = res.json() as {
      graphql: {
        user: { activity_feed: { edge_web_activity_feed: { edges: { node: ActivityNode }[] } } };
      };
    };
    return body.graphql.user.activity_feed.edge_web_activity_feed.edges.map((e) => e.node);
  };

  it('a follower replies and reacts; the owner finds both in Activity with the story', async () => {
    const sent = await reply(fan, '  Love this view!  ');
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      status: 'ok',
      reply: { kind: 'text', text: 'Love this view!' },
    });
    clock.tick();
    expect((await react(fan, '🔥')).statusCode).toBe(200);

    const nodes = await activity(owner);
    const [reaction, text] = nodes;
    expect(reaction).toMatchObject({ type: NOTIFICATION_TYPE.storyReaction, text: '🔥' });
    expect(text).toMatchObject({ type: NOTIFICATION_TYPE.storyReply, text: 'Love this view!' });
    expect(text.user.username).toBe('fan');
    expect(text.story?.id).toBe(itemId);
    expect(text.story).toMatchObject({ id: itemId, expired: false });
    expect(text.story?.thumbnail_src).toContain(itemId);
    // Nobody else hears of it.
    expect(await activity(fan)).toEqual([]);
  });

  it("the owner's viewers list shows the viewer's latest reaction", async () => {
    clock.tick();
    expect((await react(fan, '😍')).statusCode).toBe(200);
    const res = await owner.get(`/stories/${itemId}/viewers/`);
    const page = res.json() as StoryViewersPage;
    expect(page.users).toEqual([expect.objectContaining({ username: 'fan', reaction: '😍' })]);
    expect(page.total).toBe(1);
  });

  it('refuses empty, too long and unknown answers with a message', async () => {
    for (const [res, message] of [
      [await reply(fan, '   '), 'Write a reply first.'],
      [await reply(fan, 'x'.repeat(STORY_REPLY_MAX_LENGTH + 1)), 'at most 1000'],
      [await react(fan, '💩'), 'quick reactions'],
      [await react(fan, 'hello'), 'quick reactions'],
    ] as const) {
      expect(res.statusCode).toBe(400);
      expect((res.json() as { message: string }).message).toContain(message);
    }
    // The limit counts characters as people do: 1000 emoji are allowed.
    expect((await reply(fan, '🌊'.repeat(STORY_REPLY_MAX_LENGTH))).statusCode).toBe(200);
    const missing = await fan.post(`/stories/${itemId}/reply/`, {});
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a reply without the CSRF token', async () => {
    const res = await fan.post(
      `/stories/${itemId}/reply/`,
      { text: 'hi' },
      { 'x-csrftoken': 'forged-token-000000' },
    );
    expect(res.statusCode).toBe(403);
  });

  it('refuses visitors and members who may not see the story', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: `/stories/${itemId}/react/` });
    expect(visitor.statusCode).toBeGreaterThanOrEqual(400);
    expect(visitor.statusCode).toBeLessThan(500);
    const res = await reply(stranger, 'hello');
    expect(res.statusCode).toBe(404);
    expect((res.json() as { message: string }).message).toBe('Story not found.');
    expect((await react(stranger, '🔥')).statusCode).toBe(404);
  });

  it('refuses replying to your own story', async () => {
    const res = await reply(owner, 'me again');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe("You can't reply to your own story.");
  });

  it('refuses a reply or reaction to an expired story with a clear message', async () => {
    const old = await addStory(t.ctx, ownerId, clock.now() - DAY - 60);
    for (const res of [await reply(fan, 'late', old.id), await react(fan, '👏', old.id)]) {
      expect(res.statusCode).toBe(410);
      expect((res.json() as { message: string }).message).toMatch(/expired/);
    }
  });

  for (const direction of ['owner blocked the fan', 'fan blocked the owner'] as const) {
    it(`refuses blocked members (${direction}), the follow row still there`, async () => {
      const [blocker, blocked] =
        direction === 'owner blocked the fan' ? [ownerId, fanId] : [fanId, ownerId];
      await t.ctx.db
        .insertInto('blocks')
        .values({ blocker_id: blocker, blocked_id: blocked, created_at: clock.now() })
        .execute();
      try {
        expect((await reply(fan, 'still here?')).statusCode).toBe(404);
        expect((await react(fan, '😂')).statusCode).toBe(404);
      } finally {
        await t.ctx.db.deleteFrom('blocks').where('blocker_id', '=', blocker).execute();
      }
      expect((await react(fan, '😂')).statusCode).toBe(200);
    });
  }

  it('an expired story still shows in Activity, by its placeholder instead of its picture', async () => {
    clock.tick(DAY);
    const nodes = await activity(owner);
    const answered = nodes.find((n) => n.type === NOTIFICATION_TYPE.storyReply);
    expect(answered?.story).toMatchObject({ id: itemId, expired: true });
    expect(answered?.story?.thumbnail_src).toMatch(/^data:image\/png;base64,/);
  });
});

describe('story reply rate limit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT: 'on' } });
  });
  afterAll(async () => t.close());

  it('refuses the 31st answer within a minute with 429', async () => {
    const ownerId = (await createUser(t.ctx, { username: 'teller' })).id;
    const fanId = (await createUser(t.ctx, { username: 'fan' })).id;
    await addFollow(t.ctx, fanId, ownerId);
    const fan = await login(t.app, 'fan');
    const item = await addStory(t.ctx, ownerId);
    for (let i = 0; i < 30; i++) {
      expect((await fan.post(`/stories/${item.id}/react/`, { reaction: '🔥' })).statusCode).toBe(
        200,
      );
    }
    const res = await fan.post(`/stories/${item.id}/react/`, { reaction: '👏' });
    expect(res.statusCode).toBe(429);
    expect((res.json() as { message: string }).message).toBeTruthy();
  });
});
