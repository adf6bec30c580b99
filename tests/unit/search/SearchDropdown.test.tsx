import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TopSearchResponse } from '../../../src/api/search';
import { SearchBox } from '../../../src/app/nav/SearchBox';
import SearchPage from '../../../src/features/search/SearchPage';
import { resetSearch } from '../../../src/state/search';
import { setSearchQuery } from '../../../src/state/ui';
import { jsonResponse, networkFailure, stubFetch } from '../api/fetchMock';
import { LocationDisplay } from '../app/session';

const answer = (over: Partial<TopSearchResponse> = {}): TopSearchResponse => ({
  users: [
    {
      user: {
        pk: '7',
        username: 'ana.sol',
        full_name: 'Ana Sol',
        is_verified: true,
        profile_pic_url: '/a/7.jpg',
      },
      position: 0,
    },
    {
      user: {
        pk: '8',
        username: 'joana',
        full_name: 'Joana Reis',
        is_verified: false,
        profile_pic_url: '/a/8.jpg',
      },
      position: 1,
    },
  ],
  hashtags: [{ hashtag: { name: 'Sunset', media_count: 12345 }, position: 2 }],
  places: [
    {
      place: {
        location: { pk: '31', name: 'Belém Tower' },
        slug: 'belem-tower',
        subtitle: 'Av. Brasília, Lisbon',
        title: 'Belém Tower',
      },
      position: 3,
    },
  ],
  rank_token: 'rt',
  status: 'ok',
  ...over,
});

