import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  ReelsMediaData,
  ReelsTrayData,
  WireReel,
  WireStoryPlaceholder,
} from '../../common/storyTypes.ts';
import { createTestApp, createUser, login, type TestApp, type TestClient } from './helpers.ts';
import { addFollow, addStory, graph, quickUser, testClock } from './content-fixtures.ts';

// Issue 18: every story item carries a tiny placeholder the viewer draws in its first frame, and
// the tray names the item each reel opens at, so its picture can be fetched before a tap.

/** A 1080×1920 picture: its top half `top`, its bottom half `bottom` (RGB). */
function twoTone(top: number[], bottom: number[]): Promise<Buffer> {
  const half = { width: 1080, height: 960, channels: 3 as const };
  return sharp({ create: { width: 1080, height: 1920, channels: 3, background: '#000' } })
    .composite([
      {
        input: { create: { ...half, background: { r: top[0], g: top[1], b: top[2] } } },
        top: 0,
        left: 0,
      },
      {
        input: { create: { ...half, background: { r: bottom[0], g: bottom[1], b: bottom[2] } } },
        top: 960,
        left: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The placeholder's pixel at (x, y). */
function pixel(p: WireStoryPlaceholder, x: number, y: number): number[] {
  const bytes = Buffer.from(p.rgb, 'base64');
  const at = (y * p.width + x) * 3;
  return [bytes[at], bytes[at + 1], bytes[at + 2]];
}

const near = (actual: number[], expected: number[], tolerance = 24) =>
  actual.every((v, i) => Math.abs(v - expected[i]) <= tolerance);

describe('story placeholders and the tray start item', () => {
  let t: TestApp;
  let client: TestClient;
  const clock = testClock();
  let owner: { id: string; username: string };
  let items: Awaited<ReturnType<typeof addStory>>[];

  const tray = async () => {
    const res = await graph<ReelsTrayData>(client, 'reelsTray', {});
    expect(res.status).toBe(200);
    return res.body.data.user.feed_reels_tray.edge_reels_tray_to_reel.edges.map((e) => e.node);
  };
  const reelOf = (reels: WireReel[]) => reels.find((r) => r.id === owner.id)!;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    const viewer = await createUser(t.ctx, { username: 'watcher' });
    client = await login(t.app, 'watcher');
    owner = await quickUser(t.ctx, 'painter');
    await addFollow(t.ctx, viewer.id, owner.id);
    const at = clock.now();
    // Rows as stories made before migration 012: a stored picture and no placeholder yet.
    items = [await addStory(t.ctx, owner.id, at - 300), await addStory(t.ctx, owner.id, at - 200)];
    await t.ctx.storage.put(items[0].media_key, await twoTone([220, 30, 30], [30, 30, 220]));
    await t.ctx.storage.put(items[1].media_key, await twoTone([30, 200, 40], [240, 240, 240]));
  });
  afterAll(async () => t.close());

  it('gives each reel of the tray its start item, with a placeholder of its picture', async () => {
    const reel = reelOf(await tray());
    expect(reel.items).toEqual([]);
    expect(reel.start_item).toMatchObject({
      id: items[0].id,
      display_url: `/media/${items[0].media_key}`,
      placeholder: { width: 9, height: 16 },
    });
    const placeholder = reel.start_item!.placeholder!;
    expect(Buffer.from(placeholder.rgb, 'base64')).toHaveLength(9 * 16 * 3);
    // Red on top, blue below, like the picture.
    expect(near(pixel(placeholder, 4, 1), [220, 30, 30])).toBe(true);
    expect(near(pixel(placeholder, 4, 14), [30, 30, 220])).toBe(true);
    // Computed once, then stored.
    const row = await t.ctx.db
      .selectFrom('story_items')
      .select('placeholder')
      .where('id', '=', items[0].id)
      .executeTakeFirstOrThrow();
    expect(row.placeholder).toBe(placeholder.rgb);
  });

  it('carries a placeholder on every reels_media item', async () => {
    const res = await graph<ReelsMediaData>(client, 'reelsMedia', {
      reel_ids: [owner.id],
      precomposed_overlay: false,
    });
    const [first, second] = res.body.data.reels_media[0].items;
    expect(first.placeholder).toBeDefined();
    expect(near(pixel(second.placeholder!, 4, 1), [30, 200, 40])).toBe(true);
    expect(near(pixel(second.placeholder!, 4, 14), [240, 240, 240])).toBe(true);
  });

  it('starts a partly watched reel at its first unseen item', async () => {
    await client.post('/stories/reel/seen', {
      reelMediaId: items[0].id,
      reelMediaOwnerId: owner.id,
      reelId: owner.id,
      reelMediaTakenAt: items[0].taken_at,
      viewSeenAt: clock.now(),
    });
    expect(reelOf(await tray()).start_item?.id).toBe(items[1].id);
    // Watched to the end, the reel starts again from its first item.
    await client.post('/stories/reel/seen', {
      reelMediaId: items[1].id,
      reelMediaOwnerId: owner.id,
      reelId: owner.id,
      reelMediaTakenAt: items[1].taken_at,
      viewSeenAt: clock.now(),
    });
    expect(reelOf(await tray()).start_item?.id).toBe(items[0].id);
  });

  it('sends no placeholder rather than failing when the picture cannot be read', async () => {
    const lost = await addStory(t.ctx, owner.id, clock.now() - 100);
    const res = await graph<ReelsMediaData>(client, 'reelsMedia', {
      reel_ids: [owner.id],
      precomposed_overlay: false,
    });
    expect(res.status).toBe(200);
    const item = res.body.data.reels_media[0].items.find((i) => i.id === lost.id);
    expect(item).toBeDefined();
    expect(item!.placeholder).toBeUndefined();
  });
});
