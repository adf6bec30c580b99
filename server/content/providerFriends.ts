import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { externalProvider } from '../auth/externalProvider.ts';
import { HttpError } from '../http/errors.ts';
import { followableBy } from './access.ts';
import { follow } from './relationships.ts';

// The viewer's friends on the external provider who are members here (content §3
// edge_facebook_friends, accounts §7 follow_all_fb).

/** Caps the friend ids put into one query (bind-parameter limits; a list this long is rare). */
const MAX_FRIEND_IDS = 5000;

/** A provider slower than this (or failing) counts as no friends: the feed never waits on it. */
const FRIENDS_TIMEOUT_MS = 1500;

async function friendIds(ctx: AppContext, viewer: UsersTable): Promise<readonly string[]> {
  if (viewer.fb_id === null) return [];
  const provider = externalProvider(ctx);
  if (!provider) return [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<readonly string[]>((resolve) => {
    timer = setTimeout(() => resolve([]), FRIENDS_TIMEOUT_MS);
  });
  const ids = await Promise.race([
    provider.friendIds(viewer.fb_id).catch((): readonly string[] => []),
    late,
  ]).finally(() => clearTimeout(timer));
  return ids.slice(0, MAX_FRIEND_IDS);
}

/**
 * Active members linked to the viewer's provider friends whom the viewer neither follows nor has
 * asked to follow, with no block either way. `select` picks the columns.
 */
function friendMembers(ctx: AppContext, viewer: UsersTable, ids: readonly string[]) {
  return ctx.db
    .selectFrom('users')
    .where('users.fb_id', 'in', [...ids])
    .where('users.is_active', '=', 1)
    .where('users.id', '!=', viewer.id)
    .where((eb) => followableBy(eb, 'users.id', viewer.id));
}

/** How many provider friends the viewer could still follow; 0 without a linked identity. */
export async function providerFriendsCount(ctx: AppContext, viewer: UsersTable): Promise<number> {
  const ids = await friendIds(ctx, viewer);
  if (ids.length === 0) return 0;
  const row = await friendMembers(ctx, viewer, ids)
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Follows every such friend through the ordinary follow (private accounts get a request). A
 * friend whose follow is refused meanwhile (a block since the lookup) is skipped, not fatal.
 */
export async function followAllProviderFriends(ctx: AppContext, viewer: UsersTable) {
  const ids = await friendIds(ctx, viewer);
  const rows = ids.length === 0 ? [] : await friendMembers(ctx, viewer, ids).select('id').execute();
  let followed_count = 0;
  let requested_count = 0;
  for (const { id } of rows) {
    try {
      if ((await follow(ctx, viewer, id)) === 'following') followed_count++;
      else requested_count++;
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
    }
  }
  return { followed_count, requested_count };
}
