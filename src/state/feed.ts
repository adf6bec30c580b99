// The home feed (content §4 "Feed"): load, refresh and next page are separate events; only one
// feed fetch runs at a time; a refresh aborts a pending next-page fetch; load and next-page
// failures each raise a failure event; a deleted post leaves the feed.
import { proxy } from 'valtio';
import {
  fetchFeedPage,
  isSuggestedUsersUnit,
  type FeedPage,
  type WireSuggestedUserFeedUnit,
} from '../api/feed';
import { isAbortError } from '../api/client';
import { normalizeCursor } from '../api/graph';
import type { WirePost } from '../api/types';
import { FEED_PAGE_SIZE } from '../lib/tokens';
import { onPostDeleted, upsertPosts } from './posts';

export type FeedItem =
  | { kind: 'post'; id: string }
  | { kind: 'suggestions'; id: string; unit: WireSuggestedUserFeedUnit };

/** Content §3 "Feed pagination state". Counts are of posts (the suggestions card is extra). */
export interface FeedPagination {
  hasNextPage: boolean;
  endCursor: string | null;
  visibleCount: number;
  loadedCount: number;
  isFetching: boolean;
}

export interface FeedState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: FeedItem[];
  pagination: FeedPagination;
  nextPageFailed: boolean;
  /** Raised by a refresh; the feed view scrolls to the top and clears it. */
  scrollToTop: boolean;
  /** From the first page: provider friends on Glint to follow (the follow-all card). */
  providerFriendsCount: number;
}

function initialPagination(): FeedPagination {
  return {
    hasNextPage: false,
    endCursor: null,
    visibleCount: 0,
    loadedCount: 0,
    isFetching: false,
  };
}

export const feedState = proxy<FeedState>({
  status: 'idle',
  items: [],
  pagination: initialPagination(),
  nextPageFailed: false,
  scrollToTop: false,
  providerFriendsCount: 0,
});

// ── Failure events ────────────────────────────────────────────────────────────────────────────
export interface FeedFailure {
  kind: 'load' | 'refresh' | 'nextPage';
  error: unknown;
}
type FailureListener = (failure: FeedFailure) => void;
const failureListeners = new Set<FailureListener>();

export function onFeedFailure(listener: FailureListener): () => void {
  failureListeners.add(listener);
  return () => failureListeners.delete(listener);
}

function raiseFailure(failure: FeedFailure): void {
  for (const listener of failureListeners) listener(failure);
}

// ── Fetching ──────────────────────────────────────────────────────────────────────────────────
/** The one feed fetch in flight, kept so a refresh can abort a next-page fetch. */
let inFlight: { kind: FeedFailure['kind']; controller: AbortController } | null = null;

function toItems(page: FeedPage, known: Set<string>): { items: FeedItem[]; posts: WirePost[] } {
  const items: FeedItem[] = [];
  const posts: WirePost[] = [];
  for (const { node } of page.edges) {
    if (known.has(node.id)) continue;
    known.add(node.id);
    if (isSuggestedUsersUnit(node)) items.push({ kind: 'suggestions', id: node.id, unit: node });
    else {
      posts.push(node);
      items.push({ kind: 'post', id: node.id });
    }
  }
  return { items, posts };
}

async function fetchPage(kind: FeedFailure['kind'], cursor: string | null) {
  const controller = new AbortController();
  inFlight = { kind, controller };
  feedState.pagination.isFetching = true;
  try {
    return await fetchFeedPage(cursor, { signal: controller.signal });
  } finally {
    if (inFlight?.controller === controller) {
      inFlight = null;
      feedState.pagination.isFetching = false;
    }
  }
}

