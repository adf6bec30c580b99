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
      {/* Scrolls (spec: at most 362 px), so the keyboard can reach it too (WCAG 2.1.1). */}
      <div
        className="search-dropdown__scroll"
        role="region"
        aria-label="Search results"
        tabIndex={0}
      >
        <SearchResultList idPrefix={NAV_SEARCH_ID_PREFIX} variant="dropdown" />
      </div>
    </div>
  );
}
