import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import type { WirePost } from '../../api/types';
import { canLoadNext, postFeedsState, type PagedList } from '../../state/postFeeds';
import { Spinner } from '../../ui/Spinner';
import { LoadMore } from '../profile/LoadMore';
import { ExploreGrid, type GridModalParam } from './ExploreGrid';

interface PagedPostGridProps {
  feedKey: string;
  /** Loads the first page (`next` false) or the following one. */
  load: (next: boolean) => void;
  modalParam: GridModalParam;
  label: string;
  mixed?: boolean;
  /** Shown when the first page came back empty. */
  empty: ReactNode;
}

/**
 * A paged post grid from postFeedsState: a spinner for the first page, Retry when that failed,
 * then the grid, loading the next page as its end scrolls into view. A failed next page keeps
 * what was loaded (content §4) and offers Retry below it.
 */
export function PagedPostGrid({
  feedKey,
  load,
  modalParam,
  label,
  mixed,
  empty,
}: PagedPostGridProps) {
  const snap = useSnapshot(postFeedsState);
  const feed = snap.feeds[feedKey] as PagedList<WirePost> | undefined;
  // The post modal asks for the next page through a stable function (pages pass a new `load`
  // on every render).
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);
  const loadNext = useCallback(() => loadRef.current(true), []);

  if (!feed || (feed.items.length === 0 && feed.isFetching)) {
    return (
      <div className="explore-status">
        <Spinner label="Loading posts" />
      </div>
    );
  }
  if (feed.items.length === 0) {
    if (feed.failed) {
      return (
        <div className="explore-status" role="alert">
          <p>Couldn&apos;t load posts.</p>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => load(false)}>
            Retry
          </button>
        </div>
      );
    }
    return <>{empty}</>;
  }
  return (
    <>
      <ExploreGrid
        posts={feed.items}
        modalParam={modalParam}
        mixed={mixed}
        label={label}
        loadMore={canLoadNext(feed) ? loadNext : undefined}
      />
      {feed.failed && feed.hasNextPage ? (
        <div className="explore-status">
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => load(true)}>
            Retry
          </button>
        </div>
      ) : (
        <LoadMore
          canLoad={canLoadNext(feed)}
          isFetching={feed.isFetching}
          onLoad={() => load(true)}
          label="Load more posts"
        />
      )}
    </>
  );
}
