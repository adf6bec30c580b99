import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { badRequest, notFound } from '../http/errors.ts';
import { WIRE_USER_COLUMNS, toWireUser } from '../http/users.ts';
import type { StoryViewersPage } from '../../common/storyTypes.ts';
import { STORY_NOT_FOUND } from './seen.ts';

/** Viewers per page of the owner's "Seen by" list. */
export const STORY_VIEWERS_PAGE = 20;
export const BAD_VIEWERS_CURSOR = 'That list position is not valid.';

/** The keyset cursor: the last row's seen time and viewer id. */
const cursorOf = (seenAt: number, viewerId: string) => `${seenAt}_${viewerId}`;

function parseCursor(raw: string): { seenAt: number; viewerId: string } {
  const match = /^(\d{1,12})_([A-Za-z0-9]{1,64})$/.exec(raw);
  if (!match) throw badRequest(BAD_VIEWERS_CURSOR);
  return { seenAt: Number(match[1]), viewerId: match[2] };
}

/**
 * Who saw one of the owner's story items, newest first (issue 18, "Seen by N"). Only the owner
 * may ask: for anyone else the item does not exist. Deactivated members are left out, as are
 * members who blocked the owner or whom the owner blocked.
 */
export async function storyViewers(
  ctx: AppContext,
  owner: UsersTable,
  itemId: string,
  maxId: string | undefined,
  count = STORY_VIEWERS_PAGE,
): Promise<StoryViewersPage> {
  const item = await ctx.db
    .selectFrom('story_items')
    .select(['id', 'owner_id'])
    .where('id', '=', itemId)
    .executeTakeFirst();
  if (!item || item.owner_id !== owner.id) throw notFound(STORY_NOT_FOUND);
  const after = maxId ? parseCursor(maxId) : null;
  const base = ctx.db
    .selectFrom('story_views as v')
    .innerJoin('users as u', 'u.id', 'v.viewer_id')
    .where('v.item_id', '=', itemId)
    .where('v.viewer_id', '!=', owner.id)
    .where('u.is_active', '=', 1)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('blocks as b')
            .select('b.blocker_id')
            .where((w) =>
              w.or([
                w.and([w('b.blocker_id', '=', owner.id), w('b.blocked_id', '=', w.ref('u.id'))]),
                w.and([w('b.blocker_id', '=', w.ref('u.id')), w('b.blocked_id', '=', owner.id)]),
              ]),
            ),
        ),
      ),
    );
  let page = base
    .select([...WIRE_USER_COLUMNS.map((c) => `u.${c}` as const), 'v.seen_at'])
    // The viewer's latest quick reaction to this item, if any (issue 18 part 5).
    .select((eb) =>
      eb
        .selectFrom('story_replies as r')
        .select('r.text')
        .where('r.item_id', '=', itemId)
        .where('r.sender_id', '=', eb.ref('v.viewer_id'))
        .where('r.kind', '=', 'reaction')
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(1)
        .as('reaction'),
    )
    .orderBy('v.seen_at', 'desc')
    .orderBy('v.viewer_id', 'desc')
    .limit(count + 1);
  if (after) {
    page = page.where((eb) =>
      eb.or([
        eb('v.seen_at', '<', after.seenAt),
        eb.and([eb('v.seen_at', '=', after.seenAt), eb('v.viewer_id', '<', after.viewerId)]),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    page.execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  const shown = rows.slice(0, count);
  const last = shown[shown.length - 1];
  return {
    users: shown.map((r) => {
      const user = toWireUser(r);
      return {
        id: user.id,
        username: user.username,
        full_name: user.full_name,
        profile_pic_url: user.profile_pic_url,
        is_verified: user.is_verified,
        is_private: user.is_private ?? false,
        seen_at: Number(r.seen_at),
        reaction: r.reaction ?? null,
      };
    }),
    total: Number(total?.n ?? 0),
    next_max_id: rows.length > count && last ? cursorOf(Number(last.seen_at), last.id) : null,
    status: 'ok',
  };
}
