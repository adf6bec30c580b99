// Content §9 preload counts: the comment feed, likers and follow lists keep their next page
// fetched ahead, so "Load more" (or the scroll) shows it without a wait. One page at most: the
// spec's counts are 0 or 1.

export type PageLoader<P> = (cursor: string) => Promise<P>;

export interface PagePrefetch<P> {
  /** Starts fetching the page after `cursor` for `key`, unless that one is already on its way. */
  warm(key: string, cursor: string | null, load: PageLoader<P>): void;
  /** The page after `cursor`: the preloaded one when it matches (and did not fail), else a fetch. */
  take(key: string, cursor: string, load: PageLoader<P>): Promise<P>;
  forget(key: string): void;
}

export function pagePrefetch<P>(pages: number): PagePrefetch<P> {
  const ahead = new Map<string, { cursor: string; page: Promise<P> }>();
  return {
    warm(key, cursor, load) {
      if (pages < 1 || cursor === null || ahead.get(key)?.cursor === cursor) return;
      const page = load(cursor);
      // A failed preload says nothing: the page is fetched again when it is wanted.
      page.catch(() => undefined);
      ahead.set(key, { cursor, page });
    },
    take(key, cursor, load) {
      const hit = ahead.get(key);
      ahead.delete(key);
      if (hit?.cursor !== cursor) return load(cursor);
      return hit.page.catch(() => load(cursor));
    },
    forget(key) {
      ahead.delete(key);
    },
  };
}
