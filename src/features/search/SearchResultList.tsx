import { Link } from '../../lib/router';
import { useSnapshot } from 'valtio';
import {
  hasResultPanel,
  runSearch,
  searchState,
  setActiveResult,
  showsFailure,
  showsNoResults,
  type SearchItem,
} from '../../state/search';
import { Spinner } from '../../ui/Spinner';
import { SearchResultRow } from './SearchResultRow';
import { onPlainClick, resultListId, resultOptionId, useChooseResult } from './useSearchKeys';
import './search.css';

/** Id prefix of the full-page list on the mobile search page. */
export const PAGE_SEARCH_ID_PREFIX = 'page-search';

interface SearchResultListProps {
  /** Prefix of the list's element ids (the search box points at them). */
  idPrefix: string;
  variant: 'dropdown' | 'page';
}

/**
 * The results for the nav box text: users (avatar, username, badge, full name), hashtags (#name,
 * posts count) and places (pin, name, subtitle); "No results found." for a real query that
 * matched nothing; a failed search says so, with Try again. Nothing at all for '', '#' or '@'.
 */
export function SearchResultList({ idPrefix, variant }: SearchResultListProps) {
  const snap = useSnapshot(searchState);
  const choose = useChooseResult();
  const results = snap.results ?? [];

  if (!hasResultPanel(snap)) return null;
  if (showsFailure(snap)) {
    return (
      <div className="search-results__status search-results__status--failed" role="status">
        <p>Couldn&apos;t search. Check your connection and try again.</p>
        <button
          type="button"
          className="link-button"
          // Pressed from the dropdown, the focus stays in the box.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => void runSearch(snap.query)}
        >
          Try again
        </button>
      </div>
    );
  }
  if (results.length === 0) {
    return showsNoResults(snap) ? (
      <p className="search-results__status" role="status">
        No results found.
      </p>
    ) : (
      <div className="search-results__status">
        <Spinner size={18} label="Searching" />
      </div>
    );
  }
  return (
    <ul
      id={resultListId(idPrefix)}
      className={`search-results search-results--${variant}`}
      role="listbox"
      aria-label="Search results"
    >
      {results.map((item, index) => (
        <li
          key={item.key}
          // The link is the option (an option must not hold another control).
          role="none"
          className={
            index === snap.activeIndex ? 'search-result search-result--active' : 'search-result'
          }
          onMouseEnter={() => setActiveResult(index)}
        >
          <Link
            id={resultOptionId(idPrefix, index)}
            role="option"
            aria-selected={index === snap.activeIndex}
            className="search-result__link"
            to={item.path}
            tabIndex={variant === 'dropdown' ? -1 : undefined}
            onClick={(event) => onPlainClick(event, () => choose(item as SearchItem))}
          >
            <SearchResultRow item={item as SearchItem} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
