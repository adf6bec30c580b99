// Recent searches: the results a member opened from search, newest first, kept on this device
// per member (localStorage) and shown on the search page while its box is empty, as Instagram's
// "Recent" list is. Nothing is sent to the server.
import { proxy } from 'valtio';
import type { SearchItem } from './search';

/** How many are kept. */
export const RECENT_SEARCHES_MAX = 20;

const storageKey = (memberId: string) => `glint:recent-searches:${memberId}`;

export const recentSearchesState = proxy<{ memberId: string | null; items: SearchItem[] }>({
  memberId: null,
  items: [],
});

function isItem(value: unknown): value is SearchItem {
  const item = value as Partial<SearchItem> | null;
  return (
    typeof item?.key === 'string' &&
    typeof item.path === 'string' &&
    item.path.startsWith('/') &&
    (item.kind === 'user' || item.kind === 'hashtag' || item.kind === 'place')
  );
}

function read(memberId: string): SearchItem[] {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(storageKey(memberId)) ?? '[]');
    return Array.isArray(raw) ? raw.filter(isItem).slice(0, RECENT_SEARCHES_MAX) : [];
  } catch {
    return []; // corrupt or blocked storage: start afresh
  }
}

function write(memberId: string, items: SearchItem[]): void {
  recentSearchesState.items = items;
  try {
    window.localStorage.setItem(storageKey(memberId), JSON.stringify(items));
  } catch {
    // Storage full or blocked: the list lasts for this page's life.
  }
}

/** The member's list, read from this device once per member. */
export function loadRecentSearches(memberId: string): void {
  if (recentSearchesState.memberId === memberId) return;
  recentSearchesState.memberId = memberId;
  recentSearchesState.items = read(memberId);
}

/** A result opened from search goes first (once). */
export function rememberSearch(memberId: string, item: SearchItem): void {
  const items = read(memberId).filter((kept) => kept.key !== item.key);
  recentSearchesState.memberId = memberId;
  write(memberId, [{ ...item }, ...items].slice(0, RECENT_SEARCHES_MAX));
}

export function forgetSearch(memberId: string, key: string): void {
  write(
    memberId,
    read(memberId).filter((item) => item.key !== key),
  );
}

export function clearRecentSearches(memberId: string): void {
  write(memberId, []);
}
