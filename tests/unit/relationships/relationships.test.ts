import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  block,
  blockAttempted,
  blockFailed,
  blockSucceeded,
  follow,
  followAttempted,
  followFailed,
  followStateOf,
  followSucceeded,
  isStable,
  makeRelationship,
  relationshipFromWire,
  relationshipsState,
  resetRelationships,
  unblock,
  unblockAttempted,
  unblockFinished,
  unfollow,
  unfollowAttempted,
  unfollowFinished,
  type Relationship,
} from '../../../src/state/relationships';
import { jsonResponse, stubFetch } from '../api/fetchMock';

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  warn.mockRestore();
  vi.unstubAllGlobals();
  resetRelationships();
});

const notFollowing = () => makeRelationship();

describe('pure transitions (accounts-platform §4)', () => {
  it('an attempt makes the state unstable', () => {
    expect(isStable(followAttempted(notFollowing()))).toBe(false);
    expect(isStable(unfollowAttempted(notFollowing()))).toBe(false);
    expect(isStable(blockAttempted(notFollowing()))).toBe(false);
    expect(isStable(unblockAttempted(notFollowing()))).toBe(false);
  });

  it.each(['following', 'requested'] as const)(
    'follow success takes the server result %s',
    (result) => {
      const rel = followSucceeded(followAttempted(notFollowing()), result, false);
      expect(rel.followedByViewer).toEqual({ state: result, stable: true });
    },
  );

  it('an unexpected follow result is logged and falls back by account privacy', () => {
    const attempted = followAttempted(notFollowing());
    expect(followSucceeded(attempted, 'ok', true).followedByViewer.state).toBe('requested');
    expect(followSucceeded(attempted, undefined, false).followedByViewer.state).toBe('following');
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('follow success clears block', () => {
    const blocked = makeRelationship({ blockedByViewer: true });
    const rel = followSucceeded(followAttempted(blocked), 'following', false);
    expect(rel.blockedByViewer).toEqual({ state: false, stable: true });
  });

  it('follow failure restores the stable previous state', () => {
    const rel = followFailed(followAttempted(notFollowing()), 'none');
    expect(rel.followedByViewer).toEqual({ state: 'none', stable: true });
  });

  it('unfollow ends with not following (after success and after failure)', () => {
    const following = makeRelationship({ followedByViewer: 'following' });
    expect(unfollowFinished(unfollowAttempted(following)).followedByViewer).toEqual({
      state: 'none',
      stable: true,
    });
  });

  it('block success: blocked, not following, and they no longer follow the viewer', () => {
    const mutual = makeRelationship({ followedByViewer: 'following', followsViewer: true });
    const rel = blockSucceeded(blockAttempted(mutual));
    expect(rel.blockedByViewer).toEqual({ state: true, stable: true });
    expect(rel.followedByViewer.state).toBe('none');
    expect(rel.followsViewer.state).toBe(false);
  });

  it('block failure still ends the attempt', () => {
    const rel = blockFailed(blockAttempted(notFollowing()));
    expect(rel.blockedByViewer).toEqual({ state: false, stable: true });
  });

  it('unblock ends with not blocked', () => {
    const blocked = makeRelationship({ blockedByViewer: true });
    expect(unblockFinished(unblockAttempted(blocked)).blockedByViewer).toEqual({
      state: false,
      stable: true,
    });
  });

  it('a missing relationship state is logged and treated as not following', () => {
    expect(followStateOf(undefined)).toBe('none');
    expect(followStateOf({} as Relationship)).toBe('none');
    expect(relationshipFromWire({}).followedByViewer.state).toBe('none');
    expect(warn).toHaveBeenCalledTimes(3);
  });

  it('reads the server flags', () => {
    expect(relationshipFromWire({ followed_by_viewer: true }).followedByViewer.state).toBe(
      'following',
    );
    const rel = relationshipFromWire({
      followed_by_viewer: false,
      requested_by_viewer: true,
      follows_viewer: true,
      blocked_by_viewer: true,
    });
    expect(rel.followedByViewer.state).toBe('requested');
    expect(rel.followsViewer.state).toBe(true);
    expect(rel.blockedByViewer.state).toBe(true);
  });
});

describe('actions against the server', () => {
  const stateOf = (id: string) => relationshipsState.byUserId[id];

  it('follow posts to /web/friendships/{id}/follow/ and stores the result', async () => {
    const fetch = stubFetch(() => jsonResponse({ result: 'requested', status: 'ok' }));
    expect(await follow('42', true)).toBe(true);
    expect(fetch.mock.calls[0][0]).toBe('/web/friendships/42/follow/');
    expect(stateOf('42').followedByViewer).toEqual({ state: 'requested', stable: true });
  });

  it('ignores a second click while the first attempt is in flight', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const first = follow('42', false);
    expect(isStable(stateOf('42'))).toBe(false);
    expect(await follow('42', false)).toBe(false);
    expect(await unfollow('42')).toBe(false);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    answer(jsonResponse({ result: 'following', status: 'ok' }));
    expect(await first).toBe(true);
    expect(stateOf('42').followedByViewer.state).toBe('following');
  });

  it('a failed follow goes back to not following', async () => {
    stubFetch(() => jsonResponse({ status: 'fail', message: 'No.' }, 400));
    expect(await follow('42', false)).toBe(false);
    expect(stateOf('42').followedByViewer).toEqual({ state: 'none', stable: true });
  });

  it('a failed unfollow still ends not following', async () => {
    relationshipsState.byUserId['42'] = makeRelationship({ followedByViewer: 'following' });
    stubFetch(() => jsonResponse({ status: 'fail', message: 'No.' }, 400));
    expect(await unfollow('42')).toBe(false);
    expect(stateOf('42').followedByViewer).toEqual({ state: 'none', stable: true });
  });

  it('block and unblock', async () => {
    relationshipsState.byUserId['42'] = makeRelationship({
      followedByViewer: 'following',
      followsViewer: true,
    });
    const fetch = stubFetch(() => jsonResponse({ status: 'ok' }));
    expect(await block('42')).toBe(true);
    expect(fetch.mock.calls[0][0]).toBe('/web/friendships/42/block/');
    expect(stateOf('42').blockedByViewer.state).toBe(true);
    expect(stateOf('42').followsViewer.state).toBe(false);
    expect(await unblock('42')).toBe(true);
    expect(fetch.mock.calls[1][0]).toBe('/web/friendships/42/unblock/');
    expect(stateOf('42').blockedByViewer).toEqual({ state: false, stable: true });
  });

  it('a failed block leaves the user unblocked and stable', async () => {
    stubFetch(() => jsonResponse({ status: 'fail', message: 'No.' }, 400));
    expect(await block('42')).toBe(false);
    expect(stateOf('42').blockedByViewer).toEqual({ state: false, stable: true });
  });
});
