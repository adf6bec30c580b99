import { useRef, type ChangeEvent } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { setSearchQuery, uiState } from '../../state/ui';
import { CloseIcon, SearchIcon } from '../../ui/icons';
import { SearchDropdown, NAV_SEARCH_ID_PREFIX } from '../../features/search/SearchDropdown';
import { PAGE_SEARCH_ID_PREFIX } from '../../features/search/SearchResultList';
import { useSearchKeys } from '../../features/search/useSearchKeys';

const SEARCH_PATH = '/explore/search/';
const EXPLORE_PATH = '/explore/';

function isSearchPath(pathname: string): boolean {
  return pathname.replace(/\/?$/, '/') === SEARCH_PATH;
}

/**
 * The nav search box. Spec §2: focusing it pushes /explore/search/; clearing it returns to
 * /explore/. The query lives in the ui store, where the search feature picks it up.
 */
export function SearchBox({
  className,
  dropdown = true,
}: {
  className?: string;
  /** The mobile search page lists results itself instead of a dropdown. */
  dropdown?: boolean;
}) {
  const { searchQuery } = useSnapshot(uiState);
  const searchKeys = useSearchKeys(dropdown ? NAV_SEARCH_ID_PREFIX : PAGE_SEARCH_ID_PREFIX);
  const navigate = useNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);

  function onFocus() {
    if (!isSearchPath(location.pathname)) navigate(SEARCH_PATH);
  }

  function clear() {
    setSearchQuery('');
    navigate(EXPLORE_PATH);
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    if (value === '') {
      clear();
      return;
    }
    setSearchQuery(value);
  }

  return (
    <div className={['search-box', className].filter(Boolean).join(' ')} role="search">
      <SearchIcon size={16} className="search-box__icon" />
      <input
        ref={inputRef}
        className="search-box__input"
        type="search"
        aria-label="Search"
        placeholder="Search"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={searchQuery}
        onFocus={onFocus}
        onChange={onChange}
        {...searchKeys.ariaProps}
        onKeyDown={(event) => {
          if (event.key === 'Escape') inputRef.current?.blur();
          else searchKeys.onKeyDown(event);
        }}
      />
      {searchQuery ? (
        <button
          type="button"
          className="search-box__clear"
          aria-label="Clear search"
          onClick={clear}
        >
          <CloseIcon size={12} />
        </button>
      ) : null}
      {dropdown && searchQuery ? <SearchDropdown /> : null}
    </div>
  );
}
