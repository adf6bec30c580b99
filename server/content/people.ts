import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { forbidden } from '../http/errors.ts';
import { toWireUser } from '../http/users.ts';
import type { Connection, WireUser } from '../../common/types.ts';
import {
  blockedEitherWay,
  canSeeContent,
  relationships,
  visiblePost,
  visibleUserById,
} from './access.ts';
import { decodeKeyCursor, encodeKeyCursor, takePage, toCount } from './params.ts';
import type { Paging } from './feeds.ts';

// Lists of people: likers, followers and following, each with the viewer's relationship flags.

/** Users as list rows, with the flags a Follow button needs. */
export async function withRelationships(
  ctx: AppContext,
  viewerId: string | null,
  users: Parameters<typeof toWireUser>[0][],
): Promise<WireUser[]> {
  const rels = await relationships(
    ctx,
    viewerId,
    users.map((u) => u.id),
  );
  return users.map((u) => {
    const rel = rels.get(u.id);
    return toWireUser(u, {
      followed_by_viewer: rel?.followed_by_viewer ?? false,
      requested_by_viewer: rel?.requested_by_viewer ?? false,
      follows_viewer: rel?.follows_viewer ?? false,
    });
  });
}

type UserRow = UsersTable & { listed_at: number };

async function toUserConnection(
  ctx: AppContext,
  viewerId: string | null,
  rows: UserRow[],
  p: Paging,
  count: number,
): Promise<Connection<WireUser>> {
  const page = takePage(rows, p.first, (r) => encodeKeyCursor(r.listed_at, r.id));
  const users = await withRelationships(
    ctx,
    viewerId,
    page.rows.map(({ listed_at: _l, ...u }) => u),
  );
  return { count, page_info: page.page_info, edges: users.map((node) => ({ node })) };
}

/** Who liked a post, newest first. Visitors are asked to log in (viewer_can_see_likers). */
export async function likersByShortcode(
  ctx: AppContext,
  viewer: UsersTable | null,
  shortcode: string,
  p: Paging,
) {
  if (!viewer) throw forbidden('Please log in to see who liked this.');
  const post = await visiblePost(ctx, viewer.id, { shortcode });
  const cursor = decodeKeyCursor(p.after);
  let q = ctx.db
    .selectFrom('likes')
    .innerJoin('users', 'users.id', 'likes.user_id')
    .selectAll('users')
    .select('likes.created_at as listed_at')
    .where('likes.post_id', '=', post.id)
    .where('users.is_active', '=', 1)
    .where((eb) => eb.not(blockedEitherWay(eb, 'likes.user_id', viewer.id)));
  if (cursor) {
    q = q.where((eb) =>
      eb.or([
        eb('likes.created_at', '<', cursor.t),
        eb.and([eb('likes.created_at', '=', cursor.t), eb('likes.user_id', '<', cursor.id)]),
      ]),
    );
  }
  const [rows, countRow] = await Promise.all([
    q
      .orderBy('likes.created_at', 'desc')
      .orderBy('likes.user_id', 'desc')
      .limit(p.first + 1)
      .execute(),
    ctx.db
      .selectFrom('likes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('post_id', '=', post.id)
      .executeTakeFirst(),
  ]);
  const edge_liked_by = await toUserConnection(ctx, viewer.id, rows, p, toCount(countRow?.n));
  return { shortcode_media: { id: post.id, shortcode: post.shortcode, edge_liked_by } };
}

/** Followers (`edge_followed_by`) or followed accounts (`edge_follow`), most recent first. */
export async function followList(
  ctx: AppContext,
  viewer: UsersTable | null,
  userId: string,
  kind: 'followers' | 'following',
  p: Paging,
) {
  const viewerId = viewer?.id ?? null;
  const { user, rel } = await visibleUserById(ctx, viewerId, userId);
  if (!canSeeContent(viewerId, user, rel)) throw forbidden('This account is private.');
  // followers: rows where the user is followed, listing the follower; following: the reverse.
  const [mine, theirs] =
    kind === 'followers'
      ? (['follows.followee_id', 'follows.follower_id'] as const)
      : (['follows.follower_id', 'follows.followee_id'] as const);
  const cursor = decodeKeyCursor(p.after);
  let q = ctx.db
    .selectFrom('follows')
    .innerJoin('users', 'users.id', theirs)
    .selectAll('users')
    .select('follows.created_at as listed_at')
    .where(mine, '=', user.id)
    .where('users.is_active', '=', 1);
  if (viewerId) q = q.where((eb) => eb.not(blockedEitherWay(eb, theirs, viewerId)));
  if (cursor) {
    q = q.where((eb) =>
      eb.or([
        eb('follows.created_at', '<', cursor.t),
        eb.and([eb('follows.created_at', '=', cursor.t), eb(theirs, '<', cursor.id)]),
      ]),
    );
  }
  const [rows, countRow] = await Promise.all([
    q
      .orderBy('follows.created_at', 'desc')
      .orderBy(theirs, 'desc')
      .limit(p.first + 1)
      .execute(),
    ctx.db
      .selectFrom('follows')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(mine, '=', user.id)
      .executeTakeFirst(),
  ]);
  const list = await toUserConnection(ctx, viewerId, rows, p, toCount(countRow?.n));
  const key = kind === 'followers' ? 'edge_followed_by' : 'edge_follow';
  return { user: { id: user.id, [key]: list } };
}
