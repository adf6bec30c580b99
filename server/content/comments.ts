import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { isPostgres, type DB } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import type { CommentsTable, UsersTable } from '../db/schema.ts';
import { toWireUser } from '../http/users.ts';
import type { Connection, WireComment } from '../../common/types.ts';
import { blockedEitherWay, blockedIds } from './access.ts';
import { decodeKeyCursor, encodeKeyCursor, takePage, toCount } from './params.ts';

/** A post owner's comment filter (Settings "Hide offensive comments"). */
export interface OwnerFilter {
  post_owner_id: string;
  owner_filter: number;
  owner_keywords: string;
}

/** A comment with what it shows of its author. */
type CommentAuthorRow = CommentsTable &
  Pick<UsersTable, 'username' | 'full_name' | 'profile_pic_key' | 'is_verified' | 'is_private'>;

type CommentRow = CommentAuthorRow & {
  post_owner_id: string;
  owner_filter: number;
  owner_keywords: string;
};

/** What a comment shows of its author. */
const AUTHOR_COLUMNS = [
  'users.username',
  'users.full_name',
  'users.profile_pic_key',
  'users.is_verified',
  'users.is_private',
] as const;

/**
 * Comments joined to their authors and their post's owner (for the keyword filter). Comments by
 * people on either side of a block with the viewer are left out: by `blocked` (blockedIds) when
 * the caller has it, else by probing blocks for each row.
 */
function commentsWithAuthorsOn(db: DB, viewerId: string | null, blocked?: string[]) {
  let q = db
    .selectFrom('comments')
    .innerJoin('users', 'users.id', 'comments.user_id')
    .innerJoin('posts as fp', 'fp.id', 'comments.post_id')
    .innerJoin('users as fo', 'fo.id', 'fp.owner_id')
    .selectAll('comments')
    .select(AUTHOR_COLUMNS)
    .select([
      'fo.id as post_owner_id',
      'fo.comment_filter as owner_filter',
      'fo.comment_filter_keywords as owner_keywords',
    ]);
  if (blocked) {
    if (blocked.length > 0) q = q.where('comments.user_id', 'not in', blocked);
  } else if (viewerId) {
    q = q.where((eb) => eb.not(blockedEitherWay(eb, 'comments.user_id', viewerId)));
  }
  return q;
}

/**
 * Settings "Hide offensive comments": when the post's owner turned the filter on, comments that
 * contain one of the owner's keywords (case-insensitive) are hidden from everyone but their
 * author and the post's owner.
 */
export function passesCommentFilter(row: CommentRow, viewerId: string | null): boolean {
  if (!row.owner_filter || !row.owner_keywords.trim()) return true;
  if (viewerId && (viewerId === row.user_id || viewerId === row.post_owner_id)) return true;
  const text = row.text.toLowerCase();
  return !row.owner_keywords
    .split(',')
    .map((k) => k.trim().toLowerCase())
    .some((k) => k && text.includes(k));
}

export function toWireComment(row: CommentAuthorRow): WireComment {
  return {
    id: row.id,
    text: row.text,
    created_at: row.created_at,
    owner: toWireUser({
      id: row.user_id,
      username: row.username,
      full_name: row.full_name,
      profile_pic_key: row.profile_pic_key,
      is_verified: row.is_verified,
      is_private: row.is_private,
    }),
  };
}

/** Each post's comment_count less the comments of members in `hidden`. */
const countsQuery = prepared('commentCounts', (db, p: { postIds: string[]; hidden: string[] }) =>
  db
    .selectFrom('posts')
    .select('posts.id')
    .select((eb) =>
      p.hidden.length === 0
        ? eb.ref('posts.comment_count').as('n')
        : eb(
            'posts.comment_count',
            '-',
            eb
              .selectFrom('comments')
              .select(eb.fn.countAll<number>().as('b'))
              .whereRef('comments.post_id', '=', 'posts.id')
              .where('comments.user_id', 'in', p.hidden),
          ).as('n'),
    )
    .where('posts.id', 'in', p.postIds),
);

/** The comments of the posts whose owner turned the keyword filter on. */
const filteredOwnersCommentsQuery = prepared(
  'filteredOwnersComments',
  (db, p: { postIds: string[]; hidden: string[]; viewerId: string | null }) =>
    commentsWithAuthorsOn(db, p.viewerId, p.hidden)
      .where('comments.post_id', 'in', p.postIds)
      .where('fo.comment_filter', '=', 1)
      .where('fo.comment_filter_keywords', '!=', ''),
);

/**
 * How many comments of each post the viewer can read: the same rules as the lists (no one on
 * either side of a block, nothing the owner's keyword filter hides), so a count never promises
 * comments that "load more" cannot show. Each post's comment_count (kept by triggers) less the
 * comments of the few members on either side of a block (found through comments_user_idx) and
 * less what the keyword filter hides: the cost follows the page, not the comments.
 */
export async function commentCounts(
  ctx: AppContext,
  postIds: string[],
  viewerId: string | null,
  blocked?: string[],
): Promise<Map<string, number>> {
  if (postIds.length === 0) return new Map();
  const hidden = blocked ?? (await blockedIds(ctx, viewerId));
  const [rows, filtered] = await Promise.all([
    countsQuery(ctx.db, { postIds, hidden }),
    // Posts whose owner filters keywords are few: read their comments and apply the filter.
    filteredOwnersCommentsQuery(ctx.db, { postIds, hidden, viewerId }),
  ]);
  const counts = new Map(rows.map((r) => [r.id, toCount(r.n)]));
  for (const row of filtered) {
    if (!passesCommentFilter(row, viewerId)) {
      counts.set(row.post_id, (counts.get(row.post_id) ?? 1) - 1);
    }
  }
  return counts;
}

