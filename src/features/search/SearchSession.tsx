import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { uiState } from '../../state/ui';
import { NAV_SEARCH_ID_PREFIX, SearchDropdown } from './SearchDropdown';
import { PAGE_SEARCH_ID_PREFIX } from './SearchResultList';
import { useSearchKeys, type SearchKeys } from './useSearchKeys';

interface SearchSessionProps {
  /** The mobile search page lists results itself instead of a dropdown. */
  dropdown: boolean;
  /** Hands the box its keyboard handling and ARIA attributes after every render. */
  onBind(keys: SearchKeys): void;
  /** Called by the box's lazy wrapper (not by this component) when this code cannot download. */
  onUnavailable?(): void;
}

/**
 * What the nav search box runs once it is used: the searches, their keyboard handling and the
 * dropdown. It loads on the box's first focus, so pages that never search do not carry it.
 */
export function SearchSession({ dropdown, onBind }: SearchSessionProps) {
  const { searchQuery } = useSnapshot(uiState);
  const keys = useSearchKeys(dropdown ? NAV_SEARCH_ID_PREFIX : PAGE_SEARCH_ID_PREFIX);
  useEffect(() => onBind(keys));
  return dropdown && searchQuery ? <SearchDropdown /> : null;
}
