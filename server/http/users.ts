import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { listedNotifications } from '../content/listedNotifications.ts';
import { mediaUrl } from '../media/storage.ts';
import type { WireUser, WireViewer } from '../../common/types.ts';

/** Served by server/routes/media.ts for users without a profile picture. */
export const DEFAULT_AVATAR_URL = '/media/default/avatar.svg';

type AvatarFields = Pick<UsersTable, 'profile_pic_key'>;

/** The small (150 px) avatar; the default avatar when the user has none. */
export function profilePicUrl(row: AvatarFields): string {
  if (!row.profile_pic_key) return DEFAULT_AVATAR_URL;
  // profile_pic_key is the 320 px file; its 150 px sibling sits beside it.
  return mediaUrl(row.profile_pic_key.replace(/\/320\.jpg$/, '/150.jpg'));
}

/** The large (320 px) avatar. */
export function profilePicUrlHd(row: AvatarFields): string {
  return row.profile_pic_key ? mediaUrl(row.profile_pic_key) : DEFAULT_AVATAR_URL;
}

type UserFields = Pick<
  UsersTable,
  'id' | 'username' | 'full_name' | 'profile_pic_key' | 'is_verified' | 'is_private'
>;

/** The columns toWireUser reads: select these rather than every column of users. */
export const WIRE_USER_COLUMNS = [
  'id',
  'username',
  'full_name',
  'profile_pic_key',
  'is_verified',
  'is_private',
] as const;

/** A user inside posts, comments, search and lists; `extra` adds viewer-relative flags. */
export function toWireUser(row: UserFields, extra: Partial<WireUser> = {}): WireUser {
  return {
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    profile_pic_url: profilePicUrl(row),
    is_verified: row.is_verified === 1,
    is_private: row.is_private === 1,
    ...extra,
  };
}

// PostgreSQL returns count(*) as a bigint string, SQLite as a number.
const toCount = (row: { n: string | number | bigint } | undefined) => Number(row?.n ?? 0);

/**
 * Whether a notification the activity feed lists (content/listedNotifications.ts) arrived after
 * the viewer last checked it: it lights the nav's unread dot.
 */
async function activitySince(ctx: AppContext, row: UsersTable) {
  const unseen = await listedNotifications(ctx, row.id)
    .select('notifications.id')
    .where('notifications.created_at', '>', row.activity_checked_at)
    .limit(1)
    .executeTakeFirst();
  return { has_unseen_activity: unseen !== undefined };
}

/** The logged-in viewer as sent in the shared page data (and by profile edits). */
export async function toWireViewer(ctx: AppContext, row: UsersTable): Promise<WireViewer> {
  const { db } = ctx;
  const [followedBy, follows, media, saved] = (
    await Promise.all([
      db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('followee_id', '=', row.id)
        .executeTakeFirst(),
      db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('follower_id', '=', row.id)
        .executeTakeFirst(),
      db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('owner_id', '=', row.id)
        .executeTakeFirst(),
      db
        .selectFrom('saves')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', row.id)
        .executeTakeFirst(),
    ])
  ).map(toCount);
  return {
    ...(await activitySince(ctx, row)),
    id: row.id,
    username: row.username,
    full_name: row.full_name,
    biography: row.biography,
    external_url: row.external_url,
    profile_pic_url: profilePicUrl(row),
    profile_pic_url_hd: profilePicUrlHd(row),
    has_profile_pic: row.profile_pic_key !== null,
    is_verified: row.is_verified === 1,
    is_private: row.is_private === 1,
    is_business: row.is_business === 1,
    country_block: false,
    connected_fb_page: null,
    edge_followed_by: { count: followedBy },
    edge_follow: { count: follows },
    edge_owner_to_timeline_media: { count: media },
    edge_saved_media: { count: saved },
  };
}