function renderSearch(element: React.ReactNode = <SearchBox />, path = '/explore/search/') {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            {element}
            <LocationDisplay />
          </>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const box = () => screen.getByRole('combobox', { name: 'Search' });

/** Every search waits until `answerNow()`, then gets answer(). */
function heldAnswers() {
  let answerNow!: () => void;
  const answered = new Promise<void>((resolve) => (answerNow = resolve));
  const fetch = stubFetch(() => answered.then(() => jsonResponse(answer())));
  return { fetch, answerNow };
}
const location = () => screen.getByTestId('location');

beforeEach(() => {
  act(() => {
    setSearchQuery('');
    resetSearch();
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('the search dropdown', () => {
  it('lists people, hashtags and places with their details and links', async () => {
    const fetch = stubFetch(() => jsonResponse(answer()));
    renderSearch();
    await userEvent.type(box(), 'a');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(4);
    expect(within(options[0]).getByText('ana.sol')).toBeInTheDocument();
    expect(within(options[0]).getByText('Ana Sol')).toBeInTheDocument();
    expect(within(options[0]).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(within(options[1]).queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();
    expect(within(options[2]).getByText('#Sunset')).toBeInTheDocument();
    expect(within(options[2]).getByText('12.3k posts')).toBeInTheDocument();
    expect(within(options[3]).getByText('Av. Brasília, Lisbon')).toBeInTheDocument();
    // Each option is the result's link itself.
    const hrefs = options.map((o) => o.getAttribute('href'));
    expect(hrefs).toEqual([
      '/ana.sol/',
      '/joana/',
      '/explore/tags/sunset/',
      '/explore/locations/31/belem-tower/',
    ]);
    const url = new URL(String(fetch.mock.calls[0][0]), 'http://x');
    expect(url.pathname).toBe('/web/search/topsearch/');
    expect(url.searchParams.get('context')).toBe('blended');
    expect(url.searchParams.get('query')).toBe('a');
  });

  it('moves with the arrow keys and opens the selected result with Enter', async () => {
    stubFetch(() => jsonResponse(answer()));
    renderSearch();
    await userEvent.type(box(), 'a');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const selected = screen.getByRole('option', { selected: true });
    expect(selected).toHaveTextContent('joana');
    expect(box()).toHaveAttribute('aria-activedescendant', selected.id);
    // A combobox that says its list is open and which list it is.
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    await userEvent.keyboard('{Enter}');
    expect(location()).toHaveTextContent('/joana/');
    // Opening a result empties the box and closes the list.
    expect(box()).toHaveValue('');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('Enter with nothing selected opens the first result', async () => {
    stubFetch(() => jsonResponse(answer()));
    renderSearch();
    await userEvent.type(box(), 'a');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Enter}');
    expect(location()).toHaveTextContent('/ana.sol/');
  });

  it('Enter pressed before the answer arrives opens the first result when it does', async () => {
    const { fetch, answerNow } = heldAnswers();
    renderSearch();
    await userEvent.type(box(), 'ana{Enter}');
    expect(location()).toHaveTextContent('/explore/search/');
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    act(() => answerNow());
    await vi.waitFor(() => expect(location()).toHaveTextContent('/ana.sol/'));
    expect(box()).toHaveValue('');
  });

  it('typing after an early Enter cancels it', async () => {
    const { fetch, answerNow } = heldAnswers();
    renderSearch();
    await userEvent.type(box(), 'an{Enter}a');
    await vi.waitFor(() =>
      expect(
        fetch.mock.calls.map(([url]) => new URL(url, 'http://x').searchParams.get('query')),
      ).toContain('ana'),
    );
    act(() => answerNow());
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/explore/search/');
  });

  it("says 'No results found.' when a real query matches nothing", async () => {
    stubFetch(() => jsonResponse(answer({ users: [], hashtags: [], places: [] })));
    renderSearch();
    await userEvent.type(box(), 'z');
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
  });

  it("does nothing for '#' or '@'", async () => {
    const fetch = stubFetch(() => jsonResponse(answer()));
    renderSearch();
    await userEvent.type(box(), '#');
    await userEvent.clear(box());
    await userEvent.type(box(), '@');
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByText('No results found.')).not.toBeInTheDocument();
  });

  it('a failed search stops loading and says so, not showing an earlier text’s results', async () => {
    let offline = false;
    stubFetch((...args) => (offline ? networkFailure(...args) : jsonResponse(answer())));
    renderSearch();
    await userEvent.type(box(), 'a');
    expect(await screen.findByRole('option', { name: /ana\.sol/ })).toBeInTheDocument();
    offline = true;
    await userEvent.type(box(), 'z');
    expect(
      await screen.findByText("Couldn't search. Check your connection and try again."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(screen.queryByText('No results found.')).not.toBeInTheDocument();
    // Enter opens nothing (no result answers "az"); Try again searches again and shows its answer.
    await userEvent.keyboard('{Enter}');
    expect(location()).toHaveTextContent('/explore/search/');
    offline = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('option', { name: /ana\.sol/ })).toBeInTheDocument();
    expect(box()).toHaveFocus();
  });

  it('takes at most the 200 characters the server searches', () => {
    renderSearch();
    expect(box()).toHaveAttribute('maxLength', '200');
  });

  it('Escape closes the list until the next keystroke', async () => {
    stubFetch(() => jsonResponse(answer()));
    renderSearch();
    await userEvent.type(box(), 'a');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    // The box keeps the focus and the words (a combobox's Escape closes its list only).
    expect(box()).toHaveFocus();
    expect(box()).toHaveValue('a');
    await userEvent.type(box(), 'n');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
  });
});

describe('/explore/search/ on mobile', () => {
  it('emptying the box returns to /explore/, whose box takes the focus to type on', async () => {
    stubFetch(() => jsonResponse(answer()));
    // Each page has its own box, as /explore/ and /explore/search/ do on a phone.
    const router = createMemoryRouter(
      [
        { path: '/explore/search/', element: <SearchPage /> },
        { path: '/explore/', element: <SearchBox dropdown={false} /> },
      ],
      { initialEntries: ['/explore/search/'] },
    );
    render(<RouterProvider router={router} />);
    await userEvent.type(box(), 'a');
    await userEvent.keyboard('{Backspace}');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/explore/'));
    expect(box()).toHaveFocus();
    await userEvent.keyboard('b');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/explore/search/'));
    expect(box()).toHaveFocus();
    expect(box()).toHaveValue('b');
  });

  it('shows the search input and the results as a full-page list', async () => {
    stubFetch(() => jsonResponse(answer()));
    renderSearch(<SearchPage />);
    await userEvent.type(box(), 'a');
    const list = await screen.findByRole('listbox', { name: 'Search results' });
    expect(within(list).getAllByRole('option')).toHaveLength(4);
    expect(within(list).getAllByRole('option')[0]).toHaveAttribute('href', '/ana.sol/');
  });
});
