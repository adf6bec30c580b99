// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../../src/api/client';
import {
  deletePostRequest,
  reportPostRequest,
  setPostLiked,
  setPostSaved,
} from '../../../src/api/posts';
import { deletePost, reportPost } from '../../../src/state/postsActions';
import {
  postsState,
  resetPostsState,
  toggleLike,
  toggleSave,
  upsertPosts,
  viewOf,
} from '../../../src/state/posts';
import { resetToastState, runToastAction, toastState } from '../../../src/state/toast';
import { deferred, wirePost } from '../feed/fixtures';

vi.mock('../../../src/api/posts', () => ({
  setPostLiked: vi.fn(),
  setPostSaved: vi.fn(),
  deletePostRequest: vi.fn(),
  reportPostRequest: vi.fn(),
  fetchPost: vi.fn(),
}));

const likeMock = vi.mocked(setPostLiked);
const saveMock = vi.mocked(setPostSaved);

function failure(message = 'Please try again.') {
  return new RequestError({
    code: 'fail',
    statusCode: 400,
    statusText: 'Bad Request',
    responseText: '',
    parsed: { status: 'fail', message },
  });
}

const view = () => viewOf(postsState.byId.p1, postsState.overlay.p1);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  resetPostsState();
  resetToastState();
  vi.clearAllMocks();
  upsertPosts([wirePost('p1')], 'none');
});
afterEach(() => resetToastState());

describe('like', () => {
  it('shows the like at once and keeps it after success', async () => {
    const request = deferred<unknown>();
    likeMock.mockReturnValueOnce(request.promise);
    toggleLike('p1');
    expect(view()).toMatchObject({ liked: true, likeCount: 4 });
    request.resolve({});
    await flush();
    expect(view()).toMatchObject({ liked: true, likeCount: 4 });
    expect(postsState.byId.p1.viewer_has_liked).toBe(true);
    expect(postsState.overlay.p1).toBeUndefined();
  });

  it('reverts the like and tells the user when the request fails', async () => {
    likeMock.mockRejectedValueOnce(failure('Like failed.'));
    toggleLike('p1');
    expect(view().liked).toBe(true);
    await flush();
    expect(view()).toMatchObject({ liked: false, likeCount: 3 });
    expect(toastState.current?.text).toBe('Like failed.');
  });

  it('coalesces repeated taps: one request in flight, the last tap wins', async () => {
    const first = deferred<unknown>();
    likeMock.mockReturnValueOnce(first.promise).mockResolvedValue({});
    toggleLike('p1'); // like (sent)
    toggleLike('p1'); // unlike
    toggleLike('p1'); // like
    toggleLike('p1'); // unlike
    expect(likeMock).toHaveBeenCalledTimes(1);
    expect(view()).toMatchObject({ liked: false, likeCount: 3 });
    first.resolve({});
    await flush();
    // The server has the like; the last tap was unlike, so exactly one more request follows.
    expect(likeMock.mock.calls).toEqual([
      ['p1', true],
      ['p1', false],
    ]);
    expect(view()).toMatchObject({ liked: false, likeCount: 3 });
    expect(postsState.byId.p1.viewer_has_liked).toBe(false);
  });

  it('sends nothing more when taps return to the value in flight', async () => {
    const first = deferred<unknown>();
    likeMock.mockReturnValueOnce(first.promise);
    toggleLike('p1');
    toggleLike('p1');
    toggleLike('p1');
    first.resolve({});
    await flush();
    expect(likeMock).toHaveBeenCalledTimes(1);
    expect(view()).toMatchObject({ liked: true, likeCount: 4 });
  });
});

describe('save', () => {
  it('saves optimistically and reverts on failure', async () => {
    saveMock.mockRejectedValueOnce(failure());
    toggleSave('p1');
    expect(view().saved).toBe(true);
    await flush();
    expect(view().saved).toBe(false);
  });

  it('unsaves a saved post', async () => {
    postsState.byId.p1.viewer_has_saved = true;
    saveMock.mockResolvedValueOnce({});
    toggleSave('p1');
    await flush();
    expect(saveMock).toHaveBeenCalledWith('p1', false);
    expect(view().saved).toBe(false);
  });
});

describe('delete and report', () => {
  it('a failed delete keeps the post and offers Retry, which deletes it', async () => {
    vi.mocked(deletePostRequest).mockRejectedValueOnce(failure('Nope.')).mockResolvedValueOnce({});
    const onDeleted = vi.fn();
    expect(await deletePost('p1', onDeleted)).toBe(false);
    expect(postsState.byId.p1).toBeDefined();
    expect(toastState.current).toMatchObject({ text: 'Nope.', actionText: 'Retry' });
    runToastAction();
    await flush();
    expect(postsState.byId.p1).toBeUndefined();
    expect(onDeleted).toHaveBeenCalledTimes(1);
  });

  it('thanks the user for a report', async () => {
    vi.mocked(reportPostRequest).mockResolvedValueOnce({});
    await reportPost('p1');
    expect(toastState.current?.text).toBe('Thanks for reporting this post.');
  });
});
