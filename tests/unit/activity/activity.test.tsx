import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireNotification } from '../../../src/api/activity';
import type { WireUser } from '../../../src/api/types';
import ActivityPage from '../../../src/features/activity/ActivityPage';
import {
  followRequestBadge,
  notificationText,
} from '../../../src/features/activity/notificationText';
import { checkedTimestampToWrite, resetActivity } from '../../../src/state/activity';
import { setFollowRequests } from '../../../src/state/followRequests';
import { resetRelationships } from '../../../src/state/relationships';
import { jsonResponse, stubFetch } from '../api/fetchMock';
import { LocationDisplay, setMember } from '../app/session';

const user = (id: string, extra: Partial<WireUser> = {}): WireUser => ({
  id,
  username: `user${id}`,
  full_name: `User ${id}`,
  profile_pic_url: '',
  is_verified: false,
  ...extra,
});

const note = (id: string, type: number, timestamp: number, extra: Partial<WireNotification> = {}) =>
  ({
    id,
    type,
    timestamp,
    text: '',
    user: user(`u${id}`, { followed_by_viewer: false, requested_by_viewer: false }),
    media: null,
    ...extra,
  }) satisfies WireNotification;

describe('notification wording', () => {
  it.each([
    [1, 'liked your post.'],
    [3, 'started following you.'],
    [6, 'tagged you in a post.'],
    [8, 'requested to follow you.'],
  ])('type %i reads "%s"', (type, action) => {
    expect(notificationText(type, '').action).toBe(action);
  });

  it('comment and mention quote the text', () => {
    expect(notificationText(2, 'Nice!')).toEqual({ action: 'commented:', quote: 'Nice!' });
    expect(notificationText(5, '@me hi')).toEqual({
      action: 'mentioned you in a comment:',
      quote: '@me hi',
    });
  });

  it('the follow request badge shows 10+ above 10', () => {
    expect(followRequestBadge(3)).toBe('3');
    expect(followRequestBadge(10)).toBe('10');
    expect(followRequestBadge(11)).toBe('10+');
  });

  it('the checked timestamp is written only when the feed has something newer', () => {
    const feed = [note('1', 1, 100), note('2', 1, 300)];
    expect(checkedTimestampToWrite(feed, 200)).toBe(300);
    expect(checkedTimestampToWrite(feed, 300)).toBeNull();
    expect(checkedTimestampToWrite([], 0)).toBeNull();
  });
});

function activityBody(notifications: WireNotification[], requests: WireUser[], checkedAt = 0) {
  return {
    graphql: {
      user: {
        id: '101',
        activity_feed: {
          edge_web_activity_feed: { edges: notifications.map((node) => ({ node })) },
          timestamp: checkedAt,
        },
        edge_follow_requests: { edges: requests.map((node) => ({ node })) },
      },
    },
  };
}

function renderActivity(path = '/accounts/activity') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="accounts/activity"
          element={
            <>
              <ActivityPage />
              <LocationDisplay />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => setMember());
afterEach(() => {
  vi.unstubAllGlobals();
  resetActivity();
  resetRelationships();
  setFollowRequests([]);
});

describe('ActivityPage', () => {
  it('lists notifications and marks the feed checked with the newest timestamp', async () => {
    const now = Math.floor(Date.now() / 1000);
    const fetch = stubFetch((url) =>
      url.startsWith('/accounts/activity/')
        ? jsonResponse(
            activityBody(
              [
                note('1', 2, now - 60, {
                  text: 'Lovely #sky',
                  media: { shortcode: 'abc', thumbnail_src: '/t.jpg' },
                }),
                note('2', 3, now - 120),
              ],
              [],
              now - 3600,
            ),
          )
        : jsonResponse({ status: 'ok' }),
    );
    renderActivity();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getByText('commented:', { exact: false })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: '#sky' })).toBeInTheDocument();
    // The thumbnail link says whose action it was, not just "Post".
    expect(within(list).getByRole('link', { name: /^Post: \S+ commented$/ })).toHaveAttribute(
      'href',
      '/p/abc/',
    );
    expect(within(list).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    const [url, init] = fetch.mock.calls[1];
    expect(url).toBe('/web/activity/mark_checked/');
    expect(String(init.body)).toBe(`timestamp=${now - 60}`);
  });

  it('an empty feed shows the heart view', async () => {
    stubFetch(() => jsonResponse(activityBody([], [])));
    renderActivity();
    expect(await screen.findByText('Activity On Your Posts')).toBeInTheDocument();
  });

  it('the follow requests row opens the list; Confirm approves and shows Follow', async () => {
    const requests = Array.from({ length: 11 }, (_, i) => user(String(i + 1)));
    const fetch = stubFetch((url) =>
      url.startsWith('/accounts/activity/')
        ? jsonResponse(activityBody([], requests))
        : jsonResponse({ status: 'ok' }),
    );
    renderActivity();
    const entry = await screen.findByRole('link', { name: /Follow requests/ });
    expect(entry).toHaveTextContent('10+');
    await userEvent.click(entry);
    expect(screen.getByTestId('location')).toHaveTextContent('/accounts/activity?followRequests=1');
    const list = screen.getByRole('list', { name: 'Follow requests' });
    const row = within(list).getByText('user1').closest('li') as HTMLElement;
    await userEvent.click(within(row).getByRole('button', { name: "Confirm user1's request" }));
    expect(await within(row).findByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => u === '/web/friendships/1/approve/')).toBe(true);
  });

  it('a failed approval returns the request to pending; Delete removes it', async () => {
    stubFetch((url) => {
      if (url.startsWith('/accounts/activity/')) return jsonResponse(activityBody([], [user('1')]));
      if (url.includes('/approve/')) return jsonResponse({ status: 'fail', message: 'No.' }, 404);
      return jsonResponse({ status: 'ok' });
    });
    renderActivity('/accounts/activity?followRequests=1');
    const confirm = await screen.findByRole('button', { name: "Confirm user1's request" });
    await userEvent.click(confirm);
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: "Confirm user1's request" })).toBeEnabled(),
    );
    await userEvent.click(screen.getByRole('button', { name: "Delete user1's request" }));
    expect(await screen.findByText('No pending follow requests.')).toBeInTheDocument();
  });

  it('a deleted request takes its buttons away; the focus stays on the list', async () => {
    stubFetch((url) =>
      url.startsWith('/accounts/activity/')
        ? jsonResponse(activityBody([], [user('1'), user('2')]))
        : jsonResponse({ status: 'ok' }),
    );
    renderActivity('/accounts/activity?followRequests=1');
    const [remove] = await screen.findAllByRole('button', { name: /^Delete user\d's request$/ });
    remove.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Delete user\d's request$/ })).toHaveLength(1),
    );
    expect(screen.getByRole('list', { name: 'Follow requests' })).toHaveFocus();
  });

  it('both buttons are disabled while a request is being approved', async () => {
    let answer: (r: Response) => void = () => {};
    stubFetch((url) =>
      url.startsWith('/accounts/activity/')
        ? jsonResponse(activityBody([], [user('1')]))
        : new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderActivity('/accounts/activity?followRequests=1');
    await userEvent.click(await screen.findByRole('button', { name: "Confirm user1's request" }));
    expect(screen.getByRole('button', { name: "Confirm user1's request" })).toBeDisabled();
    expect(screen.getByRole('button', { name: "Delete user1's request" })).toBeDisabled();
    answer(jsonResponse({ status: 'ok' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeInTheDocument();
  });
});
