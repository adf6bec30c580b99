import { useEffect, type KeyboardEvent, type MouseEvent } from 'react';
import { useNavigate } from '../../lib/router';
import { useSession } from '../../app/useSession';
import { rememberSearch } from '../../state/recentSearches';
import { useSnapshot } from 'valtio';
import {
  clearSearch,
  dropQueuedEnter,
  hasResultPanel,
  moveActiveResult,
  pressEnter,
  queuedEnterStatus,
  requestSearch,
  searchState,
  setDropdownDismissed,
  type SearchItem,
} from '../../state/search';
import { setSearchQuery, uiState } from '../../state/ui';

/** Element ids of the result list and its options, unique per list on the page. */
export const resultListId = (idPrefix: string) => `${idPrefix}-results`;
export const resultOptionId = (idPrefix: string, index: number) => `${idPrefix}-result-${index}`;

/**
 * A result link's click: a plain one goes through `choose` (so the box empties), a modified one
 * opens a tab as any link does.
 */
export function onPlainClick(event: MouseEvent, choose: () => void): void {
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  choose();
}

/** Opening a result leaves the box empty and the results forgotten, ready for the next search. */
export function useChooseResult(): (item: SearchItem) => void {
  const navigate = useNavigate();
  const { viewer } = useSession();
  return (item) => {
    // Kept on this device for the search page's Recent list.
    if (viewer) rememberSearch(viewer.id, item);
    setSearchQuery('');
    clearSearch();
    // The nav's box stays on the next page, emptied: the focus goes to that page (its heading,
    // src/app/routeFocus.ts) instead of staying in the box.
    if (document.activeElement instanceof HTMLInputElement) document.activeElement.blur();
    navigate(item.path);
  };
}

/**
 * Drives search from the nav box text (uiState.searchQuery): typing searches (throttled), an
 * empty box clears the results and the rank token. Returns the box's keyboard handling — arrow
 * keys move through the results, Enter opens the selected one (or the first; pressed before the
 * answer to the text arrives, the answer's first once it does) — and the ARIA attributes that tie
 * the box to the list.
 */
export interface SearchKeys {
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  ariaProps: {
    'aria-controls': string | undefined;
    'aria-activedescendant': string | undefined;
    /** The box is a combobox: whether its list of results is showing. */
    'aria-expanded': boolean;
  };
}

export function useSearchKeys(idPrefix: string): SearchKeys {
  const { searchQuery } = useSnapshot(uiState);
  const snap = useSnapshot(searchState);
  const choose = useChooseResult();

  useEffect(() => {
    if (searchQuery === '') {
      clearSearch();
      return;
    }
    setDropdownDismissed(false);
    requestSearch(searchQuery);
  }, [searchQuery]);

  const queued = queuedEnterStatus(snap, searchQuery.trim());
  useEffect(() => {
    // Read live: another search box on the page may have settled it in this commit already.
    if (queued.status !== 'settled' || searchState.queuedEnter === null) return;
    dropQueuedEnter();
    if (queued.open) choose(queued.open);
  });

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setDropdownDismissed(false);
      moveActiveResult(event.key === 'ArrowDown' ? 1 : -1);
    } else if (event.key === 'Enter') {
      const item = pressEnter(uiState.searchQuery);
      if (item || searchState.queuedEnter !== null) event.preventDefault();
      if (item) choose(item);
    } else if (
      event.key === 'Escape' &&
      !searchState.dropdownDismissed &&
      hasResultPanel(searchState)
    ) {
      // A combobox's Escape closes its list; the focus and the words stay in the box.
      event.preventDefault();
      setDropdownDismissed(true);
    }
  }

  const hasResults = (snap.results?.length ?? 0) > 0;
  return {
    onKeyDown,
    ariaProps: {
      'aria-controls': hasResults ? resultListId(idPrefix) : undefined,
      'aria-activedescendant':
        hasResults && snap.activeIndex >= 0
          ? resultOptionId(idPrefix, snap.activeIndex)
          : undefined,
      'aria-expanded': hasResults,
    },
  };
}
