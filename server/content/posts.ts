import { type ExpressionBuilder, sql } from 'kysely';
import type { AppContext } from '../context.ts';
import type { DB } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import type { Database, PostChildrenTable, PostsTable, UsersTable } from '../db/schema.ts';
import { WIRE_USER_COLUMNS, toWireUser } from '../http/users.ts';
import type { Connection, WireComment, WirePost, WireUser } from '../../common/types.ts';
import { blockedIds } from './access.ts';
import { commentCounts, commentsPage, commentsPreviews, type OwnerFilter } from './comments.ts';
import { emptyPageInfo } from './params.ts';
import { toWireLocation, toWirePost, type PostSurface } from './serialize.ts';

export interface PostLoadOptions {
  /** 'preview': the newest n (feed); 'page': first page oldest-first (post page); 'none'. */
  comments: { mode: 'preview'; n: number } | { mode: 'page'; first: number } | { mode: 'none' };
  /** How many likers to put in edge_media_preview_like. */
  likers: number;
  /** Where the posts are shown (their tracking token carries it). */
  surface: PostSurface;
}

export const FEED_POST_OPTIONS: PostLoadOptions = {
  comments: { mode: 'preview', n: 4 },
  likers: 10,
  surface: 'feed',
};
/** Grids (profile, hashtag, discover…) show counts only. */
export const GRID_POST_OPTIONS: PostLoadOptions = {
  comments: { mode: 'none' },
  likers: 0,
  surface: 'grid',
};

/** Which of the posts the viewer liked, saved, and saved to a collection: one query. */
const viewerPostStateQuery = prepared(
  'viewerPostState',
  (db, p: { viewerId: string; ids: string[] }) => {
    const kind = (k: 'liked' | 'saved' | 'collected') => sql<typeof k>`${k}`.as('kind');
    return db
      .selectFrom('likes')
      .select(['post_id', kind('liked')])
      .where('user_id', '=', p.viewerId)
      .where('post_id', 'in', p.ids)
      .unionAll(
        db
          .selectFrom('saves')
          .select(['post_id', kind('saved')])
          .where('user_id', '=', p.viewerId)
          .where('post_id', 'in', p.ids),
      )
      .unionAll(
        db
          .selectFrom('collection_posts')
          .innerJoin('collections', 'collections.id', 'collection_posts.collection_id')
          .select(['collection_posts.post_id', kind('collected')])
          .where('collections.user_id', '=', p.viewerId)
          .where('collection_posts.post_id', 'in', p.ids),
      );
  },
);

async function viewerPostState(ctx: AppContext, viewerId: string, ids: string[]) {
  const rows = await viewerPostStateQuery(ctx.db, { viewerId, ids });
  const of = (k: string) => new Set(rows.filter((r) => r.kind === k).map((r) => r.post_id));
  return { liked: of('liked'), saved: of('saved'), collected: of('collected') };
}

const followedAmongQuery = prepared(
  'followedAmong',
  (db, p: { viewerId: string; userIds: string[] }) =>
    db
      .selectFrom('follows')
      .select('followee_id')
      .where('follower_id', '=', p.viewerId)
      .where('followee_id', 'in', p.userIds),
);

/** Which of `userIds` the viewer follows. */
async function followedAmong(ctx: AppContext, viewerId: string, userIds: string[]) {
  const rows = await followedAmongQuery(ctx.db, { viewerId, userIds });
  return new Set(rows.map((r) => r.followee_id));
}

/** A post's likes above which its liker preview reads two bounded ranges instead of every like. */
const FEW_LIKES = 64;

/** Likes of a post, less those of members on either side of a block with the viewer. */
const likesOf = (db: DB, blocked: string[]) => {
  const q = db.selectFrom('likes').select(['likes.post_id', 'likes.user_id', 'likes.created_at']);
  return blocked.length > 0 ? q.where('likes.user_id', 'not in', blocked) : q;
};

/** Whether `followerId` follows the like's author. */
const isFollowed = (followerId: string) => (eb: ExpressionBuilder<Database, 'likes'>) =>
  eb.exists(
    eb
      .selectFrom('follows as pf')
      .select('pf.followee_id')
      .whereRef('pf.followee_id', '=', 'likes.user_id')
      .where('pf.follower_id', '=', followerId),
  );

