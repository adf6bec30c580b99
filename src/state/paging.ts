// Pagination shared by the paged feeds (content §4 "Paged feeds"): first load, next load, failure.
import { normalizeCursor } from '../api/graph';
import type { PageInfo } from '../api/types';

export interface Pagination {
  hasNextPage: boolean;
  /** null = no cursor; the server's "0" is normalised to null. */
  endCursor: string | null;
  isFetching: boolean;
  /** The last load failed (the UI offers Retry). */
  failed: boolean;
}

export function initialPagination(): Pagination {
  return { hasNextPage: false, endCursor: null, isFetching: false, failed: false };
}

export function pageStarted(p: Pagination): void {
  p.isFetching = true;
  p.failed = false;
}

export function pageLoaded(p: Pagination, info: PageInfo): void {
  p.isFetching = false;
  p.failed = false;
  p.endCursor = normalizeCursor(info.end_cursor);
  p.hasNextPage = info.has_next_page && p.endCursor !== null;
}

/**
 * A failed load keeps what was loaded (the cursor stays, so Retry asks for the same page); when
 * nothing was loaded the pagination starts over from the first page.
 */
export function pageFailed(p: Pagination, loadedCount: number): void {
  if (loadedCount === 0) Object.assign(p, initialPagination());
  p.isFetching = false;
  p.failed = true;
}
