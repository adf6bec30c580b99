// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { graphQuery, normalizeCursor } from '../../../src/api/graph';
import { RequestError } from '../../../src/api/client';
import { QUERY_IDS } from '../../../src/api/queryIds';
import { jsonResponse, stubFetch } from './fetchMock';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('graphQuery', () => {
  it('GETs /graphql/query/ with the fixed id and JSON variables and returns data', async () => {
    const data = { user: { edge_web_feed_timeline: { edges: [] } } };
    const fetch = stubFetch(() => jsonResponse({ data, status: 'ok' }));
    await expect(graphQuery('feed', { fetch_media_item_count: 12 })).resolves.toEqual(data);
    const url = new URL(fetch.mock.calls[0][0], 'http://x');
    expect(url.pathname).toBe('/graphql/query/');
    expect(url.searchParams.get('query_id')).toBe(QUERY_IDS.feed);
    expect(JSON.parse(url.searchParams.get('variables')!)).toEqual({ fetch_media_item_count: 12 });
    expect(fetch.mock.calls[0][1].method).toBe('GET');
  });

  it('sends empty variables as {}', async () => {
    const fetch = stubFetch(() => jsonResponse({ data: {} }));
    await graphQuery('reelsTray');
    expect(new URL(fetch.mock.calls[0][0], 'http://x').searchParams.get('variables')).toBe('{}');
  });

  it('fails when the answer has no data', async () => {
    stubFetch(() => jsonResponse({ status: 'ok' }));
    await expect(graphQuery('feed', {})).rejects.toBeInstanceOf(RequestError);
  });

  it('is retried once like every GET', async () => {
    const fetch = stubFetch(
      () => jsonResponse({ status: 'fail', message: 'oops' }, 500),
      () => jsonResponse({ data: { ok: true } }),
    );
    await expect(graphQuery('discover', {})).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('normalizeCursor', () => {
  it("treats '0' and empty cursors as no cursor", () => {
    expect(normalizeCursor('0')).toBeNull();
    expect(normalizeCursor('')).toBeNull();
    expect(normalizeCursor(null)).toBeNull();
    expect(normalizeCursor('abc')).toBe('abc');
  });
});