/** Every like of posts with few of them, with whether the viewer follows its author. */
const likesOfFewQuery = prepared(
  'likesOfFew',
  (db, p: { viewerId: string | null; few: string[]; blocked: string[] }) =>
    likesOf(db, p.blocked)
      .select((eb) =>
        p.viewerId
          ? isFollowed(p.viewerId)(eb).as('followed')
          : sql.lit<boolean>(false).as('followed'),
      )
      .where('likes.post_id', 'in', p.few),
);

/** For each post with many likes: its newest n likers, and its newest n the viewer follows. */
const newestLikersQuery = prepared(
  'newestLikers',
  (db, p: { viewerId: string | null; many: string[]; blocked: string[]; n: number }) => {
    const newest = (postId: string, arm: string, followedBy: string | null) => {
      const q = likesOf(db, p.blocked)
        .select(sql.lit<number>(followedBy ? 1 : 0).as('followed'))
        .where('likes.post_id', '=', postId);
      const limited = (followedBy ? q.where(isFollowed(followedBy)) : q)
        .orderBy('likes.created_at', 'desc')
        .orderBy('likes.user_id')
        .limit(p.n);
      // Wrapped: an arm of a UNION may not carry its own ORDER BY and LIMIT.
      return db.selectFrom(limited.as(arm)).selectAll();
    };
    const arms = p.many.flatMap((postId, i) => [
      newest(postId, `n${i}`, null),
      ...(p.viewerId ? [newest(postId, `f${i}`, p.viewerId)] : []),
    ]);
    return arms.slice(1).reduce((all, arm) => all.unionAll(arm), arms[0]);
  },
);

/** Members as they appear in lists of people. */
const wireUsersQuery = prepared('wireUsers', (db, p: { ids: string[] }) =>
  db.selectFrom('users').select(WIRE_USER_COLUMNS).where('id', 'in', p.ids),
);

/**
 * Up to `n` likers of each post, accounts the viewer follows first, then the newest, then by id;
 * `blocked` (blockedIds) are left out, so the next likers move up. Two queries for the whole page
 * whatever the posts' likes: the likes (with a followed flag) of posts with few of them, and, for
 * each post with more, its newest n likers the viewer follows and its newest n likers (two index
 * ranges with a LIMIT, in one UNION ALL); ranked here, then the kept likers' users. The first n
 * of "followed, then the rest, newest first" always lie in those two ranges.
 */
export async function previewLikersOf(
  ctx: AppContext,
  viewerId: string | null,
  posts: Pick<PostsTable, 'id' | 'like_count'>[],
  n: number,
  blocked: string[],
): Promise<Map<string, WireUser[]>> {
  const out = new Map<string, WireUser[]>();
  if (n === 0 || posts.length === 0) return out;
  const few = posts.filter((p) => p.like_count <= FEW_LIKES).map((p) => p.id);
  const many = posts.filter((p) => p.like_count > FEW_LIKES).map((p) => p.id);
  const [fewLikes, manyLikes] = await Promise.all([
    few.length === 0 ? [] : likesOfFewQuery(ctx.db, { viewerId, few, blocked }),
    many.length === 0 ? [] : newestLikersQuery(ctx.db, { viewerId, many, blocked, n }),
  ]);
  const found = [...fewLikes, ...manyLikes];
  type Ranked = { user_id: string; created_at: number; followed: boolean };
  // Per post, by liker: a like read through both ranges of a post with many likes is one liker.
  const ranked = new Map<string, Map<string, Ranked>>();
  for (const like of found) {
    let likers = ranked.get(like.post_id);
    if (!likers) ranked.set(like.post_id, (likers = new Map()));
    // SQLite answers 1/0, PostgreSQL true/false.
    const followed = like.followed === true || Number(like.followed) === 1;
    const seen = likers.get(like.user_id);
    if (seen) seen.followed ||= followed;
    else likers.set(like.user_id, { user_id: like.user_id, created_at: like.created_at, followed });
  }
  const kept = new Map<string, string[]>();
  for (const [postId, likers] of ranked) {
    const list = [...likers.values()];
    list.sort(
      (a, b) =>
        Number(b.followed) - Number(a.followed) ||
        b.created_at - a.created_at ||
        (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0),
    );
    kept.set(
      postId,
      list.slice(0, n).map((l) => l.user_id),
    );
  }
  const userIds = [...new Set([...kept.values()].flat())];
  if (userIds.length === 0) return out;
  const users = await wireUsersQuery(ctx.db, { ids: userIds });
  const byId = new Map(users.map((u) => [u.id, toWireUser(u)]));
  for (const [postId, ids] of kept) {
    out.set(
      postId,
      ids.flatMap((id) => byId.get(id) ?? []),
    );
  }
  return out;
}

