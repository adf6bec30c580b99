import type { AppContext } from '../context.ts';
import type { CommentsTable, UsersTable } from '../db/schema.ts';
import { toWireUser } from '../http/users.ts';
import type { Connection, WireComment } from '../../src/api/types.ts';
import { blockedEitherWay } from './access.ts';
import { decodeKeyCursor, encodeKeyCursor, takePage, toCount } from './params.ts';

type CommentRow = CommentsTable &
  Pick<UsersTable, 'username' | 'full_name' | 'profile_pic_key' | 'is_verified' | 'is_private'>;

function commentsWithAuthors(ctx: AppContext, viewerId: string | null) {
  let q = ctx.db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .selectAll('comments')
    .select([
      'users.username',
      'users.full_name',
      'users.profile_pic_key',
      'users.is_verified',
      'users.is_private',
    ]);
  // Comments by people on either side of a block with the viewer are left out of every list.
  if (viewerId) q = q.where((eb) => eb.not(blockedEitherWay(eb, 'comments.user_id', viewerId)));
  return q;
}

export function toWireComment(row: CommentRow): WireComment {
  return {
    id: row.id,
    text: row.text,
    created_at: row.created_at,
    owner: toWireUser({ ...row, id: row.user_id }),
  };
}

export async function commentCounts(
  ctx: AppContext,
  postIds: string[],
): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('comments')
    .select(['post_id', (eb) => eb.fn.countAll().as('n')])
    .where('post_id', 'in', postIds)
    .groupBy('post_id')
    .execute();
  return new Map(rows.map((r) => [r.post_id, toCount(r.n)]));
}

/** Comments oldest first (the post page and "load more"), keyset-paged on (created_at, id). */
export async function commentsPage(
  ctx: AppContext,
  viewerId: string | null,
  postId: string,
  count: number,
  first: number,
  after: string | null,
): Promise<Connection<WireComment>> {
  const cursor = decodeKeyCursor(after);
  let q = commentsWithAuthors(ctx, viewerId).where('comments.post_id', '=', postId);
  if (cursor) {
    q = q.where((eb) =>
      eb.or([
        eb('comments.created_at', '>', cursor.t),
        eb.and([eb('comments.created_at', '=', cursor.t), eb('comments.id', '>', cursor.id)]),
      ]),
    );
  }
  const rows = await q
    .orderBy('comments.created_at', 'asc')
    .orderBy('comments.id', 'asc')
    .limit(first + 1)
    .execute();
  const page = takePage(rows, first, (r) => encodeKeyCursor(r.created_at, r.id));
  return {
    count,
    page_info: page.page_info,
    edges: page.rows.map((r) => ({ node: toWireComment(r) })),
  };
}

/**
 * The newest `n` comments, shown oldest-to-newest under a feed post. The rest are read through
 * commentsByShortcode from its first page, so end_cursor stays null here.
 */
export async function commentsPreview(
  ctx: AppContext,
  viewerId: string | null,
  postId: string,
  count: number,
  n: number,
): Promise<Connection<WireComment>> {
  const rows =
    n === 0
      ? []
      : await commentsWithAuthors(ctx, viewerId)
          .where('comments.post_id', '=', postId)
          .orderBy('comments.created_at', 'desc')
          .orderBy('comments.id', 'desc')
          .limit(n)
          .execute();
  return {
    count,
    page_info: { has_next_page: count > rows.length, end_cursor: null },
    edges: rows.reverse().map((r) => ({ node: toWireComment(r) })),
  };
}
