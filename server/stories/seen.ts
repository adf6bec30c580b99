import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import type { StoryViewPayload } from '../../common/storyTypes.ts';
import { reelOwnerVisibleTo } from './access.ts';

export const STORY_NOT_FOUND = 'Story not found.';

/**
 * Records that the viewer saw one story item (content §3 "Story view payload"): a story_views row
 * for the owner's viewer count, and reel_seen raised to the item's taken_at — raised only, so a
 * late or replayed view of an older item never makes newer items look unseen again.
 */
export async function markReelSeen(
  ctx: AppContext,
  viewer: UsersTable,
  view: StoryViewPayload,
): Promise<void> {
  if (view.reelId !== view.reelMediaOwnerId) throw badRequest('reelId must be the owner id.');
  const item = await ctx.db
    .selectFrom('story_items as si')
    .select(['si.id', 'si.owner_id', 'si.taken_at'])
    .where('si.id', '=', view.reelMediaId)
    .where('si.owner_id', '=', view.reelMediaOwnerId)
    .where((eb) => reelOwnerVisibleTo(eb, 'si.owner_id', viewer.id))
    .executeTakeFirst();
  if (!item) throw notFound(STORY_NOT_FOUND);
  if (view.reelMediaTakenAt !== item.taken_at) throw badRequest('reelMediaTakenAt does not match.');
  const now = ctx.now();
  // The client's clock may run ahead; a view is never recorded in the future or before the item.
  const seenAt = Math.max(item.taken_at, Math.min(view.viewSeenAt, now));

  await ctx.db.transaction().execute(async (trx) => {
    // Owners watching their own reel are not counted as viewers.
    if (item.owner_id !== viewer.id) {
      await trx
        .insertInto('story_views')
        .values({ item_id: item.id, viewer_id: viewer.id, seen_at: seenAt })
        .onConflict((oc) => oc.columns(['item_id', 'viewer_id']).doNothing())
        .execute();
    }
    await trx
      .insertInto('reel_seen')
      .values({ viewer_id: viewer.id, owner_id: item.owner_id, seen_at: item.taken_at })
      .onConflict((oc) =>
        oc
          .columns(['viewer_id', 'owner_id'])
          .doUpdateSet({ seen_at: (eb) => eb.ref('excluded.seen_at') })
          .where('reel_seen.seen_at', '<', (eb) => eb.ref('excluded.seen_at')),
      )
      .execute();
  });
}
