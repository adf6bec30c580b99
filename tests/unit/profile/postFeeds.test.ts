// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Connection } from '../../../src/api/types';
import {
  canLoadNext,
  emptyList,
  loadFailed,
  loadPage,
  loadStarted,
  pageLoaded,
  type PagedList,
} from '../../../src/state/postFeeds';
import { resetToastState, toastState } from '../../../src/state/toast';

type Item = { id: string };
const page = (ids: string[], next: string | null, count = 30): Connection<Item> => ({
  count,
  page_info: { has_next_page: next !== null, end_cursor: next },
  edges: ids.map((id) => ({ node: { id } })),
});

afterEach(() => resetToastState());

describe('paged feed rules (content §4)', () => {
  it('first load, then the next page is appended without duplicates', () => {
    let list = pageLoaded(loadStarted(emptyList<Item>()), page(['a', 'b'], 'c1'), false);
    expect(list).toMatchObject({ count: 30, hasNextPage: true, endCursor: 'c1', loaded: true });
    expect(canLoadNext(list)).toBe(true);
    list = pageLoaded(loadStarted(list), page(['b', 'c'], null), true);
    expect(list.items.map((i) => i.id)).toEqual(['a', 'b', 'c']);
    expect(canLoadNext(list)).toBe(false);
  });

  it('a cursor of "0" is no cursor: no next page', () => {
    const list = pageLoaded(emptyList<Item>(), page(['a'], '0'), false);
    expect(list.endCursor).toBeNull();
    expect(list.hasNextPage).toBe(false);
  });

  it('failure keeps the items already loaded', () => {
    const loaded = pageLoaded(emptyList<Item>(), page(['a'], 'c1'), false);
    const failed = loadFailed(loadStarted(loaded));
    expect(failed.items.map((i) => i.id)).toEqual(['a']);
    expect(failed.endCursor).toBe('c1');
    expect(failed.failed).toBe(true);
    expect(failed.isFetching).toBe(false);
  });

  it('failure with nothing loaded resets pagination', () => {
    const failed = loadFailed(
      loadStarted({ ...emptyList<Item>(), endCursor: 'x', hasNextPage: true }),
    );
    expect(failed).toMatchObject({ items: [], endCursor: null, hasNextPage: false, failed: true });
  });

  it('a next page is not fetched while one is in flight', () => {
    const loaded = pageLoaded(emptyList<Item>(), page(['a'], 'c1'), false);
    expect(canLoadNext(loadStarted(loaded))).toBe(false);
  });
});

describe('loadPage', () => {
  it('asks for the next page with the end cursor, and a failure offers Retry', async () => {
    const lists: Record<string, PagedList<Item>> = {};
    const fetchPage = vi
      .fn()
      .mockResolvedValueOnce(page(['a'], 'c1'))
      .mockRejectedValueOnce(new Error('down'))
      .mockResolvedValueOnce(page(['b'], null));
    await loadPage(lists, 'k', fetchPage, false);
    expect(fetchPage).toHaveBeenLastCalledWith(null);
    await loadPage(lists, 'k', fetchPage, true);
    expect(fetchPage).toHaveBeenLastCalledWith('c1');
    expect(lists.k.items).toHaveLength(1);
    expect(toastState.current?.actionText).toBe('Retry');
    toastState.current?.onAction?.();
    await vi.waitFor(() => expect(lists.k.items.map((i) => i.id)).toEqual(['a', 'b']));
  });

  it('drops an answer for an older first load', async () => {
    const lists: Record<string, PagedList<Item>> = {};
    let answerOld: (p: Connection<Item>) => void = () => {};
    const slow = () => new Promise<Connection<Item>>((resolve) => (answerOld = resolve));
    const first = loadPage(lists, 'k', slow, false);
    await loadPage(lists, 'k', async () => page(['new'], null), false);
    answerOld(page(['old'], null));
    await first;
    expect(lists.k.items.map((i) => i.id)).toEqual(['new']);
  });
});
