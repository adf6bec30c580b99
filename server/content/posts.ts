import type { AppContext } from '../context.ts';
import type { PostChildrenTable, PostsTable, UsersTable } from '../db/schema.ts';
import { toWireUser } from '../http/users.ts';
import type { Connection, WireComment, WirePost, WireUser } from '../../src/api/types.ts';
import { blockedEitherWay, relationships } from './access.ts';
import { commentCounts, commentsPage, commentsPreview } from './comments.ts';
import { emptyPageInfo, toCount } from './params.ts';
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

async function likeCounts(ctx: AppContext, ids: string[]) {
  const rows = await ctx.db
    .selectFrom('likes')
    .select(['post_id', (eb) => eb.fn.countAll().as('n')])
    .where('post_id', 'in', ids)
    .groupBy('post_id')
    .execute();
  return new Map(rows.map((r) => [r.post_id, toCount(r.n)]));
}

async function viewerPostSet(
  ctx: AppContext,
  table: 'likes' | 'saves',
  viewerId: string,
  ids: string[],
) {
  const rows = await ctx.db
    .selectFrom(table)
    .select('post_id')
    .where('user_id', '=', viewerId)
    .where('post_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.post_id));
}

async function savedToCollection(ctx: AppContext, viewerId: string, ids: string[]) {
  const rows = await ctx.db
    .selectFrom('collection_posts')
    .innerJoin('collections', 'collections.id', 'collection_posts.collection_id')
    .select('collection_posts.post_id')
    .where('collections.user_id', '=', viewerId)
    .where('collection_posts.post_id', 'in', ids)
    .execute();
  return new Set(rows.map((r) => r.post_id));
}

/** Up to `n` likers of a post, accounts the viewer follows first, then the most recent. */
export async function previewLikers(
  ctx: AppContext,
  viewerId: string | null,
  postId: string,
  n: number,
): Promise<WireUser[]> {
  if (n === 0) return [];
  let q = ctx.db
    .selectFrom('likes')
    .innerJoin('users', 'users.id', 'likes.user_id')
    .selectAll('users')
    .where('likes.post_id', '=', postId);
  if (viewerId) {
    q = q
      .where((eb) => eb.not(blockedEitherWay(eb, 'likes.user_id', viewerId)))
      .orderBy(
        (eb) =>
          eb
            .case()
            .when(
              eb.exists(
                eb
                  .selectFrom('follows as pf')
                  .select('pf.follower_id')
                  .where('pf.follower_id', '=', viewerId)
                  .whereRef('pf.followee_id', '=', 'likes.user_id'),
              ),
            )
            .then(0)
            .else(1)
            .end(),
        'asc',
      );
  }
  const rows = await q
    .orderBy('likes.created_at', 'desc')
    .orderBy('likes.user_id')
    .limit(n)
    .execute();
  return rows.map((r: UsersTable) => toWireUser(r));
}

/**
 * The people tagged in each post, as lists of people elsewhere: deactivated accounts are left out,
 * and so is anyone the viewer blocked or who blocked the viewer.
 */
function taggedUsers(ctx: AppContext, viewerId: string | null, ids: string[]) {
  let q = ctx.db
    .selectFrom('post_tags')
    .innerJoin('users', 'users.id', 'post_tags.user_id')
    .select(['post_tags.post_id', 'users.username', 'post_tags.x', 'post_tags.y'])
    .where('post_tags.post_id', 'in', ids)
    .where('users.is_active', '=', 1);
  if (viewerId) q = q.where((eb) => eb.not(blockedEitherWay(eb, 'post_tags.user_id', viewerId)));
  return q.execute();
}

/**
 * Each post's sponsors, like tagged people: deactivated accounts are left out, and so is anyone
 * the viewer blocked or who blocked the viewer (the post itself stays: its owner is visible).
 */
function sponsorUsers(ctx: AppContext, viewerId: string | null, ids: string[]) {
  let q = ctx.db
    .selectFrom('post_sponsors')
    .innerJoin('users', 'users.id', 'post_sponsors.sponsor_id')
    .select(['post_sponsors.post_id', 'users.id', 'users.username'])
    .where('post_sponsors.post_id', 'in', ids)
    .where('users.is_active', '=', 1);
  if (viewerId) {
    q = q.where((eb) => eb.not(blockedEitherWay(eb, 'post_sponsors.sponsor_id', viewerId)));
  }
  return q.orderBy('post_sponsors.position').orderBy('users.username').execute();
}

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
): Promise<WirePost[]> {
  if (rows.length === 0) return [];
  const { db } = ctx;
  const ids = rows.map((r) => r.id);
  const viewerId = viewer?.id ?? null;
  const ownerIds = [...new Set(rows.map((r) => r.owner_id))];
  const locationIds = [...new Set(rows.flatMap((r) => (r.location_id ? [r.location_id] : [])))];
  const none = Promise.resolve(new Set<string>());
  const [
    owners,
    rels,
    likes,
    comments,
    liked,
    saved,
    inCollection,
    locations,
    tags,
    children,
    sponsors,
  ] = await Promise.all([
    db.selectFrom('users').selectAll().where('id', 'in', ownerIds).execute(),
    relationships(ctx, viewerId, ownerIds),
    likeCounts(ctx, ids),
    commentCounts(ctx, ids, viewerId),
    viewerId ? viewerPostSet(ctx, 'likes', viewerId, ids) : none,
    viewerId ? viewerPostSet(ctx, 'saves', viewerId, ids) : none,
    viewerId ? savedToCollection(ctx, viewerId, ids) : none,
    locationIds.length
      ? db.selectFrom('locations').selectAll().where('id', 'in', locationIds).execute()
      : Promise.resolve([]),
    taggedUsers(ctx, viewerId, ids),
    db
      .selectFrom('post_children')
      .selectAll()
      .where('post_id', 'in', ids)
      .orderBy('position')
      .execute(),
    sponsorUsers(ctx, viewerId, ids),
  ]);
  const ownerById = new Map(owners.map((o) => [o.id, o]));
  const locationById = new Map(locations.map((l) => [l.id, toWireLocation(l)]));
  const tagsByPost = byPost(tags);
  const childrenByPost = byPost<PostChildrenTable>(children);
  const sponsorsByPost = byPost(sponsors);

  return Promise.all(
    rows.map(async (row) => {
      const owner = ownerById.get(row.owner_id);
      const count = comments.get(row.id) ?? 0;
      const rel = rels.get(row.owner_id);
      const [likers, commentConn] = await Promise.all([
        previewLikers(ctx, viewerId, row.id, opts.likers),
        loadComments(ctx, viewerId, row.id, count, opts.comments),
      ]);
      return toWirePost(row, {
        owner: owner
          ? toWireUser(owner, rel && viewerId ? { followed_by_viewer: rel.followed_by_viewer } : {})
          : {
              id: row.owner_id,
              username: '',
              full_name: '',
              profile_pic_url: '',
              is_verified: false,
            },
        location: row.location_id ? (locationById.get(row.location_id) ?? null) : null,
        likeCount: likes.get(row.id) ?? 0,
        likers,
        comments: commentConn,
        tagged: tagsByPost.get(row.id) ?? [],
        children: childrenByPost.get(row.id) ?? [],
        viewerHasLiked: liked.has(row.id),
        viewerHasSaved: saved.has(row.id),
        viewerHasSavedToCollection: inCollection.has(row.id),
        // Likers are shown to any logged-in viewer who can see the post; visitors get a prompt.
        viewerCanSeeLikers: viewerId !== null,
        sponsors: (sponsorsByPost.get(row.id) ?? []).map(({ id, username }) => ({ id, username })),
        surface: opts.surface,
      });
    }),
  );
}

function loadComments(
  ctx: AppContext,
  viewerId: string | null,
  postId: string,
  count: number,
  mode: PostLoadOptions['comments'],
): Promise<Connection<WireComment>> {
  if (mode.mode === 'preview') return commentsPreview(ctx, viewerId, postId, count, mode.n);
  if (mode.mode === 'page') return commentsPage(ctx, viewerId, postId, count, mode.first, null);
  return Promise.resolve({
    count,
    page_info: { ...emptyPageInfo, has_next_page: count > 0 },
    edges: [],
  });
}
