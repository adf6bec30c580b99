import type { AppContext } from '../context.ts';
import type { StoryItemsTable, UsersTable } from '../db/schema.ts';
import { profilePicUrl } from '../http/users.ts';
import { mediaUrl } from '../media/storage.ts';
import type {
  ReelsMediaData,
  ReelsTrayData,
  WireReel,
  WireReelUser,
  WireStoryItem,
} from '../../common/storyTypes.ts';
import { reelOwnerVisibleTo } from './access.ts';
import { fillMissingPlaceholders, wirePlaceholder } from './placeholder.ts';
import { displayResources, fillMissingSmallPictures } from './variant.ts';

/** Reel batch size (content §9): one reels_media call asks for at most this many reels. */
export const REEL_BATCH_SIZE = 15;

interface ReelSummary {
  ownerId: string;
  latest: number;
  expiring: number;
  count: number;
}

/** Live items per visible owner: newest taken_at, last expiry and count. */
async function reelSummaries(
  ctx: AppContext,
  viewerId: string,
  ownerIds?: string[],
): Promise<ReelSummary[]> {
  let q = ctx.db
    .selectFrom('story_items as si')
    .select((eb) => [
      'si.owner_id',
      eb.fn.max('si.taken_at').as('latest'),
      eb.fn.max('si.expiring_at').as('expiring'),
      eb.fn.countAll().as('n'),
    ])
    .where('si.expiring_at', '>', ctx.now())
    .where((eb) => reelOwnerVisibleTo(eb, 'si.owner_id', viewerId))
    .groupBy('si.owner_id');
  if (ownerIds) q = q.where('si.owner_id', 'in', ownerIds);
  const rows = await q.execute();
  // PostgreSQL answers aggregates as strings; SQLite as numbers.
  return rows.map((r) => ({
    ownerId: r.owner_id,
    latest: Number(r.latest),
    expiring: Number(r.expiring),
    count: Number(r.n),
  }));
}

async function reelUsers(ctx: AppContext, ids: string[]): Promise<Map<string, WireReelUser>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'profile_pic_key'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((u) => [u.id, { id: u.id, username: u.username, profile_pic_url: profilePicUrl(u) }]),
  );
}

/** reel_seen.seen_at per owner: the highest taken_at the viewer has seen there. */
async function seenMarkers(
  ctx: AppContext,
  viewerId: string,
  ownerIds: string[],
): Promise<Map<string, number>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('reel_seen')
    .select(['owner_id', 'seen_at'])
    .where('viewer_id', '=', viewerId)
    .where('owner_id', 'in', ownerIds)
    .execute();
  return new Map(rows.map((r) => [r.owner_id, Number(r.seen_at)]));
}

const isUnseen = (s: ReelSummary, seen: Map<string, number>) =>
  (seen.get(s.ownerId) ?? -1) < s.latest;

/**
 * The tray order (content §4): the viewer's own reel always first, then reels with something
 * unseen, each group newest first. Ties fall back to the owner id so the order is stable.
 */
export function rankReels(
  summaries: ReelSummary[],
  seen: Map<string, number>,
  viewerId: string,
): ReelSummary[] {
  const key = (s: ReelSummary) => [s.ownerId === viewerId ? 0 : 1, isUnseen(s, seen) ? 0 : 1];
  return [...summaries].sort((a, b) => {
    const [ao, au] = key(a);
    const [bo, bu] = key(b);
    return ao - bo || au - bu || b.latest - a.latest || a.ownerId.localeCompare(b.ownerId);
  });
}

/** data for the reels tray query: every visible reel with live items, ranked, items empty. */
export async function reelsTray(ctx: AppContext, viewer: UsersTable): Promise<ReelsTrayData> {
  const summaries = await reelSummaries(ctx, viewer.id);
  const ownerIds = summaries.map((s) => s.ownerId);
  const [users, seen] = await Promise.all([
    reelUsers(ctx, ownerIds),
    seenMarkers(ctx, viewer.id, ownerIds),
  ]);
  const ranked = rankReels(summaries, seen, viewer.id);
  const starts = await startItems(ctx, ownerIds, seen);
  // Where the reel would sit if seen state were ignored (own first, then newest first).
  const byRecency = [...summaries]
    .sort((a, b) => b.latest - a.latest || a.ownerId.localeCompare(b.ownerId))
    .sort((a, b) => Number(b.ownerId === viewer.id) - Number(a.ownerId === viewer.id))
    .map((s) => s.ownerId);
  const edges = ranked.flatMap((s, i) => {
    const user = users.get(s.ownerId);
    if (!user) return [];
    const node: WireReel = {
      id: s.ownerId,
      latest_reel_media: s.latest,
      expiring_at: s.expiring,
      seen: seen.get(s.ownerId) ?? null,
      can_reply: s.ownerId !== viewer.id,
      muted: false,
      // The client prefetches this many items' media when the reel comes near.
      prefetch_count: s.count,
      ranked_position: i + 1,
      seen_ranked_position: byRecency.indexOf(s.ownerId) + 1,
      user,
      items: [],
    };
    const start = starts.get(s.ownerId);
    if (start) node.start_item = toWireItem(start, null);
    return [{ node }];
  });
  return { user: { feed_reels_tray: { edge_reels_tray_to_reel: { edges } } } };
}