/** First page, replacing whatever was shown (load and refresh). */
async function loadFirstPage(kind: 'load' | 'refresh'): Promise<void> {
  let page: FeedPage;
  try {
    page = await fetchPage(kind, null);
  } catch (error) {
    if (isAbortError(error)) return;
    if (feedState.pagination.loadedCount === 0) {
      // Nothing loaded: the pagination starts over (content §4 paged feeds).
      feedState.pagination = initialPagination();
      feedState.status = 'error';
    } else feedState.status = 'ready';
    raiseFailure({ kind, error });
    return;
  }
  const { items, posts } = toItems(page, new Set());
  upsertPosts(posts, 'preview');
  feedState.items = items;
  feedState.nextPageFailed = false;
  feedState.providerFriendsCount = page.providerFriendsCount ?? 0;
  feedState.status = 'ready';
  const cursor = normalizeCursor(page.page_info.end_cursor);
  feedState.pagination = {
    hasNextPage: page.page_info.has_next_page && cursor !== null,
    endCursor: cursor,
    visibleCount: FEED_PAGE_SIZE,
    loadedCount: posts.length,
    isFetching: false,
  };
}

/** The first load; does nothing once the feed is loaded or while a fetch runs. */
export async function loadFeed(): Promise<void> {
  if (feedState.pagination.isFetching || feedState.status === 'ready') return;
  feedState.status = 'loading';
  await loadFirstPage('load');
}

/** Reloads from the first page and asks the view to scroll to the top. */
export async function refreshFeed(): Promise<void> {
  if (inFlight?.kind === 'nextPage') inFlight.controller.abort();
  else if (inFlight) return;
  feedState.scrollToTop = true;
  if (feedState.status !== 'ready') feedState.status = 'loading';
  await loadFirstPage(feedState.status === 'ready' ? 'refresh' : 'load');
}

/** Shows the next page: already-loaded posts first, otherwise fetches one when none is in flight. */
export async function loadNextPage(): Promise<void> {
  const p = feedState.pagination;
  if (p.isFetching || feedState.status !== 'ready') return;
  if (p.visibleCount < p.loadedCount) {
    p.visibleCount += FEED_PAGE_SIZE;
    return;
  }
  if (!p.hasNextPage) return;
  feedState.nextPageFailed = false;
  let page: FeedPage;
  try {
    page = await fetchPage('nextPage', p.endCursor);
  } catch (error) {
    if (isAbortError(error)) return;
    // The posts already loaded stay; the same cursor is asked for again on Retry.
    feedState.nextPageFailed = true;
    raiseFailure({ kind: 'nextPage', error });
    return;
  }
  const { items, posts } = toItems(page, new Set(feedState.items.map((item) => item.id)));
  upsertPosts(posts, 'preview');
  feedState.items.push(...items);
  const cursor = normalizeCursor(page.page_info.end_cursor);
  p.hasNextPage = page.page_info.has_next_page && cursor !== null;
  p.endCursor = cursor;
  p.loadedCount += posts.length;
  p.visibleCount += FEED_PAGE_SIZE;
}

/** The items to render: posts up to visibleCount, with any suggestions card among them. */
export function visibleItems(state: Pick<FeedState, 'items' | 'pagination'>): FeedItem[] {
  let posts = 0;
  const out: FeedItem[] = [];
  for (const item of state.items) {
    if (item.kind === 'post' && ++posts > state.pagination.visibleCount) break;
    out.push(item);
  }
  return out;
}

export function removeFromFeed(postId: string): void {
  const index = feedState.items.findIndex((item) => item.kind === 'post' && item.id === postId);
  if (index === -1) return;
  feedState.items.splice(index, 1);
  feedState.pagination.loadedCount = Math.max(0, feedState.pagination.loadedCount - 1);
}

onPostDeleted(removeFromFeed);

/** Hides the follow-all card until a first page counts friends again. */
export function hideProviderFriends(): void {
  feedState.providerFriendsCount = 0;
}

export function clearScrollToTop(): void {
  feedState.scrollToTop = false;
}

/** Test helper: forget everything, aborting a fetch in flight. */
export function resetFeedState(): void {
  inFlight?.controller.abort();
  inFlight = null;
  feedState.status = 'idle';
  feedState.items = [];
  feedState.pagination = initialPagination();
  feedState.nextPageFailed = false;
  feedState.scrollToTop = false;
  feedState.providerFriendsCount = 0;
}
