import { useEffect } from 'react';
import { Link } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { isFeatureEnabled } from '../../lib/sharedData';
import {
  clearScrollToTop,
  feedState,
  loadFeed,
  loadNextPage,
  onFeedFailure,
  refreshFeed,
  visibleItems,
  type FeedItem,
  type FeedState,
} from '../../state/feed';
import { postsState } from '../../state/posts';
import { showToast, toastState } from '../../state/toast';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { Spinner } from '../../ui/Spinner';
import { CameraIcon } from '../../ui/icons';
import { PostCard } from '../post/PostCard';
import { mediaAspect } from '../post/PostMedia';
import { PostShimmer } from './FeedPlaceholder';
import { SuggestedUsersCard } from './SuggestedUsersCard';
import { WindowedList } from './WindowedList';

const FAILURE_TEXT = "Couldn't load posts.";
/** Card chrome around the media (header, actions, caption, comment box) before measuring. */
const CARD_CHROME_PX = 260;
const FEED_WIDTH_PX = 614;
/** Card heights outlive the feed view, so coming back to the feed keeps its scroll position. */
const cardHeights = new Map<string, number>();

function estimateHeight(item: FeedItem): number {
  if (item.kind === 'suggestions') return 320;
  const post = postsState.byId[item.id];
  const width = Math.min(FEED_WIDTH_PX, window.innerWidth);
  return CARD_CHROME_PX + (post ? width / mediaAspect(post.dimensions) : width);
}

function retry(kind: 'load' | 'refresh' | 'nextPage') {
  if (kind === 'nextPage') void loadNextPage();
  else void refreshFeed();
}

function Loading() {
  if (!isFeatureEnabled('feed_shimmer')) {
    return (
      <div className="feed__status">
        <Spinner size={32} label="Loading posts" />
      </div>
    );
  }
  return (
    <div aria-busy="true">
      <p className="visually-hidden">Loading posts…</p>
      <PostShimmer />
      <PostShimmer />
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="feed__status feed__status--failed">
      <p>{FAILURE_TEXT}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}

/** The home feed: posts from followed accounts, loaded 12 at a time as the viewer scrolls. */
export function Feed() {
  const snap = useSnapshot(feedState);

  useEffect(() => {
    void loadFeed();
    // Content §8: feed load failure and next-page failure each raise a failure event; the user
    // sees a generic toast with Retry (and the inline retry below).
    return onFeedFailure(({ kind }) => {
      // Offline, a toast already on screen (a post's "You're offline…") says why; replacing it
      // at once would hide it. The inline failure with Retry below still shows.
      if (navigator.onLine === false && toastState.current) return;
      showToast({ text: FAILURE_TEXT, actionText: 'Retry', onAction: () => retry(kind) });
    });
  }, []);

  useEffect(() => {
    if (!snap.scrollToTop) return;
    window.scrollTo(0, 0);
    clearScrollToTop();
  }, [snap.scrollToTop]);

  if (snap.status === 'idle' || snap.status === 'loading') {
    return (
      <section className="feed" aria-label="Feed">
        <Loading />
      </section>
    );
  }
  if (snap.status === 'error') {
    return (
      <section className="feed" aria-label="Feed">
        <LoadFailed onRetry={() => void refreshFeed()} />
      </section>
    );
  }
  // Snapshots are deeply readonly; the items are only read here.
  const items = visibleItems(snap as FeedState);
  if (items.length === 0) {
    return (
      <section className="feed" aria-label="Feed">
        <EmptyState
          icon={<CameraIcon size={48} />}
          title="Welcome to Glint"
          action={<Link to="/explore/people/">Find people to follow</Link>}
        >
          When you follow people, you&apos;ll see the photos and videos they post here.
        </EmptyState>
      </section>
    );
  }
  const { pagination } = snap;
  const atEnd = !pagination.hasNextPage && pagination.visibleCount >= pagination.loadedCount;
  return (
    <section className="feed" aria-label="Feed">
      <WindowedList
        className="feed__list"
        items={items}
        getKey={(item) => item.id}
        estimateHeight={estimateHeight}
        heightCache={cardHeights}
        onEndReached={() => void loadNextPage()}
        renderItem={(item, index) =>
          item.kind === 'post' ? (
            <PostCard postId={item.id} eager={index < 2} />
          ) : (
            <SuggestedUsersCard unit={item.unit} />
          )
        }
      />
      {pagination.isFetching ? (
        <div className="feed__status">
          <Spinner size={28} label="Loading more posts" />
        </div>
      ) : snap.nextPageFailed ? (
        <LoadFailed onRetry={() => void loadNextPage()} />
      ) : atEnd ? (
        <p className="feed__status feed__end">You&apos;re all caught up.</p>
      ) : null}
    </section>
  );
}
