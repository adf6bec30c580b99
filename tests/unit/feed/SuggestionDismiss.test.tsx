import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WireSuggestedUserFeedUnit } from '../../../src/api/feed';
import type { WireProfile } from '../../../src/api/profile';
import DiscoverPeoplePage from '../../../src/features/explore/DiscoverPeoplePage';
import { SuggestedUsersCard } from '../../../src/features/feed/SuggestedUsersCard';
import ProfilePage from '../../../src/features/profile/ProfilePage';
import { MemoryRouter, Route, Routes } from '../../../src/lib/router';
import { resetPostFeeds } from '../../../src/state/postFeeds';
import { resetProfiles } from '../../../src/state/profile';
import { resetRelationships } from '../../../src/state/relationships';
import { resetSuggestions } from '../../../src/state/suggestions';
import { resetToastState, toastState } from '../../../src/state/toast';
import { jsonResponse, stubFetch, type FetchHandler } from '../api/fetchMock';
import { setMember } from '../app/session';
import { wireUser } from './fixtures';

// Suggestions arrive with the viewer's relationship flags (a missing one is logged).
const suggested = (id: string, username: string) => ({
  ...wireUser(id, username),
  followed_by_viewer: false,
  requested_by_viewer: false,
});

const unit = (): WireSuggestedUserFeedUnit => ({
  __typename: 'GraphSuggestedUserFeedUnit',
  id: 'suggested_users_1',
  edge_suggested_users: {
    edges: [
      { node: { user: suggested('77', 'mira'), description: 'Popular' } },
      { node: { user: suggested('78', 'otto'), description: 'Follows you' } },
    ],
  },
});

/** A response the test releases by hand, to look at the optimistic state in between. */
function deferred() {
  let release: (res: Response) => void = () => undefined;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return { promise, release };
}

const bodyOf = (init: RequestInit) => new URLSearchParams(String(init.body));

function renderCard() {
  render(
    <MemoryRouter>
      <SuggestedUsersCard unit={unit()} />
    </MemoryRouter>,
  );
}

beforeEach(() => setMember());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetSuggestions();
  resetToastState();
  resetProfiles();
  resetPostFeeds();
  resetRelationships();
});

describe('Dismiss on the feed suggestions card', () => {
  it('removes the card at once and tells the server (aysf_dismiss with target_id)', async () => {
    const answer = deferred();
    const fetch = stubFetch(() => answer.promise);
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss mira' }));
    // Optimistic: gone before the server answers.
    expect(screen.queryByRole('link', { name: 'mira' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'otto' })).toBeInTheDocument();
    // The focus goes on to the × of the suggestion in its place, not to the page.
    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Dismiss otto' })).toHaveFocus(),
    );
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/web/discover/aysf_dismiss/');
    expect(init.method).toBe('POST');
    expect(bodyOf(init).get('target_id')).toBe('77');
    await act(async () => answer.release(jsonResponse({ status: 'ok' })));
    expect(screen.queryByRole('link', { name: 'mira' })).not.toBeInTheDocument();
    expect(toastState.current).toBeNull();
  });

  it('puts the card back with an error toast when the server refuses', async () => {
    const answer = deferred();
    stubFetch(() => answer.promise);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss mira' }));
    expect(screen.queryByRole('link', { name: 'mira' })).not.toBeInTheDocument();
    await act(async () =>
      answer.release(jsonResponse({ status: 'fail', message: 'Please log in.' }, 403)),
    );
    expect(await screen.findByRole('link', { name: 'mira' })).toBeInTheDocument();
    expect(toastState.current?.text).toBe("Couldn't dismiss mira. Please try again.");
    expect(warn).toHaveBeenCalled();
  });

  it('hides the whole card once every suggestion is dismissed', async () => {
    stubFetch(() => jsonResponse({ status: 'ok' }));
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss mira' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss otto' }));
    expect(screen.queryByRole('heading', { name: 'Suggestions for you' })).not.toBeInTheDocument();
  });
});

