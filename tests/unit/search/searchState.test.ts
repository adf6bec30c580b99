// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { topSearch, type TopSearchResponse } from '../../../src/api/search';
import {
  activeMoved,
  chosenItem,
  enterPressed,
  hasResultPanel,
  initialSearchState,
  isSearchable,
  queuedEnterStatus,
  requestSearch,
  resetSearch,
  runSearch,
  searchCleared,
  searchFailed,
  showsFailure,
  searchStarted,
  searchState,
  searchSucceeded,
  showsNoResults,
  toSearchItems,
} from '../../../src/state/search';

vi.mock('../../../src/api/search', () => ({ topSearch: vi.fn() }));
const topSearchMock = vi.mocked(topSearch);

const response = (over: Partial<TopSearchResponse> = {}): TopSearchResponse => ({
  users: [
    {
      user: {
        pk: '7',
        username: 'ana.sol',
        full_name: 'Ana Sol',
        is_verified: true,
        profile_pic_url: '/a/7.jpg',
      },
      position: 0,
    },
  ],
  hashtags: [{ hashtag: { name: 'Sunset', media_count: 12345 }, position: 2 }],
  places: [
    {
      place: {
        location: { pk: '31', name: 'Belém Tower' },
        slug: 'belem-tower',
        subtitle: 'Av. Brasília, Lisbon',
        title: 'Belém Tower',
      },
      position: 1,
    },
  ],
  rank_token: 'rt-1',
  status: 'ok',
  ...over,
});
const empty = () => response({ users: [], hashtags: [], places: [] });

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => resetSearch());
afterEach(() => {
  vi.useRealTimers();
  topSearchMock.mockReset();
});

describe('search transitions', () => {
  it("does nothing for '', '#' or '@'", () => {
    for (const q of ['', '#', '@', '  ', ' # ']) expect(isSearchable(q)).toBe(false);
    for (const q of ['a', '#sun', '@ana']) expect(isSearchable(q)).toBe(true);
  });

  it('shapes results for the dropdown in blended order with their links', () => {
    expect(toSearchItems(response())).toEqual([
      {
        kind: 'user',
        key: 'user:7',
        path: '/ana.sol/',
        username: 'ana.sol',
        fullName: 'Ana Sol',
        profilePictureUrl: '/a/7.jpg',
        isVerified: true,
      },
      {
        kind: 'place',
        key: 'place:31',
        path: '/explore/locations/31/belem-tower/',
        locationId: '31',
        slug: 'belem-tower',
        name: 'Belém Tower',
        subtitle: 'Av. Brasília, Lisbon',
      },
      // The hashtag link uses the lowercased tag.
      {
        kind: 'hashtag',
        key: 'hashtag:Sunset',
        path: '/explore/tags/sunset/',
        name: 'Sunset',
        mediaCount: 12345,
      },
    ]);
  });

  it('goes loading → results, and keeps the rank token', () => {
    const loading = searchStarted(initialSearchState(), 'ana');
    expect(loading.isLoading).toBe(true);
    const done = searchSucceeded(loading, 'ana', response());
    expect(done.isLoading).toBe(false);
    expect(done.results).toHaveLength(3);
    expect(done.rankToken).toBe('rt-1');
  });

  it('accepts results only for the last searched query', () => {
    const state = searchStarted(searchStarted(initialSearchState(), 'an'), 'ana');
    expect(searchSucceeded(state, 'an', response())).toBe(state);
    expect(searchFailed(state, 'an')).toBe(state);
  });

  it('a failure ends loading and is shown for its text instead of the earlier results', () => {
    const shown = searchSucceeded(searchStarted(initialSearchState(), 'an'), 'an', response());
    const failed = searchFailed(searchStarted(shown, 'ana'), 'ana');
    expect(failed.isLoading).toBe(false);
    expect(showsFailure(failed)).toBe(true);
    expect(hasResultPanel(failed)).toBe(true);
    expect(chosenItem(failed)).toBeNull();
    // The next search (Try again, or more typing) forgets the failure.
    expect(showsFailure(searchStarted(failed, 'ana'))).toBe(false);
  });

  it('clearing resets the results and the rank token', () => {
    const cleared = searchCleared();
    expect(cleared.rankToken).toBeNull();
    expect(cleared.results).toBeNull();
    expect(cleared.query).toBe('');
  });

  it("shows 'No results found.' only for a real query that matched nothing", () => {
    const none = searchSucceeded(searchStarted(initialSearchState(), 'zzz'), 'zzz', empty());
    expect(showsNoResults(none)).toBe(true);
    expect(hasResultPanel(none)).toBe(true);
    expect(showsNoResults(searchStarted(none, 'zzzz'))).toBe(false);
    expect(hasResultPanel(initialSearchState())).toBe(false);
  });

  it('arrow keys move the selection with wrap-around; Enter takes it, or the first', () => {
    const state = searchSucceeded(searchStarted(initialSearchState(), 'a'), 'a', response());
    expect(chosenItem(state)?.key).toBe('user:7');
    const down = activeMoved(state, 1);
    expect(down.activeIndex).toBe(0);
    expect(activeMoved(down, 1).activeIndex).toBe(1);
    expect(activeMoved(down, -1).activeIndex).toBe(2);
    expect(activeMoved(state, -1).activeIndex).toBe(2);
    expect(chosenItem(activeMoved(activeMoved(down, 1), 1))?.key).toBe('hashtag:Sunset');
    expect(activeMoved(initialSearchState(), 1).activeIndex).toBe(-1);
  });

  it('Enter before the answer to the text waits for it, then opens its first result', () => {
    // Results for 'an' are on screen while 'ana' is being answered.
    const an = searchSucceeded(searchStarted(initialSearchState(), 'an'), 'an', response());
    const asking = searchStarted(an, 'ana');
    const pressed = enterPressed(asking, 'ana');
    expect(pressed.open).toBeNull();
    expect(queuedEnterStatus(pressed.state, 'ana')).toEqual({ status: 'waiting' });
    const answered = searchSucceeded(pressed.state, 'ana', response({ rank_token: 'rt-2' }));
    const status = queuedEnterStatus(answered, 'ana');
    expect(status.status === 'settled' && status.open?.key).toBe('user:7');
    // Once the answer is on screen, Enter opens at once.
    expect(enterPressed(answered, 'ana').open?.key).toBe('user:7');
  });

  it('a queued Enter is cancelled by typing or Escape, and ends with an empty or failed answer', () => {
    const asking = searchStarted(initialSearchState(), 'ana');
    const queued = enterPressed(asking, 'ana').state;
    expect(queuedEnterStatus(queued, 'anab')).toEqual({ status: 'settled', open: null });
    expect(queuedEnterStatus({ ...queued, dropdownDismissed: true }, 'ana')).toEqual({
      status: 'settled',
      open: null,
    });
    expect(queuedEnterStatus(searchSucceeded(queued, 'ana', empty()), 'ana')).toEqual({
      status: 'settled',
      open: null,
    });
    expect(queuedEnterStatus(searchFailed(queued, 'ana'), 'ana')).toEqual({ status: 'none' });
    // After a failed answer to the text, nothing more will come: Enter does not wait.
    const failed = searchFailed(asking, 'ana');
    expect(enterPressed(failed, 'ana').state.queuedEnter).toBeNull();
    // Nothing to wait for on '#' or with the list closed.
    expect(enterPressed(asking, '#').state.queuedEnter).toBeNull();
    expect(
      enterPressed({ ...asking, dropdownDismissed: true }, 'ana').state.queuedEnter,
    ).toBeNull();
  });
});

