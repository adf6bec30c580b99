import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WireUser } from '../../../src/api/types';
import {
  approveRequest,
  canActOn,
  followRequestsState,
  ignoreRequest,
  pendingCount,
  setFollowRequests,
  transition,
  visibleRequests,
} from '../../../src/state/followRequests';
import { jsonResponse, stubFetch } from '../api/fetchMock';

const user = (id: string): WireUser => ({
  id,
  username: `user${id}`,
  full_name: '',
  profile_pic_url: '',
  is_verified: false,
});

afterEach(() => {
  vi.unstubAllGlobals();
  setFollowRequests([]);
});

describe('follow request transitions (content §4)', () => {
  it('pending → approving → approved, or back to pending on failure', () => {
    expect(transition('pending', 'approveAttempted')).toBe('approving');
    expect(transition('approving', 'approveSucceeded')).toBe('approved');
    expect(transition('approving', 'approveFailed')).toBe('pending');
  });

  it('pending → ignoring → removed, or back to pending on failure', () => {
    expect(transition('pending', 'ignoreAttempted')).toBe('ignoring');
    expect(transition('ignoring', 'ignoreSucceeded')).toBe('removed');
    expect(transition('ignoring', 'ignoreFailed')).toBe('pending');
  });

  it('events from other states change nothing', () => {
    expect(transition('approved', 'ignoreAttempted')).toBe('approved');
    expect(transition('approving', 'ignoreAttempted')).toBe('approving');
    expect(transition('removed', 'approveAttempted')).toBe('removed');
  });

  it('only a pending request can be acted on', () => {
    expect(canActOn({ state: 'pending' })).toBe(true);
    for (const state of ['approving', 'approved', 'ignoring', 'removed'] as const)
      expect(canActOn({ state })).toBe(false);
  });
});

describe('approve and ignore against the server', () => {
  const stateOf = (id: string) => followRequestsState.requests.find((r) => r.userId === id)?.state;

  it('approve posts /approve/ and ends approved', async () => {
    setFollowRequests([user('7')]);
    const fetch = stubFetch(() => jsonResponse({ status: 'ok' }));
    const done = approveRequest('7');
    expect(stateOf('7')).toBe('approving');
    expect(await done).toBe(true);
    expect(fetch.mock.calls[0][0]).toBe('/web/friendships/7/approve/');
    expect(stateOf('7')).toBe('approved');
  });

  it('a failed approve returns to pending', async () => {
    setFollowRequests([user('7')]);
    stubFetch(() => jsonResponse({ status: 'fail', message: 'Gone.' }, 404));
    expect(await approveRequest('7')).toBe(false);
    expect(stateOf('7')).toBe('pending');
  });

  it('ignore removes the request; a failure returns it to pending', async () => {
    setFollowRequests([user('7'), user('8')]);
    stubFetch(
      () => jsonResponse({ status: 'ok' }),
      () => jsonResponse({ status: 'fail', message: 'No.' }, 400),
    );
    expect(await ignoreRequest('7')).toBe(true);
    expect(stateOf('7')).toBe('removed');
    expect(visibleRequests(followRequestsState.requests).map((r) => r.userId)).toEqual(['8']);
    expect(await ignoreRequest('8')).toBe(false);
    expect(stateOf('8')).toBe('pending');
    expect(pendingCount(followRequestsState.requests)).toBe(1);
  });

  it('a request that is not pending is not sent again', async () => {
    setFollowRequests([user('7')]);
    const fetch = stubFetch(() => jsonResponse({ status: 'ok' }));
    const first = approveRequest('7');
    expect(await ignoreRequest('7')).toBe(false);
    expect(await approveRequest('7')).toBe(false);
    await first;
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
