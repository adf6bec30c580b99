import { Suspense, useCallback, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { useLocation, useNavigate } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { setSearchQuery, uiState } from '../../state/ui';
import { CloseIcon, SearchIcon } from '../../ui/icons';
import { lazyComponent } from '../lazyComponent';
import type { SearchKeys } from '../../features/search/useSearchKeys';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../common/limits';

const SearchSession = lazyComponent(
  () => import('../../features/search/SearchSession').then((m) => m.SearchSession),
  { onLoadFailed: (props) => props.onUnavailable?.() },
);

const SEARCH_PATH = '/explore/search/';
const EXPLORE_PATH = '/explore/';

function isSearchPath(pathname: string): boolean {
  return pathname.replace(/\/?$/, '/') === SEARCH_PATH;
}

/**
 * Set when typing in a search box changes the page (a first letter opens /explore/search/, an
 * emptied box returns to /explore/): the new page's box takes the focus, so the member types on.
 */
let typingMovedPage = false;

/**
 * The nav search box. Spec §2: using it pushes /explore/search/ (pressed or typed into, never on
 * focus alone); clearing it returns to /explore/. The query lives in the ui store, where the search feature picks it up.
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
  const navigate = useNavigate();
  const location = useLocation();
  const inputRef = useRef<HTMLInputElement>(null);
  // The search itself (requests, keyboard, dropdown) loads once the box is used; a query typed
  // elsewhere (e.g. before the mobile search page opened) needs it at once.
  const [used, setUsed] = useState(false);
  // After a failed download, the next keystroke mounts the session afresh: it tries again.
  const [attempt, setAttempt] = useState(0);
  const unavailable = useRef(false);
  const onUnavailable = useCallback(() => {
    unavailable.current = true;
  }, []);
  const active = used || searchQuery !== '';
  const keyHandler = useRef<SearchKeys['onKeyDown'] | null>(null);
  const [ariaProps, setAriaProps] = useState<Partial<SearchKeys['ariaProps']>>({});
  const bind = useCallback((keys: SearchKeys) => {
    keyHandler.current = keys.onKeyDown;
    const next = keys.ariaProps;
    setAriaProps((prev) =>
      prev['aria-controls'] === next['aria-controls'] &&
      prev['aria-activedescendant'] === next['aria-activedescendant'] &&
      prev['aria-expanded'] === next['aria-expanded']
        ? prev
        : next,
    );
  }, []);

  // Spec §2: "focusing the search box pushes /explore/search/". Focus alone never navigates
  // (WCAG 3.2.1: a keyboard user tabbing past the box must stay on the page they are on), so the
  // route is pushed when the box is pressed (mouse, touch, pen) or typed into.
  function openSearch() {
    setUsed(true);
    if (!isSearchPath(location.pathname)) navigate(SEARCH_PATH);
  }

  function clear() {
    setSearchQuery('');
    // The Clear button goes with the words: the focus stays in the box, to type again (on a
    // phone's search page, in the box of the page this leads to).
    if (dropdown || !isSearchPath(location.pathname)) inputRef.current?.focus();
    else typingMovedPage = true;
    navigate(EXPLORE_PATH);
  }

  // A box mounted by a page change its twin's typing made carries on where that one was.
  useLayoutEffect(() => {
    if (!typingMovedPage) return;
    typingMovedPage = false;
    inputRef.current?.focus();
  }, []);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    const pageChanges = value === '' || !isSearchPath(location.pathname);
    if (pageChanges && !dropdown) typingMovedPage = true;
    if (value !== '') openSearch();
    if (unavailable.current) {
      unavailable.current = false;
      setAttempt((n) => n + 1);
    }
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
        // A combobox over the results listbox (↑/↓ move, Enter opens): screen readers announce
        // the highlighted result.
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={false}
        aria-label="Search"
        placeholder="Search"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={SEARCH_QUERY_MAX_LENGTH}
        value={searchQuery}
        onPointerEnter={SearchSession.preload}
        onFocus={() => setUsed(true)}
        onPointerDown={openSearch}
        onChange={onChange}
        {...ariaProps}
        onKeyDown={(event) => {
          keyHandler.current?.(event);
          // Escape with no list open leaves the box.
          if (event.key === 'Escape' && !event.defaultPrevented) inputRef.current?.blur();
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
      {active ? (
        <Suspense fallback={null}>
          <SearchSession
            key={attempt}
            dropdown={dropdown}
            onBind={bind}
            onUnavailable={onUnavailable}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