/**
 * The item each reel opens at (content §4: its first unseen item, else its first): the tray
 * carries it so the client fetches that picture before a tap. One read of the reels' live items.
 */
async function startItems(
  ctx: AppContext,
  ownerIds: string[],
  seen: Map<string, number>,
): Promise<Map<string, StoryItemsTable>> {
  if (ownerIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('story_items')
    .selectAll()
    .where('owner_id', 'in', ownerIds)
    .where('expiring_at', '>', ctx.now())
    .orderBy('taken_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const starts = new Map<string, StoryItemsTable>();
  for (const row of rows) {
    const current = starts.get(row.owner_id);
    const marker = seen.get(row.owner_id);
    const unseen = marker === undefined || row.taken_at > marker;
    const currentUnseen = current && (marker === undefined || current.taken_at > marker);
    if (!current || (unseen && !currentUnseen)) starts.set(row.owner_id, row);
  }
  await fillMissingPlaceholders(ctx, [...starts.values()]);
  await fillMissingSmallPictures(ctx, [...starts.values()]);
  return starts;
}

function toWireItem(row: StoryItemsTable, viewCount: number | null): WireStoryItem {
  const isVideo = row.is_video === 1;
  const placeholder = wirePlaceholder(row.placeholder);
  return {
    id: row.id,
    __typename: isVideo ? 'GraphStoryVideo' : 'GraphStoryImage',
    display_url: mediaUrl(row.media_key),
    dimensions: { width: row.width, height: row.height },
    taken_at_timestamp: row.taken_at,
    expiring_at_timestamp: row.expiring_at,
    is_video: isVideo,
    ...(isVideo && row.video_key ? { video_url: mediaUrl(row.video_key) } : {}),
    ...(isVideo && row.video_duration !== null ? { video_duration: row.video_duration } : {}),
    ...(viewCount !== null ? { story_view_count: viewCount } : {}),
    ...(placeholder ? { placeholder } : {}),
    display_resources: displayResources(row),
  };
}

/** How many people (other than the owner) viewed each of the owner's items. */
async function viewCounts(
  ctx: AppContext,
  ownerId: string,
  itemIds: string[],
): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('story_views')
    .select((eb) => ['item_id', eb.fn.countAll().as('n')])
    .where('item_id', 'in', itemIds)
    .where('viewer_id', '!=', ownerId)
    .groupBy('item_id')
    .execute();
  return new Map(rows.map((r) => [r.item_id, Number(r.n)]));
}

/**
 * data for the reels media query: the live items of each requested reel the viewer may watch, in
 * the requested order. Unknown, hidden or empty reels are simply absent.
 */
export async function reelsMedia(
  ctx: AppContext,
  viewer: UsersTable,
  reelIds: string[],
): Promise<ReelsMediaData> {
  const ids = [...new Set(reelIds)];
  if (ids.length === 0) return { reels_media: [] };
  const summaries = await reelSummaries(ctx, viewer.id, ids);
  const ownerIds = summaries.map((s) => s.ownerId);
  if (ownerIds.length === 0) return { reels_media: [] };
  const [users, seen, items] = await Promise.all([
    reelUsers(ctx, ownerIds),
    seenMarkers(ctx, viewer.id, ownerIds),
    ctx.db
      .selectFrom('story_items')
      .selectAll()
      .where('owner_id', 'in', ownerIds)
      .where('expiring_at', '>', ctx.now())
      .orderBy('taken_at', 'asc')
      .orderBy('id', 'asc')
      .execute(),
  ]);
  await fillMissingPlaceholders(ctx, items);
  await fillMissingSmallPictures(ctx, items);
  const ownItemIds = items.filter((i) => i.owner_id === viewer.id).map((i) => i.id);
  const counts = await viewCounts(ctx, viewer.id, ownItemIds);
  const byOwner = new Map(summaries.map((s) => [s.ownerId, s]));
  const reels = ids.flatMap((id) => {
    const summary = byOwner.get(id);
    const user = users.get(id);
    if (!summary || !user) return [];
    const isOwner = id === viewer.id;
    return [
      {
        id,
        latest_reel_media: summary.latest,
        expiring_at: summary.expiring,
        seen: seen.get(id) ?? null,
        user,
        items: items
          .filter((i) => i.owner_id === id)
          .map((i) => toWireItem(i, isOwner ? (counts.get(i.id) ?? 0) : null)),
      },
    ];
  });
  return { reels_media: reels };
}
