import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ACKNOWLEDGED_ADVISORIES_STORAGE_KEY,
  DISCOVER_FEED_KEY,
  acknowledgeHashtagAdvisory,
  exploreState,
  hashtagFeedKey,
  loadDiscover,
  loadHashtag,
  resetExplore,
  safeLearnMoreUrl,
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
            content_advisory: null,
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
    expect(exploreState.hashtags.sunset).toMatchObject({
      mediaCount: 40,
      isTopMediaOnly: false,
      contentAdvisory: null,
      missing: false,
    });
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

describe('hashtag moderation', () => {
  const body = (fields: Record<string, unknown>) => ({
    status: 'ok',
    data: {
      hashtag: {
        name: 'outdoors',
        is_top_media_only: false,
        content_advisory: null,
        edge_hashtag_to_media: connection(range(1, 12), 'n1', 40),
        edge_hashtag_to_top_posts: { edges: [{ node: post('t1') }] },
        ...fields,
      },
    },
  });
  const advisory = {
    title: 'Take care',
    description: 'Risky stunts.',
    learn_more_url: 'https://example.org/safety',
  };

  it('keeps the advisory unacknowledged until "Show posts", then for the session', async () => {
    stubFetch(() => jsonResponse(body({ content_advisory: advisory })));
    await loadHashtag('outdoors');
    expect(exploreState.hashtags.outdoors.contentAdvisory).toEqual({
      title: 'Take care',
      description: 'Risky stunts.',
      learnMoreUrl: 'https://example.org/safety',
      acknowledged: false,
    });
    acknowledgeHashtagAdvisory('#Outdoors');
    expect(exploreState.hashtags.outdoors.contentAdvisory?.acknowledged).toBe(true);
    expect(sessionStorage.getItem(ACKNOWLEDGED_ADVISORIES_STORAGE_KEY)).toBe('["outdoors"]');
    // A fresh load of the tag (another visit in the same session) starts acknowledged.
    exploreState.hashtags = {};
    await loadHashtag('outdoors');
    expect(exploreState.hashtags.outdoors.contentAdvisory?.acknowledged).toBe(true);
    resetExplore();
    expect(sessionStorage.getItem(ACKNOWLEDGED_ADVISORIES_STORAGE_KEY)).toBeNull();
  });

  it('a top-media-only tag keeps its count, gets no recent posts and never asks for more', async () => {
    const fetch = stubFetch(() => jsonResponse(body({ is_top_media_only: true })));
    await loadHashtag('outdoors');
    await loadHashtag('outdoors', true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(exploreState.hashtags.outdoors).toMatchObject({ isTopMediaOnly: true, mediaCount: 40 });
    expect(postFeedsState.feeds[hashtagFeedKey('outdoors')]).toMatchObject({
      items: [],
      count: 40,
      hasNextPage: false,
      loaded: true,
    });
  });

  it('accepts only safe absolute http(s) URLs for "Learn more"', () => {
    expect(safeLearnMoreUrl('https://example.org/a?b=c')).toBe('https://example.org/a?b=c');
    expect(safeLearnMoreUrl('http://example.org/')).toBe('http://example.org/');
    for (const bad of [
      null,
      '',
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example/',
      'https://user:pw@example.org/',
      'https://exa\tmple.org/',
      '/relative/path',
    ]) {
      expect(safeLearnMoreUrl(bad)).toBeNull();
    }
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
