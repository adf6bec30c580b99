import type { MouseEvent } from 'react';
import { Link } from '../../lib/router';
import { useSnapshot } from 'valtio';
import { formatCount } from '../../lib/format';
import {
  hasResultPanel,
  searchState,
  setActiveResult,
  showsNoResults,
  type SearchItem,
} from '../../state/search';
import { Avatar } from '../../ui/Avatar';
import { Spinner } from '../../ui/Spinner';
import { VerifiedBadge } from '../profile/VerifiedBadge';
import { resultListId, resultOptionId, useChooseResult } from './useSearchKeys';
import './search.css';

/** Id prefix of the full-page list on the mobile search page. */
export const PAGE_SEARCH_ID_PREFIX = 'page-search';

function PinIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M12 22s7-6.2 7-12a7 7 0 1 0-14 0c0 5.8 7 12 7 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      />
      <circle cx="12" cy="10" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

function ResultRow({ item }: { item: SearchItem }) {
  switch (item.kind) {
    case 'user':
      return (
        <>
          <Avatar src={item.profilePictureUrl} username={item.username} size={32} decorative />
          <span className="search-result__text">
            <span className="search-result__title">
              {item.username}
              {item.isVerified ? <VerifiedBadge size={12} /> : null}
            </span>
            {item.fullName ? <span className="search-result__sub">{item.fullName}</span> : null}
          </span>
        </>
      );
    case 'hashtag':
      return (
        <>
          <span className="search-result__glyph" aria-hidden="true">
            #
          </span>
          <span className="search-result__text">
            <span className="search-result__title">#{item.name}</span>
            <span className="search-result__sub">
              {formatCount(item.mediaCount)} {item.mediaCount === 1 ? 'post' : 'posts'}
            </span>
          </span>
        </>
      );
    case 'place':
      return (
        <>
          <span className="search-result__glyph">
            <PinIcon />
          </span>
          <span className="search-result__text">
            <span className="search-result__title">{item.name}</span>
            {item.subtitle ? <span className="search-result__sub">{item.subtitle}</span> : null}
          </span>
        </>
      );
  }
}

interface SearchResultListProps {
  /** Prefix of the list's element ids (the search box points at them). */
  idPrefix: string;
  variant: 'dropdown' | 'page';
}

/**
 * The results for the nav box text: users (avatar, username, badge, full name), hashtags (#name,
 * posts count) and places (pin, name, subtitle); "No results found." for a real query that
 * matched nothing. Nothing at all for '', '#' or '@'.
 */
export function SearchResultList({ idPrefix, variant }: SearchResultListProps) {
  const snap = useSnapshot(searchState);
  const choose = useChooseResult();
  const results = snap.results ?? [];

  if (!hasResultPanel(snap)) return null;
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
          id={resultOptionId(idPrefix, index)}
          role="option"
          aria-selected={index === snap.activeIndex}
          className={
            index === snap.activeIndex ? 'search-result search-result--active' : 'search-result'
          }
          onMouseEnter={() => setActiveResult(index)}
        >
          <Link
            className="search-result__link"
            to={item.path}
            tabIndex={variant === 'dropdown' ? -1 : undefined}
            onClick={(event: MouseEvent) => {
              // Plain clicks go through choose() so the box empties; modified clicks open a tab.
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              choose(item as SearchItem);
            }}
          >
            <ResultRow item={item as SearchItem} />
          </Link>
        </li>
      ))}
    </ul>
  );
}