/**
 * The people tagged in each post, as lists of people elsewhere: deactivated accounts are left out,
 * and so is anyone the viewer blocked or who blocked the viewer.
 */
const taggedUsersQuery = prepared('taggedUsers', (db, p: { ids: string[]; blocked: string[] }) => {
  const q = db
    .selectFrom('post_tags')
    .innerJoin('users', 'users.id', 'post_tags.user_id')
    .select(['post_tags.post_id', 'users.username', 'post_tags.x', 'post_tags.y'])
    .where('post_tags.post_id', 'in', p.ids)
    .where('users.is_active', '=', 1);
  return p.blocked.length > 0 ? q.where('post_tags.user_id', 'not in', p.blocked) : q;
});

/**
 * Each post's sponsors, like tagged people: deactivated accounts are left out, and so is anyone
 * the viewer blocked or who blocked the viewer (the post itself stays: its owner is visible).
 */
const sponsorUsersQuery = prepared(
  'sponsorUsers',
  (db, p: { ids: string[]; blocked: string[] }) => {
    const q = db
      .selectFrom('post_sponsors')
      .innerJoin('users', 'users.id', 'post_sponsors.sponsor_id')
      .select(['post_sponsors.post_id', 'users.id', 'users.username'])
      .where('post_sponsors.post_id', 'in', p.ids)
      .where('users.is_active', '=', 1);
    return (p.blocked.length > 0 ? q.where('post_sponsors.sponsor_id', 'not in', p.blocked) : q)
      .orderBy('post_sponsors.position')
      .orderBy('users.username');
  },
);

const ownersQuery = prepared('postOwners', (db, p: { ids: string[] }) =>
  db
    .selectFrom('users')
    .select([...WIRE_USER_COLUMNS, 'comment_filter', 'comment_filter_keywords'])
    .where('id', 'in', p.ids),
);

const locationsQuery = prepared('postLocations', (db, p: { ids: string[] }) =>
  db.selectFrom('locations').selectAll().where('id', 'in', p.ids),
);

/** Only carousels (media_type 8) have children. */
const childrenQuery = prepared('postChildren', (db, p: { ids: string[] }) =>
  db.selectFrom('post_children').selectAll().where('post_id', 'in', p.ids).orderBy('position'),
);

function byPost<T extends { post_id: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const r of rows) map.set(r.post_id, [...(map.get(r.post_id) ?? []), r]);
  return map;
}

/**
 * Turns visible post rows into WirePosts for `viewer`, in the given order. Access is the caller's
 * job (rows must come from a query that applied ownerVisibleTo); the lookups here are batched.
 */
