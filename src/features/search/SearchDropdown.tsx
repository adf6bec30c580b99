import { useMemo, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useDismiss } from '../../app/nav/useDismiss';
import { hasResultPanel, searchState, setDropdownDismissed } from '../../state/search';
import { SearchResultList } from './SearchResultList';

export const NAV_SEARCH_ID_PREFIX = 'nav-search';

/**
 * The panel under the nav search box (max height 362 px, scrolling). Escape or a press outside
 * the box closes it until the next keystroke.
 */
export function SearchDropdown() {
  const snap = useSnapshot(searchState);
  const ref = useRef<HTMLDivElement>(null);
  // The search box holds both the input and this panel, so pressing the input keeps it open.
  const boxRef = useMemo(
    () => ({
      get current(): HTMLElement | null {
        return ref.current?.parentElement ?? null;
      },
    }),
    [],
  );
  const open = !snap.dropdownDismissed && hasResultPanel(snap);
  useDismiss(boxRef, open, () => setDropdownDismissed(true));

  if (!open) return <div ref={ref} hidden />;
  return (
    <div ref={ref} className="search-dropdown">
      <span className="search-dropdown__caret" aria-hidden="true" />
      <div className="search-dropdown__scroll">
        <SearchResultList idPrefix={NAV_SEARCH_ID_PREFIX} variant="dropdown" />
      </div>
    </div>
  );
}