/** A post's comments oldest first, after the cursor (created_at, id) if any. */
const commentsPageQuery = prepared(
  'commentsPage',
  (
    db,
    p: {
      viewerId: string | null;
      postId: string;
      limit: number;
      cursorT: number | null;
      cursorId: string | null;
    },
  ) => {
    let q = commentsWithAuthorsOn(db, p.viewerId).where('comments.post_id', '=', p.postId);
    if (p.cursorT !== null && p.cursorId !== null) {
      const [t, id] = [p.cursorT, p.cursorId];
      q = q.where((eb) =>
        eb.or([
          eb('comments.created_at', '>', t),
          eb.and([eb('comments.created_at', '=', t), eb('comments.id', '>', id)]),
        ]),
      );
    }
    return q.orderBy('comments.created_at', 'asc').orderBy('comments.id', 'asc').limit(p.limit);
  },
);

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
  const rows = await commentsPageQuery(ctx.db, {
    viewerId,
    postId,
    limit: first + 1,
    cursorT: cursor?.t ?? null,
    cursorId: cursor?.id ?? null,
  });
  const page = takePage(rows, first, (r) => encodeKeyCursor(r.created_at, r.id));
  return {
    count,
    page_info: page.page_info,
    edges: page.rows
      .filter((r) => passesCommentFilter(r, viewerId))
      .map((r) => ({ node: toWireComment(r) })),
  };
}

/**
 * Each post's newest n comments with their authors: each post's from its own index range
 * (comments_post_time_idx, read backwards), all posts in one statement; then authors are joined
 * for those rows only. A post with thousands of comments costs what one with four does. On SQLite
 * the posts come as one JSON list (`idsJson`) walked by json_each, each with a correlated limited
 * range: a UNION of one wrapped arm per post ran a co-routine per arm and then looked every
 * comment up again by its id, twice the cost for a feed page. PostgreSQL keeps the UNION.
 */
const newestCommentsQuery = prepared(
  'newestComments',
  (db, p: { postIds: string[]; idsJson: string; blocked: string[]; n: number }) => {
    const newestIds = (postId: string | ReturnType<typeof sql.ref<string>>) => {
      let q = db.selectFrom('comments as nc').select('nc.id').where('nc.post_id', '=', postId);
      if (p.blocked.length > 0) q = q.where('nc.user_id', 'not in', p.blocked);
      return q.orderBy('nc.created_at', 'desc').orderBy('nc.id', 'desc').limit(p.n);
    };
    const withAuthors = isPostgres(db)
      ? (() => {
          // Wrapped: an arm of a UNION may not carry its own ORDER BY and LIMIT.
          const arms = p.postIds.map((postId, i) =>
            db.selectFrom(newestIds(postId).as(`n${i}`)).select(`n${i}.id` as 'n0.id'),
          );
          const union = arms.slice(1).reduce((all, arm) => all.unionAll(arm), arms[0]);
          return db
            .selectFrom('comments')
            .innerJoin('users', 'users.id', 'comments.user_id')
            .where('comments.id', 'in', union);
        })()
      : db
          .selectFrom(sql<{ value: string }>`json_each(${p.idsJson})`.as('p'))
          .innerJoin('comments', (join) =>
            join.on('comments.id', 'in', newestIds(sql.ref<string>('p.value'))),
          )
          .innerJoin('users', 'users.id', 'comments.user_id');
    // The caller has each post's owner filter, so only the authors are joined.
    return withAuthors
      .selectAll('comments')
      .select(AUTHOR_COLUMNS)
      .orderBy('comments.post_id')
      .orderBy('comments.created_at')
      .orderBy('comments.id');
  },
);

/**
 * The newest `n` comments of each post, shown oldest-to-newest under a feed post, in one query
 * for the whole page. The rest are read through commentsByShortcode from its first page, so
 * end_cursor stays null here.
 */
export async function commentsPreviews(
  ctx: AppContext,
  viewerId: string | null,
  postIds: string[],
  counts: Map<string, number>,
  n: number,
  blocked: string[],
  ownerFilters: Map<string, OwnerFilter>,
): Promise<Map<string, Connection<WireComment>>> {
  const found =
    n === 0 || postIds.length === 0
      ? []
      : await newestCommentsQuery(ctx.db, {
          postIds,
          idsJson: JSON.stringify(postIds),
          blocked,
          n,
        });
  const byPost = new Map<string, CommentAuthorRow[]>();
  for (const row of found) {
    const list = byPost.get(row.post_id);
    if (list) list.push(row);
    else byPost.set(row.post_id, [row]);
  }
  const out = new Map<string, Connection<WireComment>>();
  for (const postId of postIds) {
    const count = counts.get(postId) ?? 0;
    const newest = byPost.get(postId) ?? [];
    // Only a post whose owner turned the keyword filter on needs its rows checked.
    const filter = ownerFilters.get(postId);
    const shown = filter
      ? newest.filter((r) => passesCommentFilter({ ...r, ...filter }, viewerId))
      : newest;
    out.set(postId, {
      count,
      page_info: { has_next_page: count > newest.length, end_cursor: null },
      edges: shown.map((r) => ({ node: toWireComment(r) })),
    });
  }
  return out;
}
