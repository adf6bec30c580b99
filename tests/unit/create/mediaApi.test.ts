import { afterEach, describe, expect, it, vi } from 'vitest';
import { configurePost, ConfigureError, locationSearch } from '../../../src/api/media';
import { RequestError } from '../../../src/api/client';
import { OTHER_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../../src/lib/tokens';
import { hang, headersOf, jsonResponse, networkFailure, stubFetch } from '../api/fetchMock';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const venue = {
  name: 'Old Town Square',
  lat: 50.087,
  lng: 14.421,
  address: 'Prague',
  external_id: '42',
  external_id_source: 'glint',
};

describe('configurePost', () => {
  it('posts upload_id, caption and the location as JSON with the CSRF headers', async () => {
    const fetch = stubFetch(() =>
      jsonResponse({ media: { pk: '7', id: '7_1', code: 'AbC' }, status: 'ok' }),
    );
    const media = await configurePost({ uploadId: '1700', caption: 'Hi #tag', geoTag: venue });
    expect(media).toEqual({ pk: '7', id: '7_1', code: 'AbC' });
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/create/configure/');
    expect(headersOf(init).get('X-Requested-With')).toBe('XMLHttpRequest');
    const body = new URLSearchParams(String(init.body));
    expect(body.get('upload_id')).toBe('1700');
    expect(body.get('caption')).toBe('Hi #tag');
    expect(JSON.parse(body.get('location') ?? '')).toMatchObject({
      lat: 50.087,
      lng: 14.421,
      external_id: '42',
    });
  });

  it('sends the alt text as accessibility_caption, and nothing when none was written', async () => {
    const fetch = stubFetch(() =>
      jsonResponse({ media: { pk: '7', id: '7_1', code: 'AbC' }, status: 'ok' }),
    );
    await configurePost({
      uploadId: '1',
      caption: '',
      accessibilityCaption: 'A cat',
      geoTag: null,
    });
    await configurePost({ uploadId: '2', caption: '', accessibilityCaption: '', geoTag: null });
    const bodies = fetch.mock.calls.map(([, init]) => new URLSearchParams(String(init.body)));
    expect(bodies.map((b) => b.get('accessibility_caption'))).toEqual(['A cat', null]);
  });

  it("gives the server the spec's 30 s, not the 10 s default, before it times out", async () => {
    vi.useFakeTimers();
    stubFetch(hang);
    let outcome: unknown = 'pending';
    void configurePost({ uploadId: '1', caption: '', geoTag: null }).catch((e: unknown) => {
      outcome = e;
    });
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + 1000);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(OTHER_TIMEOUT_MS - REQUEST_TIMEOUT_MS);
    expect(outcome).toMatchObject({ networkError: true, code: 'timeout' });
  });

  it('sends the tagged people as usertags by username, and nothing without any', async () => {
    const fetch = stubFetch(() =>
      jsonResponse({ media: { pk: '7', id: '7_1', code: 'AbC' }, status: 'ok' }),
    );
    await configurePost({
      uploadId: '1',
      caption: '',
      geoTag: null,
      userTags: [{ username: 'ava', x: 1 / 3, y: 0.5 }],
    });
    await configurePost({ uploadId: '2', caption: '', geoTag: null, userTags: [] });
    const bodies = fetch.mock.calls.map(([, init]) => new URLSearchParams(String(init.body)));
    expect(JSON.parse(bodies[0].get('usertags') ?? '')).toEqual({
      in: [{ username: 'ava', position: [0.3333, 0.5] }],
    });
    expect(bodies[1].has('usertags')).toBe(false);
  });

  it('sends no location without a geotag', async () => {
    const fetch = stubFetch(() => jsonResponse({ media: { pk: '7', id: '7_1', code: 'x' } }));
    await configurePost({ uploadId: '1', caption: '', geoTag: null });
    expect(new URLSearchParams(String(fetch.mock.calls[0][1].body)).has('location')).toBe(false);
  });

  it('uses the error title when the answer has no media pk and id', async () => {
    stubFetch(() => jsonResponse({ status: 'ok', error_title: 'Upload expired' }));
    await expect(configurePost({ uploadId: '1', caption: '', geoTag: null })).rejects.toEqual(
      new ConfigureError('Upload expired'),
    );
  });

  it('uses the error title of a failure body', async () => {
    stubFetch(() =>
      jsonResponse({ status: 'fail', error_title: 'Could not share', message: 'Try again.' }, 400),
    );
    const error = await configurePost({ uploadId: '1', caption: '', geoTag: null }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigureError);
    expect((error as ConfigureError).errorTitle).toBe('Could not share');
  });

  it('passes network failures through (the flow treats them as offline)', async () => {
    stubFetch(networkFailure);
    const error = await configurePost({ uploadId: '1', caption: '', geoTag: null }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RequestError);
    expect((error as RequestError).networkError).toBe(true);
  });
});

describe('locationSearch', () => {
  it('searches by name or by position and returns venues', async () => {
    const fetch = stubFetch(() => jsonResponse({ venues: [venue], rank_token: 't' }));
    expect(await locationSearch({ latitude: 50.1, longitude: 14.4, rankToken: 't' })).toEqual([
      venue,
    ]);
    const url = new URL(String(fetch.mock.calls[0][0]), 'http://x');
    expect(url.pathname).toBe('/location_search/');
    expect(url.searchParams.get('latitude')).toBe('50.1');
    expect(url.searchParams.get('longitude')).toBe('14.4');
    expect(url.searchParams.has('search_query')).toBe(false);
  });
});
