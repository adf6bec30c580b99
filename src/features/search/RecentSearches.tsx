import { useEffect, useId, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useSession } from '../../app/useSession';
import { Link } from '../../lib/router';
import {
  clearRecentSearches,
  forgetSearch,
  loadRecentSearches,
  recentSearchesState,
} from '../../state/recentSearches';
import type { SearchItem } from '../../state/search';
import { CloseIcon } from '../../ui/icons';
import { useFocusRescue } from '../../ui/useFocusRescue';
import { SearchResultRow } from './SearchResultRow';
import { onPlainClick, useChooseResult } from './useSearchKeys';

function nameOf(item: SearchItem): string {
  return item.kind === 'user'
    ? item.username
    : item.kind === 'hashtag'
      ? `#${item.name}`
      : item.name;
}

/**
 * The search page while its box is empty: the results the member opened before, newest first,
 * each with a × to forget it, and Clear all. A member with none is told what search finds.
 */
export function RecentSearches() {
  const { viewer } = useSession();
  const memberId = viewer?.id ?? null;
  const snap = useSnapshot(recentSearchesState);
  const choose = useChooseResult();
  const list = useRef<HTMLElement>(null);
  // A row's × (and Clear all) takes itself away: the focus goes to the section, not the page.
  const keepFocus = useFocusRescue(list);
  const titleId = useId();
  useEffect(() => {
    if (memberId) loadRecentSearches(memberId);
  }, [memberId]);

  if (!memberId || snap.memberId !== memberId) return null;
  const items = snap.items as readonly SearchItem[];

  return (
    <section className="recent-searches" aria-labelledby={titleId} ref={list} tabIndex={-1}>
      <header className="recent-searches__header">
        <h2 id={titleId} className="recent-searches__title">
          Recent
        </h2>
        {items.length > 0 ? (
          <button
            type="button"
            className="link-button recent-searches__clear"
            onClick={() => {
              keepFocus();
              clearRecentSearches(memberId);
            }}
          >
            Clear all
          </button>
        ) : null}
      </header>
      {items.length === 0 ? (
        <p className="recent-searches__empty">
          No recent searches. Search for people, hashtags and places.
        </p>
      ) : (
        <ul className="recent-searches__list">
          {items.map((item) => (
            <li key={item.key} className="search-result recent-searches__item">
              <Link
                className="search-result__link"
                to={item.path}
                onClick={(event) => onPlainClick(event, () => choose(item))}
              >
                <SearchResultRow item={item} />
              </Link>
              <button
                type="button"
                className="icon-button recent-searches__forget"
                aria-label={`Remove ${nameOf(item)} from recent searches`}
                onClick={() => {
                  keepFocus();
                  forgetSearch(memberId, item.key);
                }}
              >
                <CloseIcon size={16} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
