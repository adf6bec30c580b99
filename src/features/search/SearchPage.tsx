import { usePageTitle } from '../../lib/navigation';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from '../../lib/router';
import { SearchBox } from '../../app/nav/SearchBox';
import { useSession } from '../../app/useSession';
import { uiState } from '../../state/ui';
import { RecentSearches } from './RecentSearches';
import { SearchIcon } from '../../ui/icons';
import { PAGE_SEARCH_ID_PREFIX, SearchResultList } from './SearchResultList';
import './search.css';

/**
 * /explore/search/ — on mobile the search box and its results fill the page; on wider screens
 * the results drop down under the nav box, and this page only points onwards.
 */
export default function SearchPage() {
  usePageTitle('Search');
  const mobileRef = useRef<HTMLDivElement>(null);
  const { loggedIn } = useSession();
  // While the box is empty the page shows the member's recent searches.
  const empty = useSnapshot(uiState).searchQuery.trim() === '';

  // Arriving from the explore page's box (or the tab bar), typing can start at once on mobile.
  useEffect(() => {
    const mobile = mobileRef.current;
    if (mobile && mobile.offsetParent !== null) mobile.querySelector('input')?.focus();
  }, []);

  return (
    <div className="search-page">
      <div className="search-page__mobile" ref={mobileRef}>
        <SearchBox className="search-page__box" dropdown={false} />
        <SearchResultList idPrefix={PAGE_SEARCH_ID_PREFIX} variant="page" />
        {empty && loggedIn ? <RecentSearches /> : null}
      </div>
      <section className="search-page__desktop">
        <SearchIcon size={48} />
        <h1 className="search-page__title">Search</h1>
        <p>Type in the search box above to find people, hashtags and places.</p>
        <p>
          <Link to="/explore/">Explore</Link> ·{' '}
          <Link to="/explore/locations/">Browse locations</Link>
        </p>
        {loggedIn ? <RecentSearches /> : null}
      </section>
    </div>
  );
}
