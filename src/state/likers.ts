// Likers of a post (/p/{code}/liked_by/), 10 a page with "Load more" (content §4 paged feeds).
import { proxy } from 'valtio';
import { isAbortError } from '../api/client';
import { fetchLikers } from '../api/posts';
import type { WireUser } from '../api/types';
import { pagePrefetch } from '../lib/pagePrefetch';
import { LIKERS_PRELOAD_PAGES } from '../lib/tokens';
import { initialPagination, pageFailed, pageLoaded, pageStarted, type Pagination } from './paging';
import { showToast } from './toast';

export interface LikersList {
  users: WireUser[];
  count: number;
  pagination: Pagination;
  /** True once the first page has answered. */
  loaded: boolean;
}

/** Likers preload 1 page (content §9). */
const preloaded = pagePrefetch<Awaited<ReturnType<typeof fetchLikers>>>(LIKERS_PRELOAD_PAGES);

export const likersState = proxy<{ byShortcode: Record<string, LikersList> }>({ byShortcode: {} });

function listFor(shortcode: string): LikersList {
  likersState.byShortcode[shortcode] ??= {
    users: [],
    count: 0,
    pagination: initialPagination(),
    loaded: false,
  };
  return likersState.byShortcode[shortcode];
}

/** The first page (again, from the start) when `fromStart`, otherwise the next page. */
export async function loadLikers(shortcode: string, fromStart = false): Promise<void> {
  const list = listFor(shortcode);
  if (list.pagination.isFetching) return;
  if (fromStart) {
    list.pagination = initialPagination();
    preloaded.forget(shortcode);
  }
  const after = list.pagination.endCursor;
  pageStarted(list.pagination);
  try {
    const page = await (after === null
      ? fetchLikers(shortcode, null)
      : preloaded.take(shortcode, after, (cursor) => fetchLikers(shortcode, cursor)));
    const users = page.edges.map((e) => e.node);
    if (after === null) list.users = users;
    else {
      const known = new Set(list.users.map((u) => u.id));
      list.users.push(...users.filter((u) => !known.has(u.id)));
    }
    list.count = page.count;
    list.loaded = true;
    pageLoaded(list.pagination, page.page_info);
    if (list.pagination.hasNextPage) {
      preloaded.warm(shortcode, list.pagination.endCursor, (cursor) =>
        fetchLikers(shortcode, cursor),
      );
    }
  } catch (error) {
    pageFailed(list.pagination, list.users.length);
    if (isAbortError(error)) return;
    showToast({
      text: "Couldn't load likes.",
      actionText: 'Retry',
      onAction: () => void loadLikers(shortcode),
    });
  }
}

/** Test helper. */
export function resetLikersState(): void {
  likersState.byShortcode = {};
}
