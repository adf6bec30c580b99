import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Connection, WireContentAdvisory, WirePost } from '../../common/types.ts';
import { canSeeContent, visiblePost, visibleUserById } from './access.ts';
import { PAGE_SIZE, emptyPageInfo, toCount } from './params.ts';
import { GRID_POST_OPTIONS, loadWirePosts, type PostLoadOptions } from './posts.ts';
import {
  countVisiblePosts,
  newestPosts,
  taggedPosts,
  topPosts,
  type PreparedPostFilter,
  type PostPage,
} from './postQueries.ts';
import { postsTaggingUser } from './taggedPostQueries.ts';
import { HASHTAGS, PLACES, visibleCount } from './visibleCounts.ts';
import { toWireLocation } from './serialize.ts';

// Post feeds other than home: profile, hashtag, location, discover and the single post.
// Saved and collection feeds live in ./collections.ts.

type Viewer = UsersTable | null;
export interface Paging {
  first: number;
  after: string | null;
}

/** The post page: the first page of comments (oldest first) and ten likers. */
export const postPageOptions: PostLoadOptions = {
  comments: { mode: 'page', first: PAGE_SIZE.comments },
  likers: PAGE_SIZE.likers,
  surface: 'post_page',
};

export async function toConnection(
  ctx: AppContext,
  viewer: Viewer,
  page: PostPage,
  count: number,
  opts: PostLoadOptions = GRID_POST_OPTIONS,
): Promise<Connection<WirePost>> {
  const posts = await loadWirePosts(ctx, viewer, page.rows, opts);
  return { count, page_info: page.page_info, edges: posts.map((node) => ({ node })) };
}

/**
 * A grid page and its top posts (hashtag and location pages), loaded together: one batch of
 * lookups for both, a post in both is loaded once.
 */
async function pageWithTop(
  ctx: AppContext,
  viewer: Viewer,
  page: PostPage | null,
  top: PostPage | null,
  count: number,
): Promise<[Connection<WirePost>, WirePost[]]> {
  const rows = [...(top?.rows ?? []), ...(page?.rows ?? [])];
  const unique = [...new Map(rows.map((r) => [r.id, r])).values()];
  const loaded = new Map(
    (await loadWirePosts(ctx, viewer, unique, GRID_POST_OPTIONS)).map((p) => [p.id, p]),
  );
  const wire = (list: PostPage | null) => (list?.rows ?? []).map((r) => loaded.get(r.id)!);
  const media: Connection<WirePost> = page
    ? { count, page_info: page.page_info, edges: wire(page).map((node) => ({ node })) }
    : { count, page_info: emptyPageInfo, edges: [] };
  return [media, wire(top)];
}

const MEDIA_ID = /^[0-9]{1,20}$/;

/**
 * The post behind /p/{code}/: a shortcode, or a media id (content §2 "/p/{mediaId}/", used by
 * in-app promotion links). A media id is all digits; a shortcode that happens to be is tried first.
 */
export async function postByShortcode(ctx: AppContext, viewer: Viewer, code: string) {
  const viewerId = viewer?.id ?? null;
  const post = await visiblePost(ctx, viewerId, { shortcode: code }).catch((error: unknown) => {
    const missing = error instanceof HttpError && error.statusCode === 404;
    if (missing && MEDIA_ID.test(code)) return visiblePost(ctx, viewerId, { id: code });
    throw error;
  });
  const [media] = await loadWirePosts(ctx, viewer, [post], postPageOptions);
  return { shortcode_media: media };
}

/** A profile's grid. Private or blocked: the count stays visible, the posts do not. */
export async function profileTimeline(ctx: AppContext, viewer: Viewer, userId: string, p: Paging) {
  const viewerId = viewer?.id ?? null;
  const { user, rel } = await visibleUserById(ctx, viewerId, userId);
  const countRow = await ctx.db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('owner_id', '=', user.id)
    .executeTakeFirst();
  const count = toCount(countRow?.n);
  const media = canSeeContent(viewerId, user, rel)
    ? await toConnection(
        ctx,
        viewer,
        await newestPosts(ctx, viewerId, byOwner(user.id), p.first, p.after),
        count,
      )
    : { count, page_info: emptyPageInfo, edges: [] };
  return { user: { id: user.id, username: user.username, edge_owner_to_timeline_media: media } };
}

/**
 * A profile's Tagged tab: the posts its owner is tagged in, newest first, each visible to the
 * viewer on its own owner's terms. Private or blocked profile: nothing, as for its grid. The
 * count is the page's, with no total (the tab shows none, and a total would cost every tag).
 */
export async function profileTagged(ctx: AppContext, viewer: Viewer, userId: string, p: Paging) {
  const viewerId = viewer?.id ?? null;
  const { user, rel } = await visibleUserById(ctx, viewerId, userId);
  const media: Connection<WirePost> = canSeeContent(viewerId, user, rel)
    ? await toConnection(
        ctx,
        viewer,
        await postsTaggingUser(ctx, viewerId, user.id, p.first, p.after),
        0,
      )
    : { count: 0, page_info: emptyPageInfo, edges: [] };
  media.count = media.edges.length;
  return { user: { id: user.id, username: user.username, edge_user_to_photos_of_you: media } };
}

/** An absolute http(s) URL, or null: only those become the advisory's "Learn more" link. */
function httpUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const { protocol } = new URL(value);
    return protocol === 'https:' || protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

