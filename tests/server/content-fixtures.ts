// Rows for content tests, written straight to the database (no image files needed: the server
// only builds URLs from media keys).
import type { AppContext } from '../../server/context.ts';
import type { PostsTable } from '../../server/db/schema.ts';
import { newId, newShortcode } from '../../server/ids.ts';
import { QUERY_IDS, type QueryName } from '../../common/queryIds.ts';
import type { TestClient } from './helpers.ts';

/** A clock tests move by hand, so ordering never depends on wall time. */
export function testClock(start = 1_700_000_000) {
  let t = start;
  return {
    now: () => t,
    tick: (s = 1) => (t += s),
  };
}

export async function createPost(
  ctx: AppContext,
  ownerId: string,
  fields: Partial<Omit<PostsTable, 'like_count'>> & { hashtags?: string[] } = {},
): Promise<PostsTable> {
  const { hashtags = [], ...rest } = fields;
  const id = newId();
  const row: PostsTable = {
    id,
    shortcode: newShortcode(),
    owner_id: ownerId,
    caption: '',
    caption_is_edited: 0,
    media_type: 1,
    width: 1080,
    height: 1080,
    media_key: `p/${id}/1080.jpg`,
    video_key: null,
    video_duration: null,
    video_view_count: 0,
    location_id: null,
    comments_disabled: 0,
    taken_at: ctx.now(),
    gating_type: null,
    gating_title: null,
    gating_description: null,
    like_count: 0,
    ...rest,
  };
  await ctx.db.insertInto('posts').values(row).execute();
  if (hashtags.length) {
    await ctx.db
      .insertInto('post_hashtags')
      .values(hashtags.map((hashtag) => ({ post_id: id, hashtag })))
      .execute();
  }
  return row;
}

export async function addFollow(ctx: AppContext, followerId: string, followeeId: string) {
  await ctx.db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: ctx.now() })
    .execute();
}

export async function addBlock(ctx: AppContext, blockerId: string, blockedId: string) {
  await ctx.db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: ctx.now() })
    .execute();
}

export async function addComment(ctx: AppContext, postId: string, userId: string, text: string) {
  const id = newId();
  await ctx.db
    .insertInto('comments')
    .values({ id, post_id: postId, user_id: userId, text, created_at: ctx.now() })
    .execute();
  return id;
}

export async function addLike(ctx: AppContext, postId: string, userId: string) {
  await ctx.db
    .insertInto('likes')
    .values({ post_id: postId, user_id: userId, created_at: ctx.now() })
    .execute();
}

export interface GraphReply<T> {
  status: number;
  body: { data: T; status: string; message?: string };
}

/** GET /graphql/query/ by query name, as the client does. */
export async function graph<T = Record<string, unknown>>(
  client: TestClient,
  name: QueryName,
  variables: Record<string, unknown>,
): Promise<GraphReply<T>> {
  const qs = new URLSearchParams({
    query_id: QUERY_IDS[name],
    variables: JSON.stringify(variables),
  });
  const res = await client.get(`/graphql/query/?${qs.toString()}`);
  return { status: res.statusCode, body: res.json() };
}

/** A user who never logs in: skips password hashing, which is slow on purpose. */
export async function quickUser(ctx: AppContext, username: string) {
  const id = newId();
  await ctx.db
    .insertInto('users')
    .values({
      id,
      username,
      full_name: '',
      email: null,
      email_confirmed: 0,
      phone_number: null,
      password_hash: '!',
      biography: '',
      external_url: '',
      gender: 3,
      profile_pic_key: null,
      is_private: 0,
      is_verified: 0,
      is_business: 0,
      chaining_enabled: 1,
      two_factor_enabled: 0,
      comment_filter: 0,
      comment_filter_keywords: '',
      fb_id: null,
      activity_checked_at: 0,
      is_active: 1,
      created_at: ctx.now(),
    })
    .execute();
  return { id, username };
}

const DAY = 24 * 3600;

/** A live photo story item (a day to expire from `takenAt`). */
export async function addStory(ctx: AppContext, ownerId: string, takenAt = ctx.now()) {
  const id = newId();
  const row = {
    id,
    owner_id: ownerId,
    media_key: `s/${id}/1080.jpg`,
    width: 1080,
    height: 1920,
    is_video: 0 as const,
    video_key: null,
    video_duration: null,
    taken_at: takenAt,
    expiring_at: takenAt + DAY,
  };
  await ctx.db.insertInto('story_items').values(row).execute();
  return row;
}

/** Directory places in Lisbon, Portugal (the country and city made here too). */
export async function addLisbonPlaces(
  ctx: AppContext,
  places: { id: string; name: string; address?: string }[],
) {
  await ctx.db
    .insertInto('countries')
    .values({ id: 'PT', name: 'Portugal', slug: 'portugal' })
    .execute();
  await ctx.db
    .insertInto('cities')
    .values({ id: 'c1', country_id: 'PT', name: 'Lisbon', slug: 'lisbon' })
    .execute();
  await ctx.db
    .insertInto('locations')
    .values(
      places.map(({ id, name, address = '' }) => ({
        id,
        city_id: 'c1',
        name,
        slug: name.toLowerCase().replace(/\s+/g, '-'),
        lat: 38.7,
        lng: -9.1,
        address,
        external_id: '',
        external_id_source: '',
        has_public_page: 1 as const,
      })),
    )
    .execute();
}
