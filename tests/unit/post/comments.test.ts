// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../src/api/client';
import { addCommentRequest, deleteCommentRequest, fetchComments } from '../../../src/api/comments';
import { commentsState, resetCommentsState, seedComments } from '../../../src/state/comments';
import { addComment, deleteComment, loadMoreComments } from '../../../src/state/commentsActions';
import { resetToastState, runToastAction, toastState } from '../../../src/state/toast';
import { wireComment, wireUser } from '../feed/fixtures';

vi.mock('../../../src/api/comments', () => ({
  addCommentRequest: vi.fn(),
  deleteCommentRequest: vi.fn(),
  fetchComments: vi.fn(),
}));

const error = () =>
  new RequestError({
    code: 'network',
    statusCode: 0,
    statusText: 'offline',
    responseText: '',
    parsed: null,
  });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const author = wireUser('5', 'me');

beforeEach(() => {
  resetCommentsState();
  resetToastState();
  vi.clearAllMocks();
  seedComments(
    'p1',
    {
      count: 25,
      page_info: { has_next_page: true, end_cursor: 'c20' },
      edges: [{ node: wireComment('c1') }, { node: wireComment('c2') }],
    },
    'page',
  );
});
afterEach(() => resetToastState());

describe('comments', () => {
  it('loads more comments after the cursor, without duplicates', async () => {
    vi.mocked(fetchComments).mockResolvedValueOnce({
      count: 25,
      page_info: { has_next_page: false, end_cursor: null },
      edges: [{ node: wireComment('c2') }, { node: wireComment('c3') }],
    });
    await loadMoreComments('p1', 'sc1');
    expect(fetchComments).toHaveBeenCalledWith('sc1', 'c20');
    expect(commentsState.byPost.p1.commentIds).toEqual(['c1', 'c2', 'c3']);
    expect(commentsState.byPost.p1.pagination.hasNextPage).toBe(false);
  });

  it('a successful add appends the comment and raises the count', async () => {
    vi.mocked(addCommentRequest).mockResolvedValueOnce({
      id: 'c9',
      created_time: 1,
      text: 'hello',
      from: { id: '5', username: 'me', full_name: '', profile_picture: '' },
    });
    expect(await addComment('p1', 'hello', author)).toBe(true);
    expect(commentsState.byPost.p1.commentIds.at(-1)).toBe('c9');
    expect(commentsState.byPost.p1.count).toBe(26);
    expect(commentsState.byId.c9).toMatchObject({ text: 'hello', userId: '5', deleted: false });
  });

  it('a failed add shows a toast whose Retry resends the comment', async () => {
    vi.mocked(addCommentRequest)
      .mockRejectedValueOnce(error())
      .mockResolvedValueOnce({
        id: 'c9',
        created_time: 1,
        text: 'hello',
        from: { id: '5', username: 'me', full_name: '', profile_picture: '' },
      });
    expect(await addComment('p1', 'hello', author)).toBe(false);
    expect(toastState.current).toMatchObject({ actionText: 'Retry' });
    expect(commentsState.byPost.p1.count).toBe(25);
    runToastAction();
    await flush();
    expect(addCommentRequest).toHaveBeenLastCalledWith('p1', 'hello');
    expect(commentsState.byPost.p1.commentIds).toContain('c9');
  });

  it('delete marks the comment deleted and lowers the count at once', async () => {
    vi.mocked(deleteCommentRequest).mockResolvedValueOnce({});
    const pending = deleteComment('p1', 'c1');
    expect(commentsState.byId.c1.deleted).toBe(true);
    expect(commentsState.byPost.p1.count).toBe(24);
    await pending;
    expect(commentsState.byId.c1.deleted).toBe(true);
  });

  it('a failed delete restores the comment and raises the count again', async () => {
    vi.mocked(deleteCommentRequest).mockRejectedValueOnce(error());
    await deleteComment('p1', 'c1');
    expect(commentsState.byId.c1.deleted).toBe(false);
    expect(commentsState.byPost.p1.count).toBe(25);
    expect(toastState.current?.text).toBeTruthy();
  });

  it('a failed first page resets the pagination; a later failure keeps the comments', async () => {
    seedComments(
      'p2',
      { count: 3, page_info: { has_next_page: true, end_cursor: 'x' }, edges: [] },
      'page',
    );
    vi.mocked(fetchComments).mockRejectedValue(error());
    await loadMoreComments('p2', 'sc2');
    expect(commentsState.byPost.p2.pagination).toMatchObject({ endCursor: null, failed: true });
    await loadMoreComments('p1', 'sc1');
    expect(commentsState.byPost.p1.commentIds).toEqual(['c1', 'c2']);
    expect(commentsState.byPost.p1.pagination).toMatchObject({
      endCursor: 'c20',
      hasNextPage: true,
    });
  });
});
