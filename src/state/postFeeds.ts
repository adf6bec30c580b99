// Paged feeds (content §3 "Post feeds", §4 "Paged feeds", §8): profile, saved and collection post
// grids, and — with the same rules — follow lists and collections. First load, next load, failure;
// a failure keeps what was loaded, and resets pagination when nothing was.
import { proxy } from 'valtio';
import { isAbortError } from '../api/client';
import { normalizeCursor } from '../api/graph';
import type { PageFetcher } from '../api/profile';
import type { Connection, WirePost } from '../api/types';
import type { PagePrefetch } from '../lib/pagePrefetch';
import { showToast } from './toast';

export interface PagedList<T> {
  items: T[];
  /** The total the server reports (e.g. a profile's post count). */
  count: number;
  hasNextPage: boolean;
  endCursor: string | null;
  isFetching: boolean;
  /** True once a first page arrived. */
  loaded: boolean;
  /** The last load failed. */
  failed: boolean;
}

export function emptyList<T>(): PagedList<T> {
  return {
    items: [],
    count: 0,
    hasNextPage: false,
    endCursor: null,
    isFetching: false,
    loaded: false,
    failed: false,
  };
}

export function loadStarted<T>(list: PagedList<T>): PagedList<T> {
  return { ...list, isFetching: true, failed: false };
}

/** A page arrived: the first replaces the list, a next one is appended (without duplicates). */
export function pageLoaded<T extends { id: string }>(
  list: PagedList<T>,
  page: Connection<T>,
  append: boolean,
): PagedList<T> {
  const incoming = page.edges.map((e) => e.node);
  const known = new Set(append ? list.items.map((i) => i.id) : []);
  const items = append ? [...list.items, ...incoming.filter((i) => !known.has(i.id))] : incoming;
  const endCursor = normalizeCursor(page.page_info.end_cursor);
  return {
    items,
    count: page.count,
    // Without a usable cursor there is no way to ask for the next page.
    hasNextPage: page.page_info.has_next_page && endCursor !== null,
    endCursor,
    isFetching: false,
    loaded: true,
    failed: false,
  };
}

/** Failure keeps the items already loaded; if nothing was loaded, pagination is reset. */
export function loadFailed<T>(list: PagedList<T>): PagedList<T> {
  if (list.items.length === 0) return { ...emptyList<T>(), failed: true };
  return { ...list, isFetching: false, failed: true };
}

/** Whether a next page may be fetched now: one exists and none is in flight. */
export function canLoadNext<T>(list: PagedList<T> | undefined): boolean {
  return !!list && list.loaded && list.hasNextPage && !list.isFetching;
}

// Each first load gets a generation number; answers to an older generation are dropped, so a
// slow page of a previous profile never lands in the current one.
const generations = new Map<string, number>();

/**
 * Loads the first page (`next` false) or the next one into `lists[key]`. A failure shows the
 * generic retry toast. Resolves when the list is updated.
 */
export async function loadPage<T extends { id: string }>(
  lists: Record<string, PagedList<T>>,
  key: string,
  fetchPage: PageFetcher<T>,
  next: boolean,
  /** Keeps the next page fetched ahead (content §9: likers and follow lists preload 1). */
  preload?: PagePrefetch<Connection<T>>,
): Promise<void> {
  const current = lists[key];
  if (next && !canLoadNext(current)) return;
  const generation = next ? (generations.get(key) ?? 0) : (generations.get(key) ?? 0) + 1;
  generations.set(key, generation);
  const base = next && current ? current : emptyList<T>();
  lists[key] = loadStarted(base);
  if (!next) preload?.forget(key);
  try {
    const cursor = next ? base.endCursor : null;
    const page = await (preload && cursor !== null
      ? preload.take(key, cursor, (after) => fetchPage(after))
      : fetchPage(cursor));
    if (generations.get(key) !== generation) return;
    lists[key] = pageLoaded(lists[key] ?? base, page, next);
    const loaded = lists[key];
    if (preload && loaded.hasNextPage) {
      preload.warm(key, loaded.endCursor, (after) => fetchPage(after));
    }
  } catch (error) {
    if (generations.get(key) !== generation) return;
    lists[key] = loadFailed(lists[key] ?? base);
    if (isAbortError(error)) return;
    showToast({
      text: "Couldn't load more. Please try again.",
      actionText: 'Retry',
      onAction: () => void loadPage(lists, key, fetchPage, next, preload),
    });
  }
}

interface PostFeedsState {
  /** Keyed 'profile:<userId>', 'saved:<userId>', 'collection:<id|all>'. */
  feeds: Record<string, PagedList<WirePost>>;
}

export const postFeedsState = proxy<PostFeedsState>({ feeds: {} });

export const profileFeedKey = (userId: string) => `profile:${userId}`;
export const savedFeedKey = (userId: string) => `saved:${userId}`;
export const taggedFeedKey = (userId: string) => `tagged:${userId}`;
export const collectionFeedKey = (collectionId: string | null) =>
  `collection:${collectionId ?? 'all'}`;

export function loadPostFeed(key: string, fetchPage: PageFetcher<WirePost>, next = false) {
  return loadPage(postFeedsState.feeds, key, fetchPage, next);
}

/** Test helper. */
export function resetPostFeeds(): void {
  postFeedsState.feeds = {};
  generations.clear();
}
