import { usePageTitle } from '../../lib/navigation';
import { useEffect } from 'react';
import { Link } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { SearchBox } from '../../app/nav/SearchBox';
import { DISCOVER_FEED_KEY, loadDiscover } from '../../state/explore';
import { postFeedsState } from '../../state/postFeeds';
import { EmptyState } from '../../ui/EmptyState';
import { ExploreIcon } from '../../ui/icons';
import { PagedPostGrid } from './PagedPostGrid';
import './explore.css';

const EXPLORE_PARAM = { explore: true } as const;

/**
 * /explore/ — the discover grid: 24 posts a page from people the viewer does not follow, loading
 * more on scroll. The grid and its rank token stay while the viewer opens posts and comes back.
 */
export default function ExplorePage() {
  usePageTitle('Explore');
  const snap = useSnapshot(postFeedsState);
  const loaded = Boolean(snap.feeds[DISCOVER_FEED_KEY]?.loaded);

  useEffect(() => {
    if (!loaded) void loadDiscover();
    // Only the first visit loads; coming back keeps the grid and its scroll position.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="explore-page">
      {/* Below 736 px the nav bar (and its search box) is hidden; focusing this one opens search. */}
      <SearchBox className="explore-page__search" dropdown={false} />
      <header className="explore-page__header">
        <h1 className="explore-page__title">Explore</h1>
        <nav className="explore-page__links" aria-label="Explore sections">
          <Link to="/explore/people/">Discover people</Link>
          <Link to="/explore/locations/">Locations</Link>
        </nav>
      </header>
      <PagedPostGrid
        feedKey={DISCOVER_FEED_KEY}
        load={(next) => void loadDiscover(next)}
        modalParam={EXPLORE_PARAM}
        label="Explore posts"
        mixed
        empty={
          <EmptyState icon={<ExploreIcon size={48} />} title="Nothing to explore yet">
            Posts from people you don&apos;t follow will show up here.
          </EmptyState>
        }
      />
    </div>
  );
}