describe('runSearch and requestSearch', () => {
  it('sends the rank token it got back, and drops a stale answer', async () => {
    const first = deferred<TopSearchResponse>();
    const second = deferred<TopSearchResponse>();
    topSearchMock.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const a = runSearch('an');
    const b = runSearch('ana');
    second.resolve(response({ rank_token: 'rt-2' }));
    await b;
    first.resolve(empty());
    await a;
    expect(searchState.resultsQuery).toBe('ana');
    expect(searchState.results).toHaveLength(3);
    expect(topSearchMock).toHaveBeenNthCalledWith(1, 'an', null);

    topSearchMock.mockResolvedValueOnce(empty());
    await runSearch('anab');
    expect(topSearchMock).toHaveBeenLastCalledWith('anab', 'rt-2');
  });

  it('never calls the server for #, @ or an empty box', async () => {
    await runSearch('#');
    await runSearch('@');
    await runSearch('');
    expect(topSearchMock).not.toHaveBeenCalled();
  });

  it('ends loading on failure', async () => {
    topSearchMock.mockRejectedValueOnce(new Error('offline'));
    await runSearch('ana');
    expect(searchState.isLoading).toBe(false);
    expect(searchState.results).toBeNull();
  });

  it('throttles typing to one search per 250 ms, the latest text last', async () => {
    vi.useFakeTimers();
    topSearchMock.mockResolvedValue(empty());
    requestSearch('a');
    requestSearch('an');
    requestSearch('ana');
    expect(topSearchMock.mock.calls.map((c) => c[0])).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(249);
    expect(topSearchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(topSearchMock.mock.calls.map((c) => c[0])).toEqual(['a', 'ana']);
  });
});
