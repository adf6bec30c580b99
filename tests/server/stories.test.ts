import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersTable } from '../../server/db/schema.ts';
import type { ReelsMediaData, ReelsTrayData, WireReel } from '../../common/storyTypes.ts';
import { createTestApp, createUser, login, TestClient, type TestApp } from './helpers.ts';
import { addFollow, addStory, graph, quickUser, testClock } from './content-fixtures.ts';

const DAY = 24 * 3600;

describe('stories: tray, reels media and seen markers', () => {
  let t: TestApp;
  let viewer: UsersTable;
  let client: TestClient;
  const clock = testClock();
  const owners: Record<string, { id: string; username: string }> = {};
  const items: Record<string, Awaited<ReturnType<typeof addStory>>[]> = {};

  const tray = async (c = client) => {
    const res = await graph<ReelsTrayData>(c, 'reelsTray', {});
    expect(res.status).toBe(200);
    return res.body.data.user.feed_reels_tray.edge_reels_tray_to_reel.edges.map((e) => e.node);
  };
  const media = (reelIds: unknown, c = client) =>
    graph<ReelsMediaData>(c, 'reelsMedia', { reel_ids: reelIds, precomposed_overlay: false });
  const seenBody = (item: Awaited<ReturnType<typeof addStory>>) => ({
    reelMediaId: item.id,
    reelMediaOwnerId: item.owner_id,
    reelId: item.owner_id,
    reelMediaTakenAt: item.taken_at,
    viewSeenAt: clock.now(),
  });
  const names = (reels: WireReel[]) => reels.map((r) => r.user.username);

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    viewer = await createUser(t.ctx, { username: 'viewer' });
    client = await login(t.app, 'viewer');
    for (const name of ['old', 'fresh', 'seen', 'stranger', 'blocker', 'expired']) {
      owners[name] = await quickUser(t.ctx, name);
      if (name !== 'stranger') await addFollow(t.ctx, viewer.id, owners[name].id);
    }
    await t.ctx.db
      .insertInto('blocks')
      .values({ blocker_id: owners.blocker.id, blocked_id: viewer.id, created_at: clock.now() })
      .execute();
    const at = clock.now();
    items.old = [await addStory(t.ctx, owners.old.id, at - 5000)];
    items.fresh = [
      await addStory(t.ctx, owners.fresh.id, at - 300),
      await addStory(t.ctx, owners.fresh.id, at - 200),
    ];
    items.seen = [await addStory(t.ctx, owners.seen.id, at - 100)];
    items.stranger = [await addStory(t.ctx, owners.stranger.id, at - 50)];
    items.blocker = [await addStory(t.ctx, owners.blocker.id, at - 50)];
    items.expired = [await addStory(t.ctx, owners.expired.id, at - 2 * DAY)];
    items.own = [await addStory(t.ctx, viewer.id, at - 9000)];
    await t.ctx.db
      .insertInto('reel_seen')
      .values({ viewer_id: viewer.id, owner_id: owners.seen.id, seen_at: at - 100 })
      .execute();
  });
  afterAll(async () => t.close());

  it('ranks the own reel first, then unseen reels newest first, then seen ones', async () => {
    const reels = await tray();
    expect(names(reels)).toEqual(['viewer', 'fresh', 'old', 'seen']);
    const fresh = reels[1];
    expect(fresh).toMatchObject({
      id: owners.fresh.id,
      latest_reel_media: items.fresh[1].taken_at,
      expiring_at: items.fresh[1].expiring_at,
      seen: null,
      can_reply: true,
      muted: false,
      ranked_position: 2,
      items: [],
      user: { id: owners.fresh.id, username: 'fresh' },
    });
    expect(reels[3].seen).toBe(items.seen[0].taken_at);
    expect(reels[0].can_reply).toBe(false);
  });

  it('serves the live items of visible reels in the requested order', async () => {
    const ids = [owners.old.id, owners.fresh.id, owners.stranger.id, owners.blocker.id];
    const res = await media([...ids, owners.expired.id]);
    expect(res.status).toBe(200);
    const reels = res.body.data.reels_media;
    expect(reels.map((r) => r.user.username)).toEqual(['old', 'fresh']);
    expect(reels[1].items.map((i) => i.id)).toEqual(items.fresh.map((i) => i.id));
    expect(reels[1].items[0]).toEqual({
      id: items.fresh[0].id,
      __typename: 'GraphStoryImage',
      display_url: `/media/s/${items.fresh[0].id}/1080.jpg`,
      dimensions: { width: 1080, height: 1920 },
      taken_at_timestamp: items.fresh[0].taken_at,
      expiring_at_timestamp: items.fresh[0].expiring_at,
      is_video: false,
      // No stored picture here, so no smaller copy: the original alone.
      display_resources: [
        {
          src: `/media/s/${items.fresh[0].id}/1080.jpg`,
          config_width: 1080,
          config_height: 1920,
        },
      ],
    });
  });

  it('refuses bad reel_ids and logged-out callers', async () => {
    expect((await media([])).status).toBe(400);
    expect((await media('x')).status).toBe(400);
    expect((await media(['../etc'])).status).toBe(400);
    const tooMany = Array.from({ length: 16 }, (_, i) => String(i + 1));
    const res = await media(tooMany);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'fail', message: expect.any(String) });
    expect((await graph(new TestClient(t.app), 'reelsTray', {})).status).toBe(403);
  });

  it('raises the seen marker to the maximum and never lowers it', async () => {
    const [first, second] = items.fresh;
    let res = await client.post('/stories/reel/seen', seenBody(second));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    res = await client.post('/stories/reel/seen', seenBody(first));
    expect(res.statusCode).toBe(200);
    const fresh = (await tray()).find((r) => r.id === owners.fresh.id);
    expect(fresh?.seen).toBe(second.taken_at);
    // Fully seen now: it drops behind the unseen reel of "old", among the seen ones by recency.
    expect(names(await tray())).toEqual(['viewer', 'old', 'seen', 'fresh']);
  });

  it('shows view counts to the owner only', async () => {
    const other = await createUser(t.ctx, { username: 'other' });
    await addFollow(t.ctx, other.id, viewer.id);
    const otherClient = await login(t.app, 'other');
    const seen = await otherClient.post('/stories/reel/seen', seenBody(items.own[0]));
    expect(seen.statusCode).toBe(200);
    // The owner watching their own story is not counted.
    await client.post('/stories/reel/seen', seenBody(items.own[0]));
    const own = (await media([viewer.id])).body.data.reels_media[0];
    expect(own.items[0].story_view_count).toBe(1);
    const asOther = (await media([viewer.id], otherClient)).body.data.reels_media[0];
    expect(asOther.items[0]).not.toHaveProperty('story_view_count');
  });

  it('validates the story view payload', async () => {
    const item = items.old[0];
    const post = (body: Record<string, string | number>) => client.post('/stories/reel/seen', body);
    const cases: Record<string, string | number>[] = [
      { ...seenBody(item), reelMediaId: '' },
      { ...seenBody(item), reelMediaTakenAt: 'soon' },
      { ...seenBody(item), reelId: owners.fresh.id },
      { ...seenBody(item), reelMediaTakenAt: item.taken_at + 1 },
    ];
    for (const body of cases) {
      const res = await post(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'fail', message: expect.any(String) });
    }
    // Someone else's item, or one from a reel the viewer cannot watch: not found.
    expect((await post({ ...seenBody(items.stranger[0]) })).statusCode).toBe(404);
    expect((await post({ ...seenBody(items.blocker[0]) })).statusCode).toBe(404);
    expect(
      (await new TestClient(t.app).post('/stories/reel/seen', seenBody(item))).statusCode,
    ).toBe(403);
  });

  it('drops reels from the tray once all their items expire', async () => {
    clock.tick(DAY - 4000); // "old" (taken 5000 s before the start) is now past 24 h
    expect(names(await tray())).not.toContain('old');
    expect((await media([owners.old.id])).body.data.reels_media).toEqual([]);
  });
});
