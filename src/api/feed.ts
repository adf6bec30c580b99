// The home feed graph query (content §7): user.edge_web_feed_timeline, 12 posts a page with the
// newest 4 comments and 10 likers of each.
import type { RequestOptions } from './client';
import { graphQuery, normalizeCursor } from './graph';
import type { PageInfo, WirePost, WireUser } from './types';
import { FEED_COMMENTS_PER_POST, FEED_PAGE_SIZE, LIKERS_PAGE_SIZE } from '../lib/tokens';

export interface WireSuggestedUser {
  user: WireUser;
  /** Why the account is suggested ("Followed by ava + 2 more", "Popular"). */
  description: string;
}

/** The suggested-users group the server places among the posts of the first page. */
export interface WireSuggestedUserFeedUnit {
  __typename: 'GraphSuggestedUserFeedUnit';
  id: string;
  edge_suggested_users: { edges: { node: WireSuggestedUser }[] };
}

export type WireFeedNode = WirePost | WireSuggestedUserFeedUnit;

export interface FeedPage {
  page_info: PageInfo;
  edges: { node: WireFeedNode }[];
  /** First page only: provider friends on Glint the viewer could follow (edge_facebook_friends). */
  providerFriendsCount?: number;
}

interface FeedData {
  user: {
    edge_web_feed_timeline: FeedPage;
    edge_facebook_friends?: { count: number };
  };
}

export function isSuggestedUsersUnit(node: WireFeedNode): node is WireSuggestedUserFeedUnit {
  return node.__typename === 'GraphSuggestedUserFeedUnit';
}

/** One feed page after `cursor` (null or '0' = the first page). */
export async function fetchFeedPage(
  cursor: string | null,
  opts?: RequestOptions,
): Promise<FeedPage> {
  const data = await graphQuery<FeedData>(
    'feed',
    {
      fetch_media_item_count: FEED_PAGE_SIZE,
      fetch_media_item_cursor: normalizeCursor(cursor),
      fetch_comment_count: FEED_COMMENTS_PER_POST,
      fetch_like: LIKERS_PAGE_SIZE,
    },
    opts,
  );
  const { edge_web_feed_timeline: page, edge_facebook_friends: friends } = data.user;
  return { ...page, providerFriendsCount: friends?.count ?? 0 };
}

interface SuggestionsData {
  user: { edge_suggested_users: { edges: { node: WireSuggestedUser }[] } };
}

/** Feed extras: the accounts suggested beside the feed. */
export async function fetchFeedSuggestions(
  count: number,
  opts?: RequestOptions,
): Promise<WireSuggestedUser[]> {
  const data = await graphQuery<SuggestionsData>(
    'feedExtras',
    { fetch_suggested_count: count },
    opts,
  );
  return data.user.edge_suggested_users.edges.map((e) => e.node);
}
