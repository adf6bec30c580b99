import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import SearchPage from '../../../src/features/search/SearchPage';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router';
import {
  RECENT_SEARCHES_MAX,
  recentSearchesState,
  rememberSearch,
} from '../../../src/state/recentSearches';
import { resetSearch, type SearchItem } from '../../../src/state/search';
import { setSearchQuery } from '../../../src/state/ui';
import { jsonResponse, stubFetch } from '../api/fetchMock';
import { LocationDisplay, setMember, setVisitor, viewerFixture } from '../app/session';

const ana: SearchItem = {
  kind: 'user',
  key: 'user:7',
  path: '/ana.sol/',
  username: 'ana.sol',
  fullName: 'Ana Sol',
  profilePictureUrl: '',
  isVerified: false,
};
const sunset: SearchItem = {
  kind: 'hashtag',
  key: 'hashtag:sunset',
  path: '/explore/tags/sunset/',
  name: 'sunset',
  mediaCount: 12,
};

function renderPage() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <SearchPage />
            <LocationDisplay />
          </>
        ),
      },
    ],
    { initialEntries: ['/explore/search/'] },
  );
  render(<RouterProvider router={router} />);
}

/** The Recent list the phone layout shows (the desktop one is the same component). */
const recent = () => screen.getAllByRole('region', { name: 'Recent' })[0];

beforeEach(() => {
  window.localStorage.clear();
  recentSearchesState.memberId = null;
  recentSearchesState.items = [];
  setMember();
  act(() => {
    setSearchQuery('');
    resetSearch();
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setVisitor();
});

describe('recent searches', () => {
  it('lists what the member opened, newest first, once each, at most 20', () => {
    rememberSearch(viewerFixture.id, sunset);
    rememberSearch(viewerFixture.id, ana);
    rememberSearch(viewerFixture.id, sunset);
    expect(recentSearchesState.items.map((i) => i.key)).toEqual(['hashtag:sunset', 'user:7']);
    for (let i = 0; i < 30; i++) rememberSearch(viewerFixture.id, { ...ana, key: `user:${i}` });
    expect(recentSearchesState.items).toHaveLength(RECENT_SEARCHES_MAX);
    // Kept per member on this device: another member starts empty.
    expect(window.localStorage.getItem('glint:recent-searches:999')).toBeNull();
  });

  it('shows them while the box is empty; × forgets one, Clear all the rest', async () => {
    rememberSearch(viewerFixture.id, ana);
    rememberSearch(viewerFixture.id, sunset);
    renderPage();
    const list = recent();
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/explore/tags/sunset/', '/ana.sol/']);
    await userEvent.click(
      within(list).getByRole('button', { name: 'Remove #sunset from recent searches' }),
    );
    expect(within(list).getAllByRole('link')).toHaveLength(1);
    await waitFor(() => expect(list).toHaveFocus());
    await userEvent.click(within(list).getByRole('button', { name: 'Clear all' }));
    expect(within(recent()).getByText(/No recent searches/)).toBeInTheDocument();
    expect(window.localStorage.getItem(`glint:recent-searches:${viewerFixture.id}`)).toBe('[]');
  });

  it('a result opened from search is remembered', async () => {
    stubFetch(() =>
      jsonResponse({
        users: [
          {
            user: {
              pk: '7',
              username: 'ana.sol',
              full_name: 'Ana Sol',
              is_verified: false,
              profile_pic_url: '',
            },
            position: 0,
          },
        ],
        hashtags: [],
        places: [],
        rank_token: 'rt',
        status: 'ok',
      }),
    );
    renderPage();
    const box = screen.getAllByRole('combobox', { name: 'Search' })[0];
    await userEvent.type(box, 'ana');
    await userEvent.click(await screen.findByRole('option', { name: /ana\.sol/ }));
    expect(screen.getByTestId('location')).toHaveTextContent('/ana.sol/');
    expect(recentSearchesState.items.map((i) => i.key)).toEqual(['user:7']);
  });
});
