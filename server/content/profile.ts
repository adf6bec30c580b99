import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { notFound } from '../http/errors.ts';
import { linkshimmed } from '../http/linkshim.ts';
import { profilePicUrl, profilePicUrlHd } from '../http/users.ts';
import { USER_NOT_FOUND, findUserByUsername, relationship } from './access.ts';
import { toCount } from './params.ts';

/**
 * GET /api/v1/users/web_profile_info/?username= — the profile header. A user who has blocked the
 * viewer answers 404, like an unknown one; one the viewer blocked is shown (to allow unblocking).
 */
export async function webProfileInfo(ctx: AppContext, viewer: UsersTable | null, username: string) {
  const user = await findUserByUsername(ctx, username);
  if (!user) throw notFound(USER_NOT_FOUND);
  const rel = await relationship(ctx, viewer?.id ?? null, user.id);
  if (rel.has_blocked_viewer) throw notFound(USER_NOT_FOUND);
  const count = (q: Promise<{ n: string | number | bigint } | undefined>) =>
    q.then((r) => toCount(r?.n));
  const [followedBy, follows, media] = await Promise.all([
    count(
      ctx.db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('followee_id', '=', user.id)
        .executeTakeFirst(),
    ),
    count(
      ctx.db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('follower_id', '=', user.id)
        .executeTakeFirst(),
    ),
    count(
      ctx.db
        .selectFrom('posts')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('owner_id', '=', user.id)
        .executeTakeFirst(),
    ),
  ]);
  return {
    id: user.id,
    username: user.username,
    full_name: user.full_name,
    biography: user.biography,
    external_url: user.external_url,
    external_url_linkshimmed: linkshimmed(user.external_url),
    profile_pic_url: profilePicUrl(user),
    profile_pic_url_hd: profilePicUrlHd(user),
    has_profile_pic: user.profile_pic_key !== null,
    is_verified: user.is_verified === 1,
    is_private: user.is_private === 1,
    is_business: user.is_business === 1,
    edge_followed_by: { count: followedBy },
    edge_follow: { count: follows },
    edge_owner_to_timeline_media: { count: media },
    followed_by_viewer: rel.followed_by_viewer,
    requested_by_viewer: rel.requested_by_viewer,
    follows_viewer: rel.follows_viewer,
    blocked_by_viewer: rel.blocked_by_viewer,
    has_blocked_viewer: false,
    is_viewer: viewer?.id === user.id,
  };
}
