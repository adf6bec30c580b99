import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { AppContext } from '../context.ts';
import type { DB } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import type { Database, PostsTable } from '../db/schema.ts';
import type { PageInfo } from '../../common/types.ts';
import { ownerVisibleTo } from './access.ts';
import {
  decodeKeyCursor,
  decodeRankCursor,
  encodeKeyCursor,
  encodeRankCursor,
  takePage,
  toCount,
} from './params.ts';

export type PostFilter = (eb: ExpressionBuilder<Database, 'posts'>) => Expression<SqlBool>;

type FilterParams = Record<string, string | number | null>;

/**
 * A filter whose values are parameters, so the queries using it are built once per shape
 * (server/db/prepared.ts): `where` may use `p` (its `params`, and `p.viewerId`) only as values.
 * One `name` per `where`: queries are kept by name.
 */
export interface PreparedPostFilter<P extends FilterParams = FilterParams> {
  name: string;
  params: P;
  // A method, so a filter with its own params is a PreparedPostFilter of any params.
  where(
    eb: ExpressionBuilder<Database, 'posts'>,
    p: P & { viewerId: string | null },
  ): Expression<SqlBool>;
}

/** A closure (built on every call) or a prepared filter. */
export type AnyPostFilter = PostFilter | PreparedPostFilter;

export interface PostPage {
  rows: PostsTable[];
  page_info: PageInfo;
}

/** The post's owner has not deactivated their account (their posts are hidden meanwhile). */
export const ownerActive = (eb: ExpressionBuilder<Database, 'posts'>) =>
  eb.exists(
    eb
      .selectFrom('users as ox')
      .select('ox.id')
      .whereRef('ox.id', '=', 'posts.owner_id')
      .where('ox.is_active', '=', 1),
  );

/** Posts the viewer may see (owner active and visible), narrowed by `filter`. */
function visiblePostsOn(db: DB, viewerId: string | null, filter: PostFilter) {
  return db
    .selectFrom('posts')
    .selectAll('posts')
    .where((eb) => ownerVisibleTo(eb, 'posts.owner_id', viewerId))
    .where(ownerActive)
    .where(filter);
}

interface PageParams {
  viewerId: string | null;
  limit: number;
  cursorN: number | null;
  cursorT: number | null;
  cursorId: string | null;
}

/** Visible posts by `filter`, newest first after the cursor (taken_at, id) if any. */
function newestQuery(db: DB, p: PageParams, filter: PostFilter) {
  let q = visiblePostsOn(db, p.viewerId, filter);
  if (p.cursorT !== null && p.cursorId !== null) {
    const [t, id] = [p.cursorT, p.cursorId];
    q = q.where((eb) =>
      eb.or([
        eb('posts.taken_at', '<', t),
        eb.and([eb('posts.taken_at', '=', t), eb('posts.id', '<', id)]),
      ]),
    );
  }
  return q.orderBy('posts.taken_at', 'desc').orderBy('posts.id', 'desc').limit(p.limit);
}

