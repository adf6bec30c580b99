// Embeds (content §1, §4 "Paged feeds" incl. embed): the embedded post as a status union
// (CONVENTIONS §7), and its "more posts" strip as a paged feed in postFeedsState, so it follows
// the same first load / next load / failure rules as every other post grid.
import { proxy } from 'valtio';
import { RequestError, isAbortError } from '../api/client';
import { fetchEmbed, type EmbedScope } from '../api/embed';
import type { PageFetcher } from '../api/profile';
import type { WirePost } from '../api/types';
import { upsertPosts } from './posts';
import { emptyList, loadPostFeed, pageLoaded, postFeedsState } from './postFeeds';

export type EmbedResource =
  | { status: 'loading' }
  | { status: 'error'; notFound: boolean }
  | { status: 'ready'; postId: string };

interface EmbedState {
  /** Keyed by embedKey(shortcode, scope). */
  embeds: Record<string, EmbedResource>;
}

export const embedState = proxy<EmbedState>({ embeds: {} });

export const embedKey = (shortcode: string, scope: EmbedScope) => `${scope}:${shortcode}`;
/** The strip of more posts, in postFeedsState.feeds. */
export const embedFeedKey = (shortcode: string, scope: EmbedScope) =>
  `embed:${embedKey(shortcode, scope)}`;

const relatedPage =
  (shortcode: string, scope: EmbedScope): PageFetcher<WirePost> =>
  (after, opts) =>
    fetchEmbed(shortcode, scope, after, opts).then((d) => d.edge_related_media);

/**
 * Loads the post and the first page of more posts in one call. A post already on screen stays
 * there when a refresh fails (as on the post page); a 404 always wins (deleted, blocked, private).
 */
export async function loadEmbed(
  shortcode: string,
  scope: EmbedScope,
  signal?: AbortSignal,
): Promise<void> {
  const key = embedKey(shortcode, scope);
  const current = embedState.embeds[key];
  if (current?.status !== 'ready') embedState.embeds[key] = { status: 'loading' };
  try {
    const embed = await fetchEmbed(shortcode, scope, null, { signal });
    upsertPosts([embed.shortcode_media], 'none');
    postFeedsState.feeds[embedFeedKey(shortcode, scope)] = pageLoaded(
      emptyList<WirePost>(),
      embed.edge_related_media,
      false,
    );
    embedState.embeds[key] = { status: 'ready', postId: embed.shortcode_media.id };
  } catch (error) {
    if (isAbortError(error)) return;
    const notFound = error instanceof RequestError && error.statusCode === 404;
    if (current?.status === 'ready' && !notFound) {
      embedState.embeds[key] = current;
      return;
    }
    embedState.embeds[key] = { status: 'error', notFound };
  }
}

/** The next 12 more posts; a failure keeps what was loaded and shows the retry toast. */
export function loadMoreEmbedPosts(shortcode: string, scope: EmbedScope): Promise<void> {
  return loadPostFeed(embedFeedKey(shortcode, scope), relatedPage(shortcode, scope), true);
}

/** Test helper. */
export function resetEmbeds(): void {
  embedState.embeds = {};
}
