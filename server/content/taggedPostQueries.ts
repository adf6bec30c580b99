import type { AppContext } from '../context.ts';
import { ownerVisibleTo } from './access.ts';
import { decodeKeyCursor, encodeKeyCursor, takePage } from './params.ts';
import { ownerActive, type PostPage } from './postQueries.ts';

// A profile's Tagged tab (migration 020): the page query, beside the other post lists of
// postQueries.ts.

/**
 * The posts `userId` is tagged in that the viewer may see, newest first, keyset-paged on
 * (taken_at, id): an index range of the member's tags (post_tags.taken_at, migration 020).
 */
export async function postsTaggingUser(
  ctx: AppContext,
  viewerId: string | null,
  userId: string,
  first: number,
  after: string | null,
): Promise<PostPage> {
  let q = ctx.db
    .selectFrom('post_tags as pt')
    .innerJoin('posts', 'posts.id', 'pt.post_id')
    .selectAll('posts')
    .where('pt.user_id', '=', userId)
    .where((eb) => ownerVisibleTo(eb, 'posts.owner_id', viewerId))
    .where(ownerActive);
  const cursor = decodeKeyCursor(after);
  if (cursor) {
    q = q.where((eb) =>
      eb(eb.refTuple('pt.taken_at', 'pt.post_id'), '<', eb.tuple(cursor.t, cursor.id)),
    );
  }
  const rows = await q
    .orderBy('pt.taken_at', 'desc')
    .orderBy('pt.post_id', 'desc')
    .limit(first + 1)
    .execute();
  return takePage(rows, first, (r) => encodeKeyCursor(r.taken_at, r.id));
}
