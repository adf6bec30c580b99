import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '../../../src/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ExplorePage from '../../../src/features/explore/ExplorePage';
import { featureSide, postModalPath } from '../../../src/features/explore/ExploreGrid';
import HashtagPage from '../../../src/features/explore/HashtagPage';
import LocationLevelPage from '../../../src/features/locations/LocationLevelPage';
import LocationPage from '../../../src/features/locations/LocationPage';
import LocationsDirectoryPage from '../../../src/features/locations/LocationsDirectoryPage';
import { formatCoordinates } from '../../../src/features/locations/MapCard';
import { ACKNOWLEDGED_ADVISORIES_STORAGE_KEY, resetExplore } from '../../../src/state/explore';
import { resetLocations } from '../../../src/state/locations';
import { resetPostFeeds } from '../../../src/state/postFeeds';
import { resetToastState } from '../../../src/state/toast';
import { jsonResponse, networkFailure, stubFetch } from '../api/fetchMock';
import { setMember } from '../app/session';
import { connection, post, range } from './fixtures';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="explore" element={<ExplorePage />} />
        <Route path="explore/tags/:tag" element={<HashtagPage />} />
        <Route path="explore/locations" element={<LocationsDirectoryPage />} />
        <Route path="explore/locations/:directoryId" element={<LocationLevelPage />} />
        <Route path="explore/locations/:locationId/:slug" element={<LocationPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const photos = (list: string) =>
  within(screen.getByRole('list', { name: list })).getAllByRole('link');

beforeEach(() => setMember());
afterEach(() => {
  vi.unstubAllGlobals();
  resetPostFeeds();
  resetExplore();
  resetLocations();
  resetToastState();
});

describe('grid helpers', () => {
  it('builds the post modal links of each page kind', () => {
    expect(postModalPath('abc', { explore: true })).toBe('/p/abc/?explore=1');
    expect(postModalPath('abc', { tagged: 'sunset' })).toBe('/p/abc/?tagged=sunset');
    expect(postModalPath('abc', { takenAt: '31' })).toBe('/p/abc/?taken-at=31');
  });

  it('draws one 2×2 tile per block of nine, alternating sides', () => {
    expect([0, 1, 8, 9, 18].map(featureSide)).toEqual(['left', null, null, 'right', 'left']);
  });

  it('writes coordinates with hemispheres', () => {
    expect(formatCoordinates(38.6916, -9.216)).toBe('38.6916° N, 9.2160° W');
    expect(formatCoordinates(-33.8568, 151.2153)).toBe('33.8568° S, 151.2153° E');
  });
});

describe('ExplorePage', () => {
  it('shows the discover grid whose posts open in the explore modal', async () => {
    stubFetch(() =>
      jsonResponse({
        status: 'ok',
        data: {
          user: { edge_web_discover_media: { ...connection(range(1, 24)), rank_token: 'r' } },
        },
      }),
    );
    renderAt('/explore/');
    expect(await screen.findByRole('list', { name: 'Explore posts' })).toBeInTheDocument();
    const links = photos('Explore posts');
    expect(links).toHaveLength(24);
    expect(links[0]).toHaveAttribute('href', '/p/1/?explore=1');
    expect(links[0]).toHaveAccessibleName('Photo by Nora Berg: caption 1');
  });

  it('offers Retry when the first page fails, and loads on retry', async () => {
    stubFetch(networkFailure, networkFailure, () =>
      jsonResponse({
        status: 'ok',
        data: { user: { edge_web_discover_media: { ...connection(['1']), rank_token: 'r' } } },
      }),
    );
    renderAt('/explore/');
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Explore posts' })).toBeInTheDocument();
  });
});

describe('HashtagPage', () => {
  it('shows the header, the top posts and the most recent posts', async () => {
    stubFetch(() =>
      jsonResponse({
        status: 'ok',
        data: {
          hashtag: {
            name: 'sunset',
            is_top_media_only: false,
            content_advisory: null,
            edge_hashtag_to_media: connection(['5', '6'], null, 12345),
            edge_hashtag_to_top_posts: { edges: range(1, 9).map((id) => ({ node: post(id) })) },
          },
        },
      }),
    );
    renderAt('/explore/tags/Sunset/');
    expect(await screen.findByRole('heading', { level: 1, name: '#sunset' })).toBeInTheDocument();
    expect(screen.getByText('12.3k')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Top posts' })).toBeInTheDocument();
    expect(photos('Top posts')).toHaveLength(9);
    expect(photos('Most recent posts')[0]).toHaveAttribute('href', '/p/5/?tagged=sunset');
  });

  const ADVISORY = {
    title: 'Take care out there',
    description: 'Posts with this hashtag may show risky outdoor stunts.',
    learn_more_url: 'https://example.org/outdoor-safety',
  };
  const hashtagBody = (fields: Record<string, unknown>) => ({
    status: 'ok',
    data: {
      hashtag: {
        name: 'outdoors',
        is_top_media_only: false,
        content_advisory: null,
        edge_hashtag_to_media: connection(['5', '6'], null, 40),
        edge_hashtag_to_top_posts: { edges: range(1, 3).map((id) => ({ node: post(id) })) },
        ...fields,
      },
    },
  });

  it('shows a content advisory in place of the posts until "Show posts"', async () => {
    stubFetch(() => jsonResponse(hashtagBody({ content_advisory: ADVISORY })));
    renderAt('/explore/tags/outdoors/');
    const advisory = await screen.findByRole('region', { name: 'Take care out there' });
    expect(advisory).toHaveAccessibleDescription(
      'Posts with this hashtag may show risky outdoor stunts.',
    );
    expect(screen.getByRole('heading', { level: 1, name: '#outdoors' })).toBeInTheDocument();
    expect(screen.getByText('40')).toBeInTheDocument();
    const learnMore = within(advisory).getByRole('link', { name: /^Learn more/ });
    expect(learnMore).toHaveAttribute('href', 'https://example.org/outdoor-safety');
    expect(learnMore).toHaveAttribute('target', '_blank');
    expect(learnMore).toHaveAttribute('rel', expect.stringContaining('noopener'));
    // Nothing of the posts shows behind it, not even the header's cover picture.
    expect(screen.queryByRole('list', { name: 'Top posts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Most recent posts' })).not.toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();

    await userEvent.click(within(advisory).getByRole('button', { name: 'Show posts' }));
    expect(screen.queryByRole('region', { name: 'Take care out there' })).not.toBeInTheDocument();
    expect(photos('Top posts')).toHaveLength(3);
    expect(photos('Most recent posts')[0]).toHaveAttribute('href', '/p/5/?tagged=outdoors');
    expect(JSON.parse(sessionStorage.getItem(ACKNOWLEDGED_ADVISORIES_STORAGE_KEY)!)).toEqual([
      'outdoors',
    ]);
  });

  it('remembers "Show posts" for the session: the tag opens on its posts next time', async () => {
    stubFetch(() => jsonResponse(hashtagBody({ content_advisory: ADVISORY })));
    sessionStorage.setItem(ACKNOWLEDGED_ADVISORIES_STORAGE_KEY, JSON.stringify(['outdoors']));
    renderAt('/explore/tags/Outdoors/');
    expect(await screen.findByRole('list', { name: 'Most recent posts' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show posts' })).not.toBeInTheDocument();
  });

  it('offers "Learn more" only for a safe http(s) URL', async () => {
    stubFetch(() =>
      jsonResponse(
        hashtagBody({ content_advisory: { ...ADVISORY, learn_more_url: 'javascript:alert(1)' } }),
      ),
    );
    renderAt('/explore/tags/outdoors/');
    const advisory = await screen.findByRole('region', { name: 'Take care out there' });
    expect(within(advisory).getByRole('button', { name: 'Show posts' })).toBeInTheDocument();
    expect(within(advisory).queryByRole('link')).not.toBeInTheDocument();
  });

  it('a top-media-only tag shows its top posts and a note, and never pages the recent ones', async () => {
    const fetch = stubFetch(() =>
      jsonResponse(
        hashtagBody({
          name: 'summervibes',
          is_top_media_only: true,
          // Even if a server sent recent posts and a next page, the client would not show them.
          edge_hashtag_to_media: connection(['5', '6'], 'c1', 40),
        }),
      ),
    );
    renderAt('/explore/tags/summervibes/');
    expect(await screen.findByRole('list', { name: 'Top posts' })).toBeInTheDocument();
    expect(photos('Top posts')).toHaveLength(3);
    expect(screen.getByRole('note')).toHaveTextContent(
      'Recent posts for #summervibes are hidden. Only its top posts are shown.',
    );
    expect(screen.getByText('40')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Most recent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Most recent posts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more posts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No posts yet' })).not.toBeInTheDocument();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a top-media-only tag with an advisory shows the advisory first, then the top posts', async () => {
    stubFetch(() =>
      jsonResponse(hashtagBody({ is_top_media_only: true, content_advisory: ADVISORY })),
    );
    renderAt('/explore/tags/outdoors/');
    await userEvent.click(await screen.findByRole('button', { name: 'Show posts' }));
    expect(photos('Top posts')).toHaveLength(3);
    expect(screen.getByRole('note')).toHaveTextContent('Recent posts for #outdoors are hidden.');
  });

  it('an unused tag shows an empty state', async () => {
    stubFetch(() => jsonResponse({ status: 'fail', message: 'Hashtag not found.' }, 404));
    renderAt('/explore/tags/nothing/');
    expect(await screen.findByRole('heading', { name: 'No posts yet' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Top posts' })).not.toBeInTheDocument();
  });
});

describe('locations directory and location page', () => {
  it('lists countries with "See more", linking each to its cities', async () => {
    stubFetch(
      () =>
        jsonResponse({
          country_list: [{ id: 'PT', name: 'Portugal', slug: 'portugal' }],
          next_page: 2,
        }),
      () =>
        jsonResponse({
          country_list: [{ id: 'JP', name: 'Japan', slug: 'japan' }],
          next_page: null,
        }),
    );
    renderAt('/explore/locations/');
    expect(await screen.findByRole('link', { name: 'Portugal' })).toHaveAttribute(
      'href',
      '/explore/locations/PT/',
    );
    await userEvent.click(screen.getByRole('button', { name: 'See more' }));
    expect(await screen.findByRole('link', { name: 'Japan' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Portugal' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'See more' })).not.toBeInTheDocument();
  });

  it("a country lists its cities; a city lists its places' pages", async () => {
    stubFetch((url) =>
      url.includes('/PT/')
        ? jsonResponse({
            country_info: { id: 'PT', name: 'Portugal', slug: 'portugal' },
            city_list: [{ id: 'c1', name: 'Lisbon', slug: 'lisbon' }],
            next_page: null,
          })
        : jsonResponse({
            country_info: { id: 'PT', name: 'Portugal', slug: 'portugal' },
            city_info: { id: 'c1', name: 'Lisbon', slug: 'lisbon' },
            location_list: [{ id: '31', name: 'Belém Tower', slug: 'belem-tower' }],
            next_page: null,
          }),
    );
    renderAt('/explore/locations/PT/');
    expect(await screen.findByRole('heading', { name: 'Cities in Portugal' })).toBeInTheDocument();
    // The tab is named as the heading.
    expect(document.title).toMatch(/^Cities in Portugal • /);
    await userEvent.click(screen.getByRole('link', { name: 'Lisbon' }));
    expect(
      await screen.findByRole('heading', { name: 'Places in Lisbon, Portugal' }),
    ).toBeInTheDocument();
    expect(document.title).toMatch(/^Places in Lisbon, Portugal • /);
    expect(screen.getByRole('link', { name: 'Belém Tower' })).toHaveAttribute(
      'href',
      '/explore/locations/31/belem-tower/',
    );
  });

  it('a location id opens the location page with its map card and posts', async () => {
    stubFetch(() =>
      jsonResponse({
        status: 'ok',
        data: {
          location: {
            id: '31',
            name: 'Belém Tower',
            slug: 'belem-tower',
            lat: 38.6916,
            lng: -9.216,
            address: 'Av. Brasília',
            edge_location_to_media: connection(['1', '2']),
            edge_location_to_top_posts: { edges: [{ node: post('1') }] },
          },
        },
      }),
    );
    renderAt('/explore/locations/31/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Belém Tower' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Map pin for Belém Tower' })).toBeInTheDocument();
    expect(screen.getByText('38.6916° N, 9.2160° W')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Most recent posts' })).toBeInTheDocument();
    expect(photos('Most recent posts')[0]).toHaveAttribute('href', '/p/1/?taken-at=31');
  });

  it('an unknown location says so', async () => {
    stubFetch(() => jsonResponse({ status: 'fail', message: 'Location not found.' }, 404));
    renderAt('/explore/locations/999/gone/');
    expect(await screen.findByRole('heading', { name: 'Location not found' })).toBeInTheDocument();
  });
});
