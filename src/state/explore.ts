// Discover and hashtag feeds (content §3 "Discover", "Hashtag"; §4 "Paged feeds"). The post grids
// themselves are paged lists in postFeedsState; this store keeps what rides along with them: the
// discover rank token and each hashtag's header and top posts.
import { proxy } from 'valtio';
import { RequestError } from '../api/client';
import { fetchDiscoverPage, fetchHashtagPage } from '../api/explore';
import type { PageFetcher } from '../api/profile';
import type { Connection, WirePost } from '../api/types';
import { loadPostFeed } from './postFeeds';

export interface HashtagHeader {
  name: string;
  /** edge_hashtag_to_media.count */
  mediaCount: number;
  topPosts: WirePost[];
  /** No post carries this tag (the server answered 404). */
  missing: boolean;
}

interface ExploreState {
  /** One rank token per page load keeps discover's order stable while paging (content §3). */
  discoverRankToken: string;
  hashtags: Record<string, HashtagHeader>;
}

function newRankToken(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export const exploreState = proxy<ExploreState>({
  discoverRankToken: newRankToken(),
  hashtags: {},
});

export const DISCOVER_FEED_KEY = 'discover';
export const hashtagFeedKey = (tag: string) => `tag:${tag}`;
/** Hashtags are matched lowercased, as their links are built (content §2). */
export const normalizeTag = (tag: string) => tag.replace(/^#/, '').toLowerCase();

export const emptyConnection = (): Connection<WirePost> => ({
  count: 0,
  page_info: { has_next_page: false, end_cursor: null },
  edges: [],
});

export const isNotFound = (error: unknown) =>
  error instanceof RequestError && error.statusCode === 404;

const discoverFetcher: PageFetcher<WirePost> = async (after, opts) => {
  const page = await fetchDiscoverPage(exploreState.discoverRankToken, after, opts);
  if (page.rank_token) exploreState.discoverRankToken = page.rank_token;
  return page;
};

/** First page (or, with `next`, the following 24) of the explore grid. */
export function loadDiscover(next = false): Promise<void> {
  return loadPostFeed(DISCOVER_FEED_KEY, discoverFetcher, next);
}

/** The header travels with the first page; a tag nobody used yet is an empty feed, not an error. */
export function hashtagFetcher(tag: string): PageFetcher<WirePost> {
  return async (after, opts) => {
    try {
      const hashtag = await fetchHashtagPage(tag, after, opts);
      if (!after) {
        exploreState.hashtags[tag] = {
          name: hashtag.name,
          mediaCount: hashtag.edge_hashtag_to_media.count,
          topPosts: hashtag.edge_hashtag_to_top_posts.edges.map((e) => e.node),
          missing: false,
        };
      }
      return hashtag.edge_hashtag_to_media;
    } catch (error) {
      if (!isNotFound(error) || after) throw error;
      exploreState.hashtags[tag] = { name: tag, mediaCount: 0, topPosts: [], missing: true };
      return emptyConnection();
    }
  };
}

export function loadHashtag(tag: string, next = false): Promise<void> {
  const name = normalizeTag(tag);
  return loadPostFeed(hashtagFeedKey(name), hashtagFetcher(name), next);
}

/** Test helper. */
export function resetExplore(): void {
  exploreState.hashtags = {};
  exploreState.discoverRankToken = newRankToken();
}
