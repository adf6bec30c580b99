import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import type { WirePost } from '../../common/types.ts';
import { blockedIds } from './access.ts';
import { loadWirePosts } from './posts.ts';
import { timelinePosts } from './postQueries.ts';
import { providerFriendsCount } from './providerFriends.ts';
import { suggestUsers, type SuggestedUser } from './suggestions.ts';

export interface HomeFeedOptions {
  first: number;
  after: string | null;
  commentCount: number;
  likerCount: number;
}

/** The feed's suggested-users group, placed once among the posts of the first page. */
export interface SuggestedUserFeedUnit {
  __typename: 'GraphSuggestedUserFeedUnit';
  id: string;
  edge_suggested_users: { edges: { node: SuggestedUser }[] };
}

/** Number of posts before the suggested-users unit on the first page. */
export const SUGGESTIONS_AFTER_POSTS = 4;
/** How many accounts the in-feed group suggests. */
const FEED_SUGGESTIONS = 10;

/**
 * The home feed: the viewer's own posts and those of accounts they follow, newest first.
 * On the first page a suggested-users unit follows the fourth post when there is anyone to suggest,
 * and edge_facebook_friends counts the provider friends to follow (0 on later pages and for a
 * viewer with no linked identity, who costs no query).
 */
export async function homeFeed(ctx: AppContext, viewer: UsersTable, o: HomeFeedOptions) {
  const blocked = await blockedIds(ctx, viewer.id);
  const page = await timelinePosts(ctx, viewer.id, o.first, o.after, blocked);
  const firstPage = o.after === null;
  const [posts, suggestions, friendsCount] = await Promise.all([
    loadWirePosts(
      ctx,
      viewer,
      page.rows,
      { comments: { mode: 'preview', n: o.commentCount }, likers: o.likerCount, surface: 'feed' },
      blocked,
    ),
    firstPage ? suggestUsers(ctx, viewer, FEED_SUGGESTIONS) : Promise.resolve([]),
    firstPage ? providerFriendsCount(ctx, viewer) : Promise.resolve(0),
  ]);
  const edges: { node: WirePost | SuggestedUserFeedUnit }[] = posts.map((node) => ({ node }));
  if (suggestions.length > 0 && posts.length >= SUGGESTIONS_AFTER_POSTS) {
    edges.splice(SUGGESTIONS_AFTER_POSTS, 0, {
      node: {
        __typename: 'GraphSuggestedUserFeedUnit',
        id: `suggested_users_${viewer.id}`,
        edge_suggested_users: { edges: suggestions.map((node) => ({ node })) },
      },
    });
  }
  return {
    user: {
      id: viewer.id,
      username: viewer.username,
      edge_web_feed_timeline: { page_info: page.page_info, edges },
      edge_facebook_friends: { count: friendsCount },
      connected_fbid: viewer.fb_id,
    },
  };
}
