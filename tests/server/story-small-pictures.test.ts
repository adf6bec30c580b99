import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReelsMediaData, ReelsTrayData, WireReel } from '../../common/storyTypes.ts';
import { createTestApp, createUser, login, type TestApp, type TestClient } from './helpers.ts';
import { addFollow, addStory, graph, quickUser, testClock } from './content-fixtures.ts';

// Issue 18: each story picture also comes 540 px wide (what a desktop viewer draws at 1×), listed
// smallest first in the item's display_resources, the original last; served like the original.

/** A 1080×1920 JPEG with varied pixels. */
function picture(): Promise<Buffer> {
  const pixels = Buffer.alloc(1080 * 1920 * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 31) % 253;
  return sharp(pixels, { raw: { width: 1080, height: 1920, channels: 3 } })
    .jpeg()
    .toBuffer();
}

describe('story pictures in two sizes', () => {
  let t: TestApp;
  let client: TestClient;
  let stranger: TestClient;
  const clock = testClock();
  let owner: { id: string; username: string };
  let item: Awaited<ReturnType<typeof addStory>>;

  const tray = async () => {
    const res = await graph<ReelsTrayData>(client, 'reelsTray', {});
    expect(res.status).toBe(200);
    return res.body.data.user.feed_reels_tray.edge_reels_tray_to_reel.edges.map((e) => e.node);
  };
  const reelOf = (reels: WireReel[]) => reels.find((r) => r.id === owner.id)!;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const viewer = await createUser(t.ctx, { username: 'watcher' });
    await createUser(t.ctx, { username: 'stranger' });
    client = await login(t.app, 'watcher');
    stranger = await login(t.app, 'stranger');
    owner = await quickUser(t.ctx, 'painter');
    await addFollow(t.ctx, viewer.id, owner.id);
    // A row as stories made before migration 019: the picture stored, no smaller copy yet.
    item = await addStory(t.ctx, owner.id, clock.now() - 300);
    await t.ctx.storage.put(item.media_key, await picture());
  });
  afterAll(async () => t.close());

  it('lists a 540 px copy before the original, made once from the stored picture', async () => {
    const start = reelOf(await tray()).start_item!;
    const small = `/media/s/${item.id}/540.jpg`;
    expect(start.display_resources).toEqual([
      { src: small, config_width: 540, config_height: 960 },
      { src: `/media/${item.media_key}`, config_width: 1080, config_height: 1920 },
    ]);
    expect(start.display_url).toBe(`/media/${item.media_key}`);
    const row = await t.ctx.db
      .selectFrom('story_items')
      .select('small_width')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row.small_width).toBe(540);

    // Served to the follower as a 540×960 JPEG; hidden from a stranger, as the original is.
    const res = await client.get(small);
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 540, 960]);
    expect((await stranger.get(small)).statusCode).toBe(404);
    expect((await stranger.get(`/media/${item.media_key}`)).statusCode).toBe(404);

    // The reels payload names the same sizes.
    const media = await graph<ReelsMediaData>(client, 'reelsMedia', {
      reel_ids: [owner.id],
      precomposed_overlay: false,
    });
    expect(media.body.data.reels_media[0].items[0].display_resources).toEqual(
      start.display_resources,
    );
  });

  it('lists the original alone rather than failing when the picture cannot be read', async () => {
    const lost = await addStory(t.ctx, owner.id, clock.now() - 100);
    const res = await graph<ReelsMediaData>(client, 'reelsMedia', {
      reel_ids: [owner.id],
      precomposed_overlay: false,
    });
    expect(res.status).toBe(200);
    const wire = res.body.data.reels_media[0].items.find((i) => i.id === lost.id)!;
    expect(wire.display_resources).toEqual([
      { src: `/media/${lost.media_key}`, config_width: 1080, config_height: 1920 },
    ]);
  });
});
