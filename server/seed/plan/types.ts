import type {
  Database,
  PostHashtagsTable,
  PostTagsTable,
  PostsTable,
  UsersTable,
} from '../../db/schema.ts';
import type { IdCounter, Rng } from '../random.ts';

/** One picture to render: a full-size JPEG under each of `keys`, square crops under `squares`. */
export interface ImageJob {
  width: number;
  height: number;
  /**
   * Built lazily so the SVG text of 200+ pictures is never held in memory at once. Call it once
   * per picture: it draws from the plan's random numbers each time.
   */
  svg: () => string;
  keys: string[];
  squares: [key: string, size: number][];
}

/**
 * A rendered file stored again under `to` as a hard link to `from` (a copy where the storage
 * cannot link): the generated members of a large seed share a pool of pictures, yet every post,
 * story item and avatar keeps its own keys. Media access is checked by the post or story id in
 * the key, and deleting a post or changing an avatar removes only that row's own links.
 */
export interface LinkJob {
  from: string;
  to: string;
}

/** A file the seed copies as-is from server/seed/assets under `key` (the story video). */
export interface AssetJob {
  asset: string;
  key: string;
}

// Columns kept by triggers (users' follower_count, posts' comment_count, post_hashtags' and
// post_tags' order) are never planned.
type Rows = {
  [T in keyof Database]: T extends 'users'
    ? UsersTable[]
    : T extends 'posts'
      ? PostsTable[]
      : T extends 'post_hashtags'
        ? PostHashtagsTable[]
        : T extends 'post_tags'
          ? PostTagsTable[]
          : Database[T][];
};

/** Everything the seed writes, built synchronously from the PRNG before any I/O happens. */
export type SeedPlan = Pick<
  Rows,
  | 'users'
  | 'follows'
  | 'follow_requests'
  | 'countries'
  | 'cities'
  | 'locations'
  | 'posts'
  | 'post_children'
  | 'post_tags'
  | 'post_hashtags'
  | 'post_sponsors'
  | 'hashtag_moderation'
  | 'likes'
  | 'saves'
  | 'collections'
  | 'collection_posts'
  | 'comments'
  | 'story_items'
  | 'story_views'
  | 'reel_seen'
  | 'notifications'
  | 'promotions'
  | 'app_authorizations'
  | 'contacts'
> & {
  images: ImageJob[];
  assets: AssetJob[];
  /** Pictures rendered once for the generated members (keys under POOL_PREFIX, removed after linking). */
  pool: ImageJob[];
  links: LinkJob[];
};

export interface Planner {
  rng: Rng;
  ids: IdCounter;
  /** ctx.now() at the start of the seed, unix seconds. */
  now: number;
  plan: SeedPlan;
}

export const HOUR = 3600;
export const DAY = 24 * HOUR;

export function emptyPlan(): SeedPlan {
  return {
    users: [],
    follows: [],
    follow_requests: [],
    countries: [],
    cities: [],
    locations: [],
    posts: [],
    post_children: [],
    post_tags: [],
    post_hashtags: [],
    post_sponsors: [],
    hashtag_moderation: [],
    likes: [],
    saves: [],
    collections: [],
    collection_posts: [],
    comments: [],
    story_items: [],
    story_views: [],
    reel_seen: [],
    notifications: [],
    promotions: [],
    app_authorizations: [],
    contacts: [],
    images: [],
    assets: [],
    pool: [],
    links: [],
  };
}