describe('Dismiss on Discover People', () => {
  it('drops the row optimistically and restores it on a network failure', async () => {
    const dismissAnswer = deferred();
    stubFetch((url) => {
      if (url.startsWith('/graphql/query/')) {
        return jsonResponse({ status: 'ok', data: { user: unit() } });
      }
      return dismissAnswer.promise;
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <MemoryRouter>
        <DiscoverPeoplePage />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss otto' }));
    expect(screen.queryByRole('link', { name: 'otto' })).not.toBeInTheDocument();
    await act(async () =>
      dismissAnswer.release(jsonResponse({ status: 'fail', message: 'x' }, 500)),
    );
    expect(await screen.findByRole('link', { name: 'otto' })).toBeInTheDocument();
    expect(toastState.current?.text).toBe("Couldn't dismiss otto. Please try again.");
  });
});

describe('Profile chaining after Follow', () => {
  const nora: WireProfile = {
    id: '42',
    username: 'nora',
    full_name: 'Nora Berg',
    biography: '',
    external_url: '',
    profile_pic_url: '',
    profile_pic_url_hd: '',
    has_profile_pic: false,
    is_verified: false,
    is_private: false,
    is_business: false,
    edge_followed_by: { count: 3 },
    edge_follow: { count: 2 },
    edge_owner_to_timeline_media: { count: 0 },
    followed_by_viewer: false,
    requested_by_viewer: false,
    follows_viewer: false,
    blocked_by_viewer: false,
    has_blocked_viewer: false,
    is_viewer: false,
  };
  const chained = [suggested('51', 'lena'), suggested('52', 'kai')];
  const emptyTimeline = {
    user: {
      id: '42',
      edge_owner_to_timeline_media: {
        count: 0,
        page_info: { has_next_page: false, end_cursor: null },
        edges: [],
      },
    },
  };

  function serve(
    chaining: FetchHandler,
    dismiss: FetchHandler = () => jsonResponse({ status: 'ok' }),
  ) {
    return stubFetch((url, init) => {
      if (url.startsWith('/api/v1/users/web_profile_info/')) {
        return jsonResponse({ status: 'ok', data: { user: nora } });
      }
      if (url.startsWith('/web/friendships/42/follow/')) {
        return jsonResponse({ status: 'ok', result: 'following' });
      }
      if (url.startsWith('/graphql/query/') && url.includes('17845312237175864')) {
        return chaining(url, init);
      }
      if (url.startsWith('/graphql/query/'))
        return jsonResponse({ status: 'ok', data: emptyTimeline });
      if (url.startsWith('/web/discover/chaining_dismiss/')) return dismiss(url, init);
      return jsonResponse({ status: 'fail', message: 'unexpected' }, 500);
    });
  }

  function renderProfile() {
    render(
      <MemoryRouter initialEntries={['/nora/']}>
        <Routes>
          <Route path=":username" element={<ProfilePage />} />
        </Routes>
      </MemoryRouter>,
    );
  }

  it('shows nothing before Follow, then "Suggested for you" with Follow and Dismiss', async () => {
    const dismissAnswer = deferred();
    const fetch = serve(
      () =>
        jsonResponse({
          status: 'ok',
          data: { user: { id: '42', edge_chaining: { edges: chained.map((node) => ({ node })) } } },
        }),
      () => dismissAnswer.promise,
    );
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    const section = await screen.findByRole('region', { name: 'Suggested for you' });
    expect(await within(section).findByRole('link', { name: 'lena' })).toBeInTheDocument();
    expect(within(section).getAllByRole('button', { name: 'Follow' })).toHaveLength(2);
    const chainingCall = fetch.mock.calls.find(([url]) => url.includes('17845312237175864'));
    expect(decodeURIComponent(String(chainingCall?.[0]))).toContain('{"id":"42"}');

    await userEvent.click(within(section).getByRole('button', { name: 'Dismiss lena' }));
    expect(within(section).queryByRole('link', { name: 'lena' })).not.toBeInTheDocument();
    const [, init] = fetch.mock.calls.find(([url]) =>
      url.startsWith('/web/discover/chaining_dismiss/'),
    )!;
    expect(Object.fromEntries(bodyOf(init))).toEqual({ target_id: '51', chaining_user_id: '42' });
    await act(async () => dismissAnswer.release(jsonResponse({ status: 'ok' })));
    expect(within(section).queryByRole('link', { name: 'lena' })).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'kai' })).toBeInTheDocument();
  });

  it('restores a chaining card whose dismissal fails', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve(
      () =>
        jsonResponse({
          status: 'ok',
          data: { user: { id: '42', edge_chaining: { edges: chained.map((node) => ({ node })) } } },
        }),
      () => jsonResponse({ status: 'fail', message: 'User not found.' }, 404),
    );
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Dismiss kai' }));
    expect(await screen.findByRole('link', { name: 'kai' })).toBeInTheDocument();
    expect(toastState.current?.text).toBe("Couldn't dismiss kai. Please try again.");
  });

  it('logs a chaining failure and shows a quiet message', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve(() => jsonResponse({ status: 'fail', message: 'Query not available.' }, 400));
    renderProfile();
    await userEvent.click(await screen.findByRole('button', { name: 'Follow' }));
    expect(await screen.findByText("Suggestions aren't available right now.")).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('Profile chaining failed to load.', expect.anything());
  });
});
