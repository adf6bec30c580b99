// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchFeedPage, type FeedPage } from '../../../src/api/feed';
import {
  feedState,
  loadFeed,
  loadNextPage,
  onFeedFailure,
  refreshFeed,
  resetFeedState,
  visibleItems,
  type FeedFailure,
} from '../../../src/state/feed';
import { postsState, resetPostsState } from '../../../src/state/posts';
import { RequestError } from '../../../src/api/client';
import { deferred, feedPage, suggestionsUnit } from './fixtures';

vi.mock('../../../src/api/feed', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../src/api/feed')>()),
  fetchFeedPage: vi.fn(),
}));
vi.mock('../../../src/api/posts', () => ({
  deletePostRequest: vi.fn(() => Promise.resolve({})),
  setPostLiked: vi.fn(),
  setPostSaved: vi.fn(),
  reportPostRequest: vi.fn(),
  fetchPost: vi.fn(),
}));

const fetchMock = vi.mocked(fetchFeedPage);

function serverError() {
  return new RequestError({
    code: 'http',
    statusCode: 500,
    statusText: 'Server Error',
    responseText: '',
    parsed: null,
  });
}

function abortable(page: ReturnType<typeof deferred<FeedPage>>) {
  return (_cursor: string | null, opts?: { signal?: AbortSignal }) => {
    opts?.signal?.addEventListener('abort', () =>
      page.reject(new DOMException('aborted', 'AbortError')),
    );
    return page.promise;
  };
}

beforeEach(() => {
  resetFeedState();
  resetPostsState();
  fetchMock.mockReset();
});

describe('feed paging', () => {
  it('loads the first page with 12 visible posts and the suggestions card', async () => {
    const page = feedPage(0, 12);
    page.edges.splice(4, 0, { node: suggestionsUnit() });
    fetchMock.mockResolvedValueOnce(page);
    await loadFeed();
    expect(fetchMock).toHaveBeenCalledWith(null, expect.anything());
    expect(feedState.status).toBe('ready');
    expect(feedState.pagination).toMatchObject({
      hasNextPage: true,
      endCursor: 'cursor12',
      visibleCount: 12,
      loadedCount: 12,
      isFetching: false,
    });
    expect(feedState.items[4]).toMatchObject({ kind: 'suggestions' });
    expect(visibleItems(feedState)).toHaveLength(13);
    expect(postsState.byId['0']?.shortcode).toBe('sc0');
  });

  it('appends the next page and grows the visible count by the page size', async () => {
    fetchMock.mockResolvedValueOnce(feedPage(0, 12)).mockResolvedValueOnce(feedPage(12, 12, true));
    await loadFeed();
    await loadNextPage();
    expect(fetchMock).toHaveBeenLastCalledWith('cursor12', expect.anything());
    expect(feedState.pagination).toMatchObject({
      visibleCount: 24,
      loadedCount: 24,
      hasNextPage: false,
    });
    await loadNextPage();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('runs only one fetch at a time', async () => {
    const first = deferred<FeedPage>();
    fetchMock.mockReturnValueOnce(first.promise);
    const loading = loadFeed();
    void loadFeed();
    void loadNextPage();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    first.resolve(feedPage(0, 12));
    await loading;

    const next = deferred<FeedPage>();
    fetchMock.mockReturnValueOnce(next.promise);
    const paging = loadNextPage();
    void loadNextPage();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(feedState.pagination.isFetching).toBe(true);
    next.resolve(feedPage(12, 12));
    await paging;
    expect(feedState.pagination.loadedCount).toBe(24);
  });

  it('a refresh aborts a pending next-page fetch and replaces the items', async () => {
    fetchMock.mockResolvedValueOnce(feedPage(0, 12));
    await loadFeed();
    const next = deferred<FeedPage>();
    fetchMock.mockImplementationOnce(abortable(next));
    const paging = loadNextPage();
    fetchMock.mockResolvedValueOnce(feedPage(100, 12));
    await refreshFeed();
    await paging;
    const nextSignal = fetchMock.mock.calls[1][1]?.signal;
    expect(nextSignal?.aborted).toBe(true);
    expect(feedState.items[0]).toMatchObject({ kind: 'post', id: '100' });
    expect(feedState.pagination.loadedCount).toBe(12);
    expect(feedState.scrollToTop).toBe(true);
    expect(feedState.nextPageFailed).toBe(false);
  });

  it('removes a deleted post from the feed', async () => {
    fetchMock.mockResolvedValueOnce(feedPage(0, 3, true));
    await loadFeed();
    const { deletePost } = await import('../../../src/state/postsActions');
    await deletePost('1');
    expect(feedState.items.map((i) => i.id)).toEqual(['0', '2']);
    expect(feedState.pagination.loadedCount).toBe(2);
  });
});

describe('feed failures', () => {
  it('a failed first load raises a failure event and resets the pagination', async () => {
    const failures: FeedFailure[] = [];
    const stop = onFeedFailure((f) => failures.push(f));
    fetchMock.mockRejectedValueOnce(serverError());
    await loadFeed();
    stop();
    expect(failures.map((f) => f.kind)).toEqual(['load']);
    expect(feedState.status).toBe('error');
    expect(feedState.pagination).toMatchObject({
      hasNextPage: false,
      endCursor: null,
      loadedCount: 0,
    });
  });

  it('a failed next page raises a failure event and keeps the loaded posts and cursor', async () => {
    const failures: FeedFailure[] = [];
    const stop = onFeedFailure((f) => failures.push(f));
    fetchMock.mockResolvedValueOnce(feedPage(0, 12)).mockRejectedValueOnce(serverError());
    await loadFeed();
    await loadNextPage();
    stop();
    expect(failures.map((f) => f.kind)).toEqual(['nextPage']);
    expect(feedState.items).toHaveLength(12);
    expect(feedState.nextPageFailed).toBe(true);
    expect(feedState.pagination).toMatchObject({ endCursor: 'cursor12', isFetching: false });

    fetchMock.mockResolvedValueOnce(feedPage(12, 12));
    await loadNextPage();
    expect(fetchMock).toHaveBeenLastCalledWith('cursor12', expect.anything());
    expect(feedState.items).toHaveLength(24);
  });

  it('an aborted fetch raises no failure', async () => {
    const failures: FeedFailure[] = [];
    const stop = onFeedFailure((f) => failures.push(f));
    fetchMock.mockResolvedValueOnce(feedPage(0, 12));
    await loadFeed();
    const next = deferred<FeedPage>();
    fetchMock.mockImplementationOnce(abortable(next));
    const paging = loadNextPage();
    fetchMock.mockResolvedValueOnce(feedPage(0, 12));
    await refreshFeed();
    await paging;
    stop();
    expect(failures).toEqual([]);
  });

  it('treats an end cursor of "0" as no cursor', async () => {
    const page = feedPage(0, 12);
    page.page_info = { has_next_page: true, end_cursor: '0' };
    fetchMock.mockResolvedValueOnce(page);
    await loadFeed();
    expect(feedState.pagination).toMatchObject({ endCursor: null, hasNextPage: false });
  });
});
