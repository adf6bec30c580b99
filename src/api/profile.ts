// Profile calls (content §7): the header, post grids (profile, saved, collection), follow lists,
// collections and suggested people. Grids and lists page by page_info cursors.
import { apiGet, type RequestOptions } from './client';
import { graphQuery, normalizeCursor } from './graph';
import type { Connection, WireAccount, WirePost, WireUser } from './types';
import {
  COLLECTIONS_PAGE_SIZE,
  COLLECTION_POSTS_PAGE_SIZE,
  FOLLOW_LIST_PAGE_SIZE,
  PROFILE_PAGE_SIZE,
  SAVED_PAGE_SIZE,
  SUGGESTED_USERS_MEDIA_COUNT,
  SUGGESTED_USERS_PAGE_SIZE,
} from '../lib/tokens';

/** GET /api/v1/users/web_profile_info/ → data.user */
export interface WireProfile extends WireAccount {
  /** The website through the server's link shim ('' without a website). */
  external_url_linkshimmed?: string;
  followed_by_viewer?: boolean;
  requested_by_viewer?: boolean;
  follows_viewer?: boolean;
  blocked_by_viewer?: boolean;
  has_blocked_viewer?: boolean;
  is_viewer?: boolean;
}

export function fetchProfile(username: string, opts?: RequestOptions): Promise<WireProfile> {
  return apiGet<{ data: { user: WireProfile } }>(
    '/api/v1/users/web_profile_info/',
    { username },
    opts,
  ).then((body) => body.data.user);
}

/** One page of any list: the first page when `after` is null (cursor '0' counts as null). */
export type PageFetcher<T> = (
  after: string | null,
  opts?: RequestOptions,
) => Promise<Connection<T>>;

const page = (first: number, after: string | null) => ({ first, after: normalizeCursor(after) });

export const profileTimelinePage =
  (userId: string): PageFetcher<WirePost> =>
  (after, opts) =>
    graphQuery<{ user: { edge_owner_to_timeline_media: Connection<WirePost> } }>(
      'profileTimeline',
      { id: userId, ...page(PROFILE_PAGE_SIZE, after) },
      opts,
    ).then((d) => d.user.edge_owner_to_timeline_media);

/** The posts a member is tagged in (their profile's Tagged tab), newest first. */
export const profileTaggedPage =
  (userId: string): PageFetcher<WirePost> =>
  (after, opts) =>
    graphQuery<{ user: { edge_user_to_photos_of_you: Connection<WirePost> } }>(
      'profileTagged',
      { id: userId, ...page(PROFILE_PAGE_SIZE, after) },
      opts,
    ).then((d) => d.user.edge_user_to_photos_of_you);

export const savedMediaPage =
  (userId: string): PageFetcher<WirePost> =>
  (after, opts) =>
    graphQuery<{ user: { edge_saved_media: Connection<WirePost> } }>(
      'savedMedia',
      { id: userId, ...page(SAVED_PAGE_SIZE, after) },
      opts,
    ).then((d) => d.user.edge_saved_media);

/** A collection's posts; a null collection id means every saved post ("All Posts"). */
export const collectionPostsPage =
  (collectionId: string | null): PageFetcher<WirePost> =>
  (after, opts) =>
    graphQuery<{ collection: { edge_collection_to_media: Connection<WirePost> } }>(
      'collectionPosts',
      { collection_id: collectionId ?? undefined, ...page(COLLECTION_POSTS_PAGE_SIZE, after) },
      opts,
    ).then((d) => d.collection.edge_collection_to_media);

export type FollowListKind = 'followers' | 'following';

export const followListPage =
  (userId: string, kind: FollowListKind): PageFetcher<WireUser> =>
  (after, opts) =>
    graphQuery<{
      user: { edge_followed_by?: Connection<WireUser>; edge_follow?: Connection<WireUser> };
    }>(kind, { id: userId, ...page(FOLLOW_LIST_PAGE_SIZE, after) }, opts).then((d) => {
      const list = kind === 'followers' ? d.user.edge_followed_by : d.user.edge_follow;
      if (!list) throw new Error(`The ${kind} list is missing from the answer.`);
      return list;
    });

export interface WireCollection {
  id: string;
  name: string;
  cover_media_thumbnail: string | null;
}

export const mediaCollectionsPage =
  (userId: string): PageFetcher<WireCollection> =>
  (after, opts) =>
    graphQuery<{ user: { edge_collections: Connection<WireCollection> } }>(
      'mediaCollections',
      { id: userId, ...page(COLLECTIONS_PAGE_SIZE, after) },
      opts,
    ).then((d) => d.user.edge_collections);

export interface SuggestedUser {
  user: WireUser;
  description: string;
}

export function fetchSuggestedUsers(
  seenIds: string[] = [],
  opts?: RequestOptions,
): Promise<SuggestedUser[]> {
  return graphQuery<{ user: { edge_suggested_users: { edges: { node: SuggestedUser }[] } } }>(
    'suggestedUsers',
    {
      fetch_suggested_count: SUGGESTED_USERS_PAGE_SIZE,
      fetch_media_count: SUGGESTED_USERS_MEDIA_COUNT,
      seen_ids: seenIds,
      ignore_cache: true,
      filter_followed_friends: true,
    },
    opts,
  ).then((d) => d.user.edge_suggested_users.edges.map((e) => e.node));
}
