import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FollowAllFriendsCard } from '../../../src/features/feed/FollowAllFriendsCard';
import { dismissCookieName, isDismissed, undismiss } from '../../../src/lib/dismissCookies';
import {
  setExternalLoginProvider,
  standInProvider,
  type ExternalLoginProvider,
} from '../../../src/lib/externalProvider';
import { feedState, loadFeed, resetFeedState } from '../../../src/state/feed';
import { resetToastState, toastState } from '../../../src/state/toast';
import { jsonResponse, stubFetch } from '../api/fetchMock';
import { setMember } from '../app/session';

const provider: ExternalLoginProvider = { ...standInProvider, name: 'Friendbook' };

/** The feed's first page (no posts) with `friends` provider friends to follow. */
const feedReply = (friends: number) =>
  jsonResponse({
    data: {
      user: {
        edge_web_feed_timeline: {
          page_info: { has_next_page: false, end_cursor: null },
          edges: [],
        },
        edge_facebook_friends: { count: friends },
        connected_fbid: 'standin-1001',
      },
    },
    status: 'ok',
  });

/** Answers the feed with `counts` in turn (the last repeats) and follow_all_fb with `followAll`. */
function stubServer(counts: number[], followAll = { followed_count: 2, requested_count: 1 }) {
  let feeds = 0;
  return stubFetch((url) =>
    url.includes('follow_all_fb')
      ? jsonResponse({ ...followAll, status: 'ok' })
      : feedReply(counts[Math.min(feeds++, counts.length - 1)]),
  );
}

async function renderLoaded() {
  render(<FollowAllFriendsCard />);
  await act(() => loadFeed());
}

beforeEach(() => {
  setMember();
  setExternalLoginProvider(provider);
});
afterEach(() => {
  vi.unstubAllGlobals();
  undismiss('followAll');
  setExternalLoginProvider(undefined);
  resetFeedState();
  resetToastState();
});

describe('FollowAllFriendsCard', () => {
  it('shows how many provider friends are on Glint', async () => {
    stubServer([3]);
    await renderLoaded();
    const card = screen.getByRole('region', { name: 'Friends on Glint' });
    expect(card).toHaveTextContent('3 of your friends from Friendbook are on Glint');
    expect(screen.getByRole('button', { name: 'Follow all' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Dismiss' })).toBeInTheDocument();
  });

  it('stays hidden without friends to follow or once dismissed', async () => {
    stubServer([0]);
    await renderLoaded();
    expect(screen.queryByRole('region', { name: 'Friends on Glint' })).not.toBeInTheDocument();

    resetFeedState();
    document.cookie = `${dismissCookieName('followAll')}=1; path=/`;
    stubServer([3]);
    await act(() => loadFeed());
    expect(feedState.providerFriendsCount).toBe(3);
    expect(screen.queryByRole('region', { name: 'Friends on Glint' })).not.toBeInTheDocument();
  });

  it('follows them all, says so and hides the card', async () => {
    const fetch = stubServer([3, 0]);
    await renderLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Follow all' }));
    expect(screen.queryByRole('region', { name: 'Friends on Glint' })).not.toBeInTheDocument();
    const call = fetch.mock.calls.find(([url]) => url.includes('follow_all_fb'));
    expect(call?.[1].method).toBe('POST');
    expect(new URL(call![0], 'http://x').pathname).toBe('/web/friendships/follow_all_fb');
    expect(toastState.current?.text).toBe('Following 2 friends, requested 1 more');
    // The feed reloads so their posts show; it no longer counts anyone to follow.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    expect(feedState.providerFriendsCount).toBe(0);
    expect(isDismissed('followAll')).toBe(false);
  });

  it('keeps the card and shows the server message when following fails', async () => {
    stubFetch(
      () => feedReply(1),
      () => jsonResponse({ status: 'fail', message: 'Connect your account first.' }, 400),
    );
    await renderLoaded();
    expect(screen.getByRole('region', { name: 'Friends on Glint' })).toHaveTextContent(
      '1 of your friends from Friendbook is on Glint',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Follow all' }));
    expect(toastState.current?.text).toBe('Connect your account first.');
    expect(screen.getByRole('button', { name: 'Follow all' })).toBeEnabled();
  });

  it('× hides the card for 14 days with the followAll cookie', async () => {
    const fetch = stubServer([3]);
    await renderLoaded();
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    vi.restoreAllMocks();
    expect(screen.queryByRole('region', { name: 'Friends on Glint' })).not.toBeInTheDocument();
    expect(isDismissed('followAll')).toBe(true);
    expect(writes).toEqual([expect.stringContaining(`${dismissCookieName('followAll')}=1`)]);
    expect(writes[0]).toContain(`max-age=${14 * 24 * 3600}`);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