export async function loadWirePosts(
  ctx: AppContext,
  viewer: UsersTable | null,
  rows: PostsTable[],
  opts: PostLoadOptions,
  /** blockedIds(ctx, viewer), when the caller read it already for the same page. */
  knownBlocked?: string[],
): Promise<WirePost[]> {
  if (rows.length === 0) return [];
  const { db } = ctx;
  const ids = rows.map((r) => r.id);
  const viewerId = viewer?.id ?? null;
  const ownerIds = [...new Set(rows.map((r) => r.owner_id))];
  const locationIds = [...new Set(rows.flatMap((r) => (r.location_id ? [r.location_id] : [])))];
  const sidecarIds = rows.flatMap((r) => (r.media_type === 8 ? [r.id] : []));
  const none = Promise.resolve(new Set<string>());
  const noState = { liked: new Set<string>(), saved: new Set<string>(), collected: new Set() };
  const blocked = knownBlocked ?? (await blockedIds(ctx, viewerId));
  const [owners, followedOwners, comments, state, locations, tags, children, sponsors] =
    await Promise.all([
      ownersQuery(db, { ids: ownerIds }),
      viewerId ? followedAmong(ctx, viewerId, ownerIds) : none,
      commentCounts(ctx, ids, viewerId, blocked),
      viewerId ? viewerPostState(ctx, viewerId, ids) : noState,
      locationIds.length ? locationsQuery(db, { ids: locationIds }) : Promise.resolve([]),
      taggedUsersQuery(db, { ids, blocked }),
      sidecarIds.length ? childrenQuery(db, { ids: sidecarIds }) : Promise.resolve([]),
      sponsorUsersQuery(db, { ids, blocked }),
    ]);
  const ownerById = new Map(owners.map((o) => [o.id, o]));
  const ownerFilters = new Map<string, OwnerFilter>(
    rows.map((r) => {
      const owner = ownerById.get(r.owner_id);
      return [
        r.id,
        {
          post_owner_id: r.owner_id,
          owner_filter: owner?.comment_filter ?? 0,
          owner_keywords: owner?.comment_filter_keywords ?? '',
        },
      ];
    }),
  );
  const [likersByPost, commentsByPost] = await Promise.all([
    previewLikersOf(ctx, viewerId, rows, opts.likers, blocked),
    loadComments(ctx, viewerId, rows, comments, opts.comments, blocked, ownerFilters),
  ]);
  const locationById = new Map(locations.map((l) => [l.id, toWireLocation(l)]));
  const tagsByPost = byPost(tags);
  const childrenByPost = byPost<PostChildrenTable>(children);
  const sponsorsByPost = byPost(sponsors);

  return rows.map((row) => {
    const owner = ownerById.get(row.owner_id);
    return toWirePost(row, {
      owner: owner
        ? toWireUser(
            owner,
            viewerId ? { followed_by_viewer: followedOwners.has(row.owner_id) } : {},
          )
        : {
            id: row.owner_id,
            username: '',
            full_name: '',
            profile_pic_url: '',
            is_verified: false,
          },
      location: row.location_id ? (locationById.get(row.location_id) ?? null) : null,
      likeCount: row.like_count,
      likers: likersByPost.get(row.id) ?? [],
      comments: commentsByPost.get(row.id)!,
      tagged: tagsByPost.get(row.id) ?? [],
      children: childrenByPost.get(row.id) ?? [],
      viewerHasLiked: state.liked.has(row.id),
      viewerHasSaved: state.saved.has(row.id),
      viewerHasSavedToCollection: state.collected.has(row.id),
      // Likers are shown to any logged-in viewer who can see the post; visitors get a prompt.
      viewerCanSeeLikers: viewerId !== null,
      sponsors: (sponsorsByPost.get(row.id) ?? []).map(({ id, username }) => ({ id, username })),
      surface: opts.surface,
    });
  });
}

/** Each post's comment connection for the chosen mode, in a fixed number of queries. */
async function loadComments(
  ctx: AppContext,
  viewerId: string | null,
  rows: PostsTable[],
  counts: Map<string, number>,
  mode: PostLoadOptions['comments'],
  blocked: string[],
  ownerFilters: Map<string, OwnerFilter>,
): Promise<Map<string, Connection<WireComment>>> {
  const ids = rows.map((r) => r.id);
  if (mode.mode === 'preview') {
    return commentsPreviews(ctx, viewerId, ids, counts, mode.n, blocked, ownerFilters);
  }
  const out = new Map<string, Connection<WireComment>>();
  for (const id of ids) {
    const count = counts.get(id) ?? 0;
    out.set(
      id,
      mode.mode === 'page'
        ? await commentsPage(ctx, viewerId, id, count, mode.first, null)
        : { count, page_info: { ...emptyPageInfo, has_next_page: count > 0 }, edges: [] },
    );
  }
  return out;
}
