// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../src/api/client';
import { fetchLikers } from '../../../src/api/posts';
import { likersState, loadLikers, resetLikersState } from '../../../src/state/likers';
import { resetToastState, toastState } from '../../../src/state/toast';
import { wireUser } from '../feed/fixtures';

vi.mock('../../../src/api/posts', () => ({ fetchLikers: vi.fn() }));
const fetchMock = vi.mocked(fetchLikers);

const page = (ids: string[], next: string | null) => ({
  count: 15,
  page_info: { has_next_page: next !== null, end_cursor: next },
  edges: ids.map((id) => ({ node: wireUser(id) })),
});
const failure = () =>
  new RequestError({
    code: 'http',
    statusCode: 500,
    statusText: '',
    responseText: '',
    parsed: null,
  });

beforeEach(() => {
  resetLikersState();
  resetToastState();
  fetchMock.mockReset();
});

describe('likers', () => {
  it('loads 10 a page and appends the next page after the cursor', async () => {
    fetchMock
      .mockResolvedValueOnce(page(['1', '2'], 'c2'))
      .mockResolvedValueOnce(page(['3'], null));
    await loadLikers('sc', true);
    await loadLikers('sc');
    expect(fetchMock.mock.calls.map((c) => c[1])).toEqual([null, 'c2']);
    const list = likersState.byShortcode.sc;
    expect(list.users.map((u) => u.id)).toEqual(['1', '2', '3']);
    expect(list.pagination.hasNextPage).toBe(false);
  });

  it('fetches the next page ahead of Load more, and shows it without another request', async () => {
    fetchMock
      .mockResolvedValueOnce(page(['1', '2'], 'c2'))
      .mockResolvedValueOnce(page(['3'], null));
    await loadLikers('sc', true);
    // Content §9: likers preload 1 page.
    expect(fetchMock.mock.calls.map((c) => c[1])).toEqual([null, 'c2']);
    await loadLikers('sc');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(likersState.byShortcode.sc.users.map((u) => u.id)).toEqual(['1', '2', '3']);
  });

  it('keeps loaded likers when the next page fails, and offers Retry', async () => {
    fetchMock.mockResolvedValueOnce(page(['1'], 'c1')).mockRejectedValueOnce(failure());
    await loadLikers('sc', true);
    await loadLikers('sc');
    const list = likersState.byShortcode.sc;
    expect(list.users).toHaveLength(1);
    expect(list.pagination).toMatchObject({ endCursor: 'c1', hasNextPage: true, failed: true });
    expect(toastState.current?.actionText).toBe('Retry');
  });

  it('resets the pagination when the first page fails', async () => {
    fetchMock.mockRejectedValueOnce(failure());
    await loadLikers('sc', true);
    expect(likersState.byShortcode.sc.pagination).toMatchObject({
      endCursor: null,
      hasNextPage: false,
      failed: true,
    });
    expect(likersState.byShortcode.sc.loaded).toBe(false);
  });

  it('treats a cursor of "0" as no cursor', async () => {
    fetchMock.mockResolvedValueOnce(page(['1'], '0'));
    await loadLikers('sc', true);
    expect(likersState.byShortcode.sc.pagination).toMatchObject({
      endCursor: null,
      hasNextPage: false,
    });
  });
});
