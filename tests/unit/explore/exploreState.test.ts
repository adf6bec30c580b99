import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DISCOVER_FEED_KEY,
  exploreState,
  hashtagFeedKey,
  loadDiscover,
  loadHashtag,
  resetExplore,
} from '../../../src/state/explore';
import {
  directoryKey,
  emptyLevel,
  levelLoadFailed,
  levelPageLoaded,
  loadDirectoryLevel,
  loadLocation,
  locationFeedKey,
  locationsState,
  resetLocations,
} from '../../../src/state/locations';
import { postFeedsState, resetPostFeeds } from '../../../src/state/postFeeds';
import { resetToastState } from '../../../src/state/toast';
import { jsonResponse, networkFailure, stubFetch } from '../api/fetchMock';
import { connection, graphVariables, post, range } from './fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  resetPostFeeds();
  resetExplore();
  resetLocations();
  resetToastState();
});

const discoverBody = (ids: string[], next: string | null, rank = 'server-rank') => ({
  status: 'ok',
  data: { user: { edge_web_discover_media: { ...connection(ids, next, 100), rank_token: rank } } },
});

describe('discover', () => {
  it('pages 24 at a time and keeps one rank token across pages', async () => {
    const fetch = stubFetch(
      () => jsonResponse(discoverBody(range(1, 24), 'c1')),
      () => jsonResponse(discoverBody(range(25, 48), null)),
    );
    const initialToken = exploreState.discoverRankToken;
    await loadDiscover();
    await loadDiscover(true);
    const feed = postFeedsState.feeds[DISCOVER_FEED_KEY];
    expect(feed.items).toHaveLength(48);
    expect(feed.hasNextPage).toBe(false);
    const [first, second] = fetch.mock.calls.map(([url]) => graphVariables(String(url)));
    expect(first).toMatchObject({ first: 24, after: null, rank_token: initialToken });
    expect(second).toMatchObject({ first: 24, after: 'c1', rank_token: 'server-rank' });
  });

  it('a failed next page keeps the grid; a failed first load marks fetchFailed', async () => {
    stubFetch(() => jsonResponse(discoverBody(range(1, 24), 'c1')), networkFailure);
    await loadDiscover();
    await loadDiscover(true);
    const feed = postFeedsState.feeds[DISCOVER_FEED_KEY];
    expect(feed.items).toHaveLength(24);
    expect(feed.failed).toBe(true);
    resetPostFeeds();
    await loadDiscover();
    expect(postFeedsState.feeds[DISCOVER_FEED_KEY]).toMatchObject({ items: [], failed: true });
  });
});

describe('hashtag feed', () => {
  it('keeps the header and top posts from the first page; the tag is lowercased', async () => {
    const fetch = stubFetch(() =>
      jsonResponse({
        status: 'ok',
        data: {
          hashtag: {
            name: 'sunset',
            is_top_media_only: false,
            edge_hashtag_to_media: connection(range(1, 12), 'n1', 40),
            edge_hashtag_to_top_posts: { edges: [{ node: post('t1') }] },
          },
        },
      }),
    );
    await loadHashtag('Sunset');
    expect(graphVariables(String(fetch.mock.calls[0][0]))).toMatchObject({
      tag_name: 'sunset',
      first: 12,
    });
    expect(exploreState.hashtags.sunset).toMatchObject({ mediaCount: 40, missing: false });
    expect(exploreState.hashtags.sunset.topPosts.map((p) => p.id)).toEqual(['t1']);
    expect(postFeedsState.feeds[hashtagFeedKey('sunset')].items).toHaveLength(12);
  });

  it('a tag nobody used is an empty feed, not an error', async () => {
    stubFetch(() => jsonResponse({ status: 'fail', message: 'Hashtag not found.' }, 404));
    await loadHashtag('nothing');
    expect(exploreState.hashtags.nothing).toMatchObject({ mediaCount: 0, missing: true });
    expect(postFeedsState.feeds[hashtagFeedKey('nothing')]).toMatchObject({
      items: [],
      loaded: true,
      failed: false,
    });
  });
});

describe('location feed', () => {
  it('keeps the header (name, coordinates) and top posts of the first page', async () => {
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
    await loadLocation('31');
    expect(locationsState.locations['31']).toMatchObject({
      name: 'Belém Tower',
      lat: 38.6916,
      lng: -9.216,
      missing: false,
    });
    expect(postFeedsState.feeds[locationFeedKey('31')].items).toHaveLength(2);
  });
});

describe('locations directory', () => {
  const countries = (ids: string[], next: number | null) => ({
    country_list: ids.map((id) => ({ id, name: `Country ${id}`, slug: id.toLowerCase() })),
    next_page: next,
  });

  it('appends "See more" pages without duplicates and stops at the last', () => {
    const first = levelPageLoaded(emptyLevel(), countries(['PT', 'JP'], 2), false);
    expect(first.nextPage).toBe(2);
    const more = levelPageLoaded(first, countries(['JP', 'US'], null), true);
    expect(more.entries.map((e) => e.id)).toEqual(['PT', 'JP', 'US']);
    expect(more.nextPage).toBeNull();
  });

  it('a failure keeps what was loaded; with nothing loaded it starts over', () => {
    const loaded = levelPageLoaded(emptyLevel(), countries(['PT'], 2), false);
    expect(levelLoadFailed({ ...loaded, isFetching: true })).toMatchObject({
      entries: [{ id: 'PT' }],
      nextPage: 2,
      failed: true,
      isFetching: false,
    });
    expect(levelLoadFailed(emptyLevel())).toMatchObject({ entries: [], failed: true });
    expect(levelLoadFailed(emptyLevel(), true)).toMatchObject({ missing: true, failed: false });
  });

  it('posts the page number to the level path; country codes are one key', async () => {
    const fetch = stubFetch(
      () =>
        jsonResponse({
          country_info: { id: 'PT', name: 'Portugal', slug: 'portugal' },
          city_list: [{ id: 'c1', name: 'Lisbon', slug: 'lisbon' }],
          next_page: 2,
        }),
      () =>
        jsonResponse({
          country_info: { id: 'PT', name: 'Portugal', slug: 'portugal' },
          city_list: [{ id: 'c2', name: 'Porto', slug: 'porto' }],
          next_page: null,
        }),
    );
    await loadDirectoryLevel('pt');
    await loadDirectoryLevel('PT', true);
    expect(directoryKey('pt')).toBe('PT');
    const level = locationsState.levels.PT;
    expect(level.entries.map((e) => e.name)).toEqual(['Lisbon', 'Porto']);
    expect(level.country?.name).toBe('Portugal');
    const [url, init] = fetch.mock.calls[1];
    expect(url).toBe('/explore/locations/PT/');
    expect(init.method).toBe('POST');
    expect(String(init.body)).toBe('page=2');
  });

  it('an unknown id is marked missing', async () => {
    stubFetch(() => jsonResponse({ status: 'fail', message: 'Not in the directory.' }, 404));
    await loadDirectoryLevel('c999');
    expect(locationsState.levels.c999).toMatchObject({ missing: true, loaded: false });
  });
});