/** A tag's moderation (migration 006); a tag without a row shows every post and no advisory. */
async function hashtagModeration(
  ctx: AppContext,
  tag: string,
): Promise<{ isTopMediaOnly: boolean; contentAdvisory: WireContentAdvisory | null }> {
  const row = await ctx.db
    .selectFrom('hashtag_moderation')
    .selectAll()
    .where('hashtag', '=', tag)
    .executeTakeFirst();
  if (!row) return { isTopMediaOnly: false, contentAdvisory: null };
  return {
    isTopMediaOnly: row.is_top_media_only === 1,
    contentAdvisory:
      row.advisory_title === null
        ? null
        : {
            title: row.advisory_title,
            description: row.advisory_description ?? '',
            learn_more_url: httpUrl(row.advisory_learn_more_url),
          },
  };
}

export async function hashtagMedia(ctx: AppContext, viewer: Viewer, tag: string, p: Paging) {
  const viewerId = viewer?.id ?? null;
  // A tag exists for the viewer only through posts they may see: one used only on private (or
  // blocked, or deactivated) accounts' posts answers like an unknown tag, so it reveals nothing,
  // not even its moderation.
  const [count, moderation] = await Promise.all([
    visibleCount(ctx, viewerId, HASHTAGS, tag),
    hashtagModeration(ctx, tag),
  ]);
  if (count === 0) throw notFound('Hashtag not found.');
  const [page, top] = await Promise.all([
    // A top-media-only tag withholds its most recent posts on every page; the count stays.
    moderation.isTopMediaOnly ? null : taggedPosts(ctx, viewerId, tag, 'newest', p.first, p.after),
    // Top posts head the first page only; later pages do not repeat them.
    p.after ? null : taggedPosts(ctx, viewerId, tag, 'top', PAGE_SIZE.topPosts, null),
  ]);
  const [media, topMedia] = await pageWithTop(ctx, viewer, page, top, count);
  return {
    hashtag: {
      name: tag,
      is_top_media_only: moderation.isTopMediaOnly,
      content_advisory: moderation.contentAdvisory,
      edge_hashtag_to_media: media,
      edge_hashtag_to_top_posts: { edges: topMedia.map((node) => ({ node })) },
    },
  };
}

export async function locationMedia(
  ctx: AppContext,
  viewer: Viewer,
  locationId: string,
  p: Paging,
) {
  const viewerId = viewer?.id ?? null;
  const location = await ctx.db
    .selectFrom('locations')
    .selectAll()
    .where('id', '=', locationId)
    .executeTakeFirst();
  if (!location) throw notFound('Location not found.');
  const here = atLocation(location.id);
  const count = await visibleCount(ctx, viewerId, PLACES, location.id);
  // A place made from a member's geotag (not a directory place) exists for a viewer only through
  // a post they may see: a private member's tagged home stays private.
  if (location.has_public_page === 0 && count === 0) throw notFound('Location not found.');
  const [page, top] = await Promise.all([
    newestPosts(ctx, viewerId, here, p.first, p.after),
    p.after ? null : topPosts(ctx, viewerId, here, PAGE_SIZE.topPosts, null),
  ]);
  const [media, topMedia] = await pageWithTop(ctx, viewer, page, top, count);
  return {
    location: {
      ...toWireLocation(location),
      address: location.address,
      edge_location_to_media: media,
      edge_location_to_top_posts: { edges: topMedia.map((node) => ({ node })) },
    },
  };
}

/** The largest count discover reports: "at least this many". */
export const DISCOVER_COUNT_CAP = 100;

/**
 * Posts of public accounts the viewer does not follow, nor their own. Correlated tests, not IN
 * lists: the plan then walks posts_top_idx (most liked first) and stops after a page, instead of
 * gathering every public member's posts and sorting them. The pages and counts this filter is
 * used with also keep only posts the viewer may see (ownerVisibleTo: their own, a public owner's
 * or a followed owner's), so for a member "not their own, not followed" leaves public owners
 * only, without a second lookup of the owner per post.
 */
const notFollowed: PreparedPostFilter<Record<string, never>> = {
  name: 'notFollowed',
  params: {},
  where: (eb, p) => {
    if (p.viewerId === null) {
      return eb.exists(
        eb
          .selectFrom('users as pu')
          .select('pu.id')
          .whereRef('pu.id', '=', 'posts.owner_id')
          .where('pu.is_private', '=', 0),
      );
    }
    const viewerId = p.viewerId;
    return eb.and([
      eb('posts.owner_id', '!=', viewerId),
      eb.not(
        eb.exists(
          eb
            .selectFrom('follows as nf')
            .select('nf.followee_id')
            .where('nf.follower_id', '=', viewerId)
            .whereRef('nf.followee_id', '=', 'posts.owner_id'),
        ),
      ),
    ]);
  },
};

/** A member's own posts (their grid). */
const byOwner = (ownerId: string): PreparedPostFilter<{ ownerId: string }> => ({
  name: 'byOwner',
  params: { ownerId },
  where: (eb, p) => eb('posts.owner_id', '=', p.ownerId),
});

/** Posts tagged with a place. */
const atLocation = (locationId: string): PreparedPostFilter<{ locationId: string }> => ({
  name: 'atLocation',
  params: { locationId },
  where: (eb, p) => eb('posts.location_id', '=', p.locationId),
});

/** Posts from public accounts the viewer does not follow (nor their own), most liked first. */
export async function discover(ctx: AppContext, viewer: Viewer, p: Paging, rankToken: string) {
  const viewerId = viewer?.id ?? null;
  const [page, count] = await Promise.all([
    topPosts(ctx, viewerId, notFollowed, p.first, p.after),
    // Discover spans the whole network: its count (which the client does not show) stops at
    // DISCOVER_COUNT_CAP so the page costs the same however many posts exist.
    countVisiblePosts(ctx, viewerId, notFollowed, DISCOVER_COUNT_CAP),
  ]);
  const media = await toConnection(ctx, viewer, page, count);
  return { user: { edge_web_discover_media: { ...media, rank_token: rankToken } } };
}
