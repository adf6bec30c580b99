// Search (content §4 "Search", §5, §8, §9): loading → results; results count only for the latest
// query; clearing resets the rank token; a failure just ends loading; throttled at 250 ms; nothing
// happens for '', '#' or '@'.
import { proxy } from 'valtio';
import { topSearch, type TopSearchResponse } from '../api/search';
import { throttle } from '../lib/throttle';
import { SEARCH_THROTTLE_MS } from '../lib/tokens';

/** A result as the navigation dropdown shows it (content §3 "Search results"). */
export type SearchItem =
  | {
      kind: 'user';
      key: string;
      path: string;
      username: string;
      fullName: string;
      profilePictureUrl: string;
      isVerified: boolean;
    }
  | { kind: 'hashtag'; key: string; path: string; name: string; mediaCount: number }
  | {
      kind: 'place';
      key: string;
      path: string;
      locationId: string;
      slug: string;
      name: string;
      subtitle: string;
    };

export interface SearchState {
  /** The last query searched for; answers to any other query are dropped. */
  query: string;
  isLoading: boolean;
  /** Null until the first answer for the current typing session. */
  results: SearchItem[] | null;
  /** The query `results` answer (the text shown when there are none). */
  resultsQuery: string;
  rankToken: string | null;
  /** Keyboard selection in the result list; -1 when none. */
  activeIndex: number;
  /** The dropdown was closed (Escape, a click outside) until the next keystroke. */
  dropdownDismissed: boolean;
  /**
   * Enter was pressed on this text before its answer arrived: the answer's first result opens
   * when it does. Null when no Enter waits.
   */
  queuedEnter: string | null;
  /** The query whose search failed (offline, refused); null once another answer came. */
  failedQuery: string | null;
}

/** What the read-only helpers need; a valtio snapshot fits too. */
export type SearchView = Readonly<Omit<SearchState, 'results'>> & {
  readonly results: readonly SearchItem[] | null;
};

export const initialSearchState = (): SearchState => ({
  query: '',
  isLoading: false,
  results: null,
  resultsQuery: '',
  rankToken: null,
  activeIndex: -1,
  dropdownDismissed: false,
  queuedEnter: null,
  failedQuery: null,
});

export const searchState = proxy<SearchState>(initialSearchState());

/** The search box does nothing for an empty query, '#' or '@' (content §2, §5). */
export function isSearchable(query: string): boolean {
  const q = query.trim();
  return q !== '' && q !== '#' && q !== '@';
}

/** Server results in blended order (by position), shaped for the dropdown. */
export function toSearchItems(response: TopSearchResponse): SearchItem[] {
  const items: (SearchItem & { position: number })[] = [
    ...response.users.map(({ user, position }) => ({
      kind: 'user' as const,
      key: `user:${user.pk}`,
      path: `/${user.username}/`,
      username: user.username,
      fullName: user.full_name,
      profilePictureUrl: user.profile_pic_url,
      isVerified: user.is_verified,
      position,
    })),
    ...response.hashtags.map(({ hashtag, position }) => ({
      kind: 'hashtag' as const,
      key: `hashtag:${hashtag.name}`,
      // A hashtag link uses the lowercased tag (content §2, §5).
      path: `/explore/tags/${encodeURIComponent(hashtag.name.toLowerCase())}/`,
      name: hashtag.name,
      mediaCount: hashtag.media_count,
      position,
    })),
    ...response.places.map(({ place, position }) => ({
      kind: 'place' as const,
      key: `place:${place.location.pk}`,
      path: `/explore/locations/${place.location.pk}/${place.slug}/`,
      locationId: place.location.pk,
      slug: place.slug,
      name: place.location.name,
      subtitle: place.subtitle,
      position,
    })),
  ];
  return items.sort((a, b) => a.position - b.position).map(({ position: _, ...item }) => item);
}

// ── Pure transitions (unit-tested) ────────────────────────────────────────────────────────────

export function searchStarted(state: SearchState, query: string): SearchState {
  return { ...state, query, isLoading: true, failedQuery: null };
}

/** Accepted only when `query` is still the last searched query. */
export function searchSucceeded(
  state: SearchState,
  query: string,
  response: TopSearchResponse,
): SearchState {
  if (query !== state.query) return state;
  return {
    ...state,
    isLoading: false,
    results: toSearchItems(response),
    resultsQuery: query,
    rankToken: response.rank_token || state.rankToken,
    activeIndex: -1,
    failedQuery: null,
  };
}

/**
 * A failure ends loading (content §8), only for the query still awaited, and says so: the results
 * of an earlier text are not left under this one as if they answered it.
 */
export function searchFailed(state: SearchState, query: string): SearchState {
  if (query !== state.query) return state;
  return { ...state, isLoading: false, queuedEnter: null, failedQuery: query, activeIndex: -1 };
}

/** The search for the box's current text failed: the list says so (with Try again) instead. */
export function showsFailure(state: SearchView): boolean {
  return !state.isLoading && state.failedQuery !== null && state.failedQuery === state.query;
}

