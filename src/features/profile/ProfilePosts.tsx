import { useCallback, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import type { PageFetcher } from '../../api/profile';
import type { WirePost } from '../../api/types';
import { canLoadNext, loadPostFeed, postFeedsState, type PagedList } from '../../state/postFeeds';
import { Spinner } from '../../ui/Spinner';
import { LoadMore } from './LoadMore';
import { PostGrid } from './PostGrid';

interface ProfilePostsProps {
  feedKey: string;
  fetchPage: PageFetcher<WirePost>;
  modalParam: 'taken-by' | 'saved-by';
  username: string;
  /** Shown when the first page is empty. */
  empty: React.ReactNode;
}

/** A paged post grid (12 a page) that loads the next page as its end scrolls into view. */
export function ProfilePosts({
  feedKey,
  fetchPage,
  modalParam,
  username,
  empty,
}: ProfilePostsProps) {
  useEffect(() => {
    void loadPostFeed(feedKey, fetchPage);
    // fetchPage is derived from the key's ids; reloading on key change is enough.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [feedKey]);
  const snap = useSnapshot(postFeedsState);
  const feed = snap.feeds[feedKey] as PagedList<WirePost> | undefined;
  const loadNext = useCallback(
    () => void loadPostFeed(feedKey, fetchPage, true),
    // As above: fetchPage follows the key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [feedKey],
  );

  if (!feed || (!feed.loaded && feed.isFetching)) {
    return (
      <div className="load-more">
        <Spinner label="Loading posts" />
      </div>
    );
  }
  if (feed.items.length === 0) {
    if (feed.failed) {
      return (
        <div className="profile-empty">
          <p>Couldn&apos;t load posts.</p>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => void loadPostFeed(feedKey, fetchPage)}
          >
            Retry
          </button>
        </div>
      );
    }
    return <>{empty}</>;
  }
  return (
    <>
      <PostGrid
        posts={feed.items}
        modalParam={modalParam}
        username={username}
        loadMore={canLoadNext(feed) ? loadNext : undefined}
      />
      <LoadMore
        canLoad={canLoadNext(feed)}
        isFetching={feed.isFetching}
        onLoad={loadNext}
        label="Load more posts"
      />
    </>
  );
}
