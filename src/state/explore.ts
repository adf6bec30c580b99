// Discover and hashtag feeds (content §3 "Discover", "Hashtag"; §4 "Paged feeds"). The post grids
// themselves are paged lists in postFeedsState; this store keeps what rides along with them: the
// discover rank token and each hashtag's header, moderation and top posts.
import { proxy } from 'valtio';
import { RequestError } from '../api/client';
import { fetchDiscoverPage, fetchHashtagPage } from '../api/explore';
import type { PageFetcher } from '../api/profile';
import type { Connection, WireContentAdvisory, WirePost } from '../api/types';
import { isSafeUri } from '../lib/uri';
import { loadPostFeed } from './postFeeds';

/** A hashtag's content advisory (content §3 "Hashtag"), shown in place of its posts. */
export interface HashtagContentAdvisory {
  title: string;
  description: string;
  /** The "Learn more" link: a safe http(s) URL, or null for none. */
  learnMoreUrl: string | null;
  /** The viewer chose "Show posts"; kept per tag for the session. */
  acknowledged: boolean;
}

export interface HashtagHeader {
  name: string;
  /** edge_hashtag_to_media.count */
  mediaCount: number;
  /** Only the top posts are shown; the most recent posts are hidden and never paged. */
  isTopMediaOnly: boolean;
  contentAdvisory: HashtagContentAdvisory | null;
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

// ── Hashtag content advisories ─────────────────────────────────────────────────────────────────

/** Tags whose advisory the viewer acknowledged, for the session (a JSON array of names). */
export const ACKNOWLEDGED_ADVISORIES_STORAGE_KEY = 'glint.acknowledgedTagAdvisories';

let acknowledgedTags: Set<string> | null = null;

function acknowledgedSet(): Set<string> {
  if (acknowledgedTags) return acknowledgedTags;
  acknowledgedTags = new Set();
  try {
    const stored: unknown = JSON.parse(
      window.sessionStorage.getItem(ACKNOWLEDGED_ADVISORIES_STORAGE_KEY) ?? '[]',
    );
    if (Array.isArray(stored)) {
      for (const tag of stored) if (typeof tag === 'string') acknowledgedTags.add(tag);
    }
  } catch {
    // Storage disabled or a corrupt value: every advisory shows again, which is the safe side.
  }
  return acknowledgedTags;
}

/** Only an absolute http(s) URL that passes the product's URI check becomes "Learn more". */
export function safeLearnMoreUrl(url: string | null | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  return isSafeUri(url) ? url : null;
}

function toAdvisory(tag: string, wire: WireContentAdvisory | null | undefined) {
  if (!wire) return null;
  return {
    title: wire.title,
    description: wire.description,
    learnMoreUrl: safeLearnMoreUrl(wire.learn_more_url),
    acknowledged: acknowledgedSet().has(tag),
  } satisfies HashtagContentAdvisory;
}

/** "Show posts": the tag's posts show from now on, for the rest of the session. */
export function acknowledgeHashtagAdvisory(tag: string): void {
  const name = normalizeTag(tag);
  const tags = acknowledgedSet();
  tags.add(name);
  try {
    window.sessionStorage.setItem(ACKNOWLEDGED_ADVISORIES_STORAGE_KEY, JSON.stringify([...tags]));
  } catch {
    // Without storage the choice lasts until the next full page load.
  }
  const advisory = exploreState.hashtags[name]?.contentAdvisory;
  if (advisory) advisory.acknowledged = true;
}

/**
 * The header travels with the first page; a tag nobody used yet is an empty feed, not an error.
 * A top-media-only tag's most recent grid is always one empty page, so it is never paged.
 */
export function hashtagFetcher(tag: string): PageFetcher<WirePost> {
  return async (after, opts) => {
    try {
      const hashtag = await fetchHashtagPage(tag, after, opts);
      const media = hashtag.edge_hashtag_to_media;
      if (!after) {
        exploreState.hashtags[tag] = {
          name: hashtag.name,
          mediaCount: media.count,
          isTopMediaOnly: hashtag.is_top_media_only,
          contentAdvisory: toAdvisory(tag, hashtag.content_advisory),
          topPosts: hashtag.edge_hashtag_to_top_posts.edges.map((e) => e.node),
          missing: false,
        };
      }
      return hashtag.is_top_media_only ? { ...emptyConnection(), count: media.count } : media;
    } catch (error) {
      if (!isNotFound(error) || after) throw error;
      exploreState.hashtags[tag] = {
        name: tag,
        mediaCount: 0,
        isTopMediaOnly: false,
        contentAdvisory: null,
        topPosts: [],
        missing: true,
      };
      return emptyConnection();
    }
  };
}

export function loadHashtag(tag: string, next = false): Promise<void> {
  const name = normalizeTag(tag);
  // The most recent posts of a top-media-only tag are hidden: there is no next page to ask for.
  if (next && exploreState.hashtags[name]?.isTopMediaOnly) return Promise.resolve();
  return loadPostFeed(hashtagFeedKey(name), hashtagFetcher(name), next);
}

/** Test helper. */
export function resetExplore(): void {
  exploreState.hashtags = {};
  exploreState.discoverRankToken = newRankToken();
  acknowledgedTags = null;
  try {
    window.sessionStorage.removeItem(ACKNOWLEDGED_ADVISORIES_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