/** Visible posts by `filter`, most liked first after the cursor (like_count, taken_at, id). */
function topQuery(db: DB, p: PageParams, filter: PostFilter) {
  let q = visiblePostsOn(db, p.viewerId, filter);
  if (p.cursorN !== null && p.cursorT !== null && p.cursorId !== null) {
    const [n, t, id] = [p.cursorN, p.cursorT, p.cursorId];
    q = q.where((eb) =>
      eb(eb.refTuple('posts.like_count', 'posts.taken_at', 'posts.id'), '<', eb.tuple(n, t, id)),
    );
  }
  return q
    .orderBy('posts.like_count', 'desc')
    .orderBy('posts.taken_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(p.limit);
}

type PageQuery = (db: DB, p: PageParams, filter: PostFilter) => ReturnType<typeof newestQuery>;

/** The prepared page queries, by kind and filter name. */
const preparedPages = new Map<
  string,
  (db: DB, p: PageParams & FilterParams) => Promise<PostsTable[]>
>();

/** Runs a page query: prepared for a prepared filter, built for a closure. */
async function pageOf(
  ctx: AppContext,
  kind: 'newest' | 'top',
  query: PageQuery,
  filter: AnyPostFilter,
  p: PageParams,
): Promise<PostsTable[]> {
  if (typeof filter === 'function') return query(ctx.db, p, filter).execute();
  const key = `${kind}:${filter.name}`;
  let run = preparedPages.get(key);
  if (!run) {
    const where = filter.where;
    run = prepared(`${key}`, (db, all: PageParams & FilterParams) =>
      query(db, all, (eb) => where(eb, all)),
    );
    preparedPages.set(key, run);
  }
  return run(ctx.db, { ...filter.params, ...p });
}

/** Visible posts matching `filter`, newest first, keyset-paged on (taken_at, id). */
export async function newestPosts(
  ctx: AppContext,
  viewerId: string | null,
  filter: AnyPostFilter,
  first: number,
  after: string | null,
): Promise<PostPage> {
  const cursor = decodeKeyCursor(after);
  const rows = await pageOf(ctx, 'newest', newestQuery, filter, {
    viewerId,
    limit: first + 1,
    cursorN: null,
    cursorT: cursor?.t ?? null,
    cursorId: cursor?.id ?? null,
  });
  return takePage(rows, first, (r) => encodeKeyCursor(r.taken_at, r.id));
}

/** A page of the viewer's timeline (feed_items), newest first, after the cursor if any. */
const timelineQuery = prepared(
  'timeline',
  (
    db,
    p: {
      viewerId: string;
      blocked: string[];
      limit: number;
      cursorT: number | null;
      cursorId: string | null;
    },
  ) => {
    let q = db
      .selectFrom('feed_items as fi')
      .innerJoin('posts', 'posts.id', 'fi.post_id')
      .selectAll('posts')
      .where('fi.viewer_id', '=', p.viewerId)
      .where(ownerActive);
    if (p.blocked.length > 0) q = q.where('fi.owner_id', 'not in', p.blocked);
    if (p.cursorT !== null && p.cursorId !== null) {
      const [t, id] = [p.cursorT, p.cursorId];
      q = q.where((eb) => eb(eb.refTuple('fi.taken_at', 'fi.post_id'), '<', eb.tuple(t, id)));
    }
    return q.orderBy('fi.taken_at', 'desc').orderBy('fi.post_id', 'desc').limit(p.limit);
  },
);

/**
 * The home timeline: the viewer's own posts and those of everyone they follow, newest first,
 * keyset-paged on (taken_at, id) like newestPosts. Read from feed_items (migration 010), one index
 * range whatever the size of the network. Following implies visibility, so only what can change
 * without a follow changing is checked per row: a block either way (`blocked`: blockedIds, read
 * once for the page) and a deactivated owner.
 */
export async function timelinePosts(
  ctx: AppContext,
  viewerId: string,
  first: number,
  after: string | null,
  blocked: string[],
): Promise<PostPage> {
  const cursor = decodeKeyCursor(after);
  const rows = await timelineQuery(ctx.db, {
    viewerId,
    blocked,
    limit: first + 1,
    cursorT: cursor?.t ?? null,
    cursorId: cursor?.id ?? null,
  });
  return takePage(rows, first, (r) => encodeKeyCursor(r.taken_at, r.id));
}

/**
 * A hashtag's visible posts, newest first or most liked first, keyset-paged like newestPosts and
 * topPosts. Read from the tag's own rows (post_hashtags carries each post's time and likes,
 * migration 010), so a page is an index range of the tag, not a sort of every post using it.
 */
export async function taggedPosts(
  ctx: AppContext,
  viewerId: string | null,
  tag: string,
  order: 'newest' | 'top',
  first: number,
  after: string | null,
): Promise<PostPage> {
  let q = ctx.db
    .selectFrom('post_hashtags as ph')
    .innerJoin('posts', 'posts.id', 'ph.post_id')
    .selectAll('posts')
    .where('ph.hashtag', '=', tag)
    .where((eb) => ownerVisibleTo(eb, 'posts.owner_id', viewerId))
    .where(ownerActive);
  if (order === 'newest') {
    const cursor = decodeKeyCursor(after);
    if (cursor) {
      q = q.where((eb) =>
        eb(eb.refTuple('ph.taken_at', 'ph.post_id'), '<', eb.tuple(cursor.t, cursor.id)),
      );
    }
    const rows = await q
      .orderBy('ph.taken_at', 'desc')
      .orderBy('ph.post_id', 'desc')
      .limit(first + 1)
      .execute();
    return takePage(rows, first, (r) => encodeKeyCursor(r.taken_at, r.id));
  }
  const cursor = decodeRankCursor(after);
  if (cursor) {
    q = q.where((eb) =>
      eb(
        eb.refTuple('ph.like_count', 'ph.taken_at', 'ph.post_id'),
        '<',
        eb.tuple(cursor.n, cursor.t, cursor.id),
      ),
    );
  }
  const rows = await q
    .orderBy('ph.like_count', 'desc')
    .orderBy('ph.taken_at', 'desc')
    .orderBy('ph.post_id', 'desc')
    .limit(first + 1)
    .execute();
  return takePage(rows, first, (r) => encodeRankCursor(r.like_count, r.taken_at, r.id));
}

/**
 * Visible posts matching `filter`, most liked first (newest first among equals), keyset-paged on
 * (like_count, taken_at, id): posts.like_count is kept by triggers and indexed (migration 010), so
 * a page walks the index instead of counting every candidate's likes. A like that moves a post
 * across the cursor between two pages can skip or repeat it once, as an offset would.
 */
export async function topPosts(
  ctx: AppContext,
  viewerId: string | null,
  filter: AnyPostFilter,
  first: number,
  after: string | null,
): Promise<PostPage> {
  const cursor = decodeRankCursor(after);
  const rows = await pageOf(ctx, 'top', topQuery, filter, {
    viewerId,
    limit: first + 1,
    cursorN: cursor?.n ?? null,
    cursorT: cursor?.t ?? null,
    cursorId: cursor?.id ?? null,
  });
  return takePage(rows, first, (r) => encodeRankCursor(r.like_count, r.taken_at, r.id));
}

/**
 * How many posts the viewer may see match `filter`. With `upTo`, counting stops there (the answer
 * is min(count, upTo)), so a count over the whole network costs a bounded read.
 */
export async function countVisiblePosts(
  ctx: AppContext,
  viewerId: string | null,
  filter: AnyPostFilter,
  upTo?: number,
): Promise<number> {
  const p = { viewerId, upTo: upTo ?? null };
  let rows: { n: string | number | bigint }[];
  if (typeof filter === 'function') {
    rows = await countQuery(ctx.db, p, filter).execute();
  } else {
    const key = `count:${filter.name}`;
    let run = preparedCounts.get(key);
    if (!run) {
      const where = filter.where;
      run = prepared(key, (db, all: CountParams & FilterParams) =>
        countQuery(db, all, (eb) => where(eb, all)),
      );
      preparedCounts.set(key, run);
    }
    rows = await run(ctx.db, { ...filter.params, ...p });
  }
  return toCount(rows[0]?.n);
}

interface CountParams {
  viewerId: string | null;
  upTo: number | null;
}

function countQuery(db: DB, p: CountParams, filter: PostFilter) {
  let matching = db
    .selectFrom('posts')
    .select('posts.id')
    .where((eb) => ownerVisibleTo(eb, 'posts.owner_id', p.viewerId))
    .where(ownerActive)
    .where(filter);
  if (p.upTo !== null) matching = matching.limit(p.upTo);
  return db.selectFrom(matching.as('m')).select((eb) => eb.fn.countAll().as('n'));
}

const preparedCounts = new Map<
  string,
  (db: DB, p: CountParams & FilterParams) => Promise<{ n: string | number | bigint }[]>
>();

/**
 * Posts listed in a per-user join table (saves, a collection), most recently added first,
 * keyset-paged on (added time, post id). `listFilter` picks the list's rows.
 */
export async function listedPosts(
  ctx: AppContext,
  viewerId: string,
  list: { table: 'saves'; userId: string } | { table: 'collection_posts'; collectionId: string },
  first: number,
  after: string | null,
): Promise<PostPage & { count: number }> {
  const cursor = decodeKeyCursor(after);
  const base = () => {
    // Both join tables share (post_id, created_at); typed as `saves` to keep one query shape.
    const [table, keyCol, key] =
      list.table === 'saves'
        ? (['saves', 'l.user_id', list.userId] as const)
        : (['collection_posts', 'l.collection_id', list.collectionId] as const);
    return ctx.db
      .selectFrom('posts')
      .innerJoin(`${table} as l` as 'saves as l', 'l.post_id', 'posts.id')
      .where(keyCol as 'l.user_id', '=', key)
      .where((eb) => ownerVisibleTo(eb, 'posts.owner_id', viewerId))
      .where((eb) => ownerActive(eb as unknown as ExpressionBuilder<Database, 'posts'>));
  };
  let q = base().selectAll('posts').select('l.created_at as listed_at');
  if (cursor) {
    q = q.where((eb) =>
      eb.or([
        eb('l.created_at', '<', cursor.t),
        eb.and([eb('l.created_at', '=', cursor.t), eb('posts.id', '<', cursor.id)]),
      ]),
    );
  }
  const [rows, countRow] = await Promise.all([
    q
      .orderBy('l.created_at', 'desc')
      .orderBy('posts.id', 'desc')
      .limit(first + 1)
      .execute(),
    base()
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  const page = takePage(rows, first, (r) => encodeKeyCursor(r.listed_at, r.id));
  return {
    count: toCount(countRow?.n),
    page_info: page.page_info,
    rows: page.rows.map(({ listed_at: _listed, ...post }) => post),
  };
}