/** Clearing the box forgets the results and resets the rank token. */
export function searchCleared(): SearchState {
  return initialSearchState();
}

/** Arrow keys move the selection, wrapping at both ends. */
export function activeMoved(state: SearchState, delta: number): SearchState {
  const count = showsFailure(state) ? 0 : (state.results?.length ?? 0);
  if (count === 0) return { ...state, activeIndex: -1 };
  const from = state.activeIndex < 0 ? (delta > 0 ? -1 : count) : state.activeIndex;
  return { ...state, activeIndex: (((from + delta) % count) + count) % count };
}

/** What Enter opens: the selected result, or the first one when nothing is selected. */
export function chosenItem(state: SearchView): SearchItem | null {
  if (showsFailure(state)) return null;
  const results = state.results ?? [];
  return results[state.activeIndex] ?? results[0] ?? null;
}

/**
 * Enter on `text` (the box's trimmed text): the result to open now, or null with the state to
 * keep. Results answering another text (an earlier prefix still on screen) would open the wrong
 * row, so Enter then waits for the answer to `text` instead (see queuedEnterStatus); after a
 * failed answer to `text` nothing will come, so it does nothing.
 */
export function enterPressed(
  state: SearchState,
  text: string,
): { open: SearchItem | null; state: SearchState } {
  if (state.dropdownDismissed || !isSearchable(text)) return { open: null, state };
  if (state.resultsQuery === text) return { open: chosenItem(state), state };
  if (state.query === text && !state.isLoading) return { open: null, state };
  return { open: null, state: { ...state, queuedEnter: text } };
}

/** Where a queued Enter stands; `open` is what it opens once settled (null: nothing). */
export type QueuedEnter =
  { status: 'none' } | { status: 'waiting' } | { status: 'settled'; open: SearchItem | null };

/**
 * A queued Enter against the box's trimmed `text`: it waits for the answer to its text, then
 * opens that answer's first result. A keystroke after Enter, or Escape, cancels it; an empty
 * answer or a failure settles it with nothing to open.
 */
export function queuedEnterStatus(state: SearchView, text: string): QueuedEnter {
  const queued = state.queuedEnter;
  if (queued === null) return { status: 'none' };
  if (queued !== text || state.dropdownDismissed) return { status: 'settled', open: null };
  if (state.isLoading || state.resultsQuery !== queued) return { status: 'waiting' };
  return { status: 'settled', open: chosenItem(state) };
}

/** "No results found." shows only for a real query whose answer is empty. */
export function showsNoResults(state: SearchView): boolean {
  return (
    !state.isLoading &&
    state.results !== null &&
    state.results.length === 0 &&
    isSearchable(state.resultsQuery)
  );
}

/** Whether a result list has anything to show: results, a spinner, or the no-results message. */
export function hasResultPanel(state: SearchView): boolean {
  if (showsFailure(state)) return true;
  if ((state.results?.length ?? 0) > 0) return true;
  if (state.isLoading) return isSearchable(state.query);
  return showsNoResults(state);
}

// ── Actions ──────────────────────────────────────────────────────────────────────────────────

function apply(next: SearchState): void {
  Object.assign(searchState, next);
}

/**
 * Runs one search now. '' clears; '#' and '@' do nothing; a repeat of the awaited query is skipped
 * (after a failure it runs again: Try again).
 */
export async function runSearch(rawQuery: string): Promise<void> {
  const query = rawQuery.trim();
  if (query === '') {
    clearSearch();
    return;
  }
  if (!isSearchable(query)) return;
  if (query === searchState.query && (searchState.isLoading || searchState.resultsQuery === query))
    return;
  apply(searchStarted(searchState, query));
  try {
    const response = await topSearch(query, searchState.rankToken);
    apply(searchSucceeded(searchState, query, response));
  } catch {
    apply(searchFailed(searchState, query));
  }
}

/** Typing calls this: at most one search per SEARCH_THROTTLE_MS, the latest text always last. */
export const requestSearch = throttle((query: string) => void runSearch(query), SEARCH_THROTTLE_MS);

export function clearSearch(): void {
  requestSearch.cancel();
  apply(searchCleared());
}

export function moveActiveResult(delta: number): void {
  apply(activeMoved(searchState, delta));
}

export function setActiveResult(index: number): void {
  searchState.activeIndex = index;
}

export function setDropdownDismissed(dismissed: boolean): void {
  searchState.dropdownDismissed = dismissed;
}

/** Enter in the search box: returns the result to open now, if any (otherwise it may queue). */
export function pressEnter(text: string): SearchItem | null {
  const { open, state } = enterPressed(searchState, text.trim());
  apply(state);
  return open;
}

/** Drops a queued Enter. */
export function dropQueuedEnter(): void {
  searchState.queuedEnter = null;
}

/** Test helper. */
export function resetSearch(): void {
  clearSearch();
}
