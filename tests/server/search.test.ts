import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UsersTable } from '../../server/db/schema.ts';
import { addLisbonPlaces, createPost, quickUser } from './content-fixtures.ts';
import { createTestApp, createUser, login, TestClient, type TestApp } from './helpers.ts';

interface TopSearch {
  users: { user: { pk: string; username: string; full_name: string }; position: number }[];
  hashtags: { hashtag: { name: string; media_count: number }; position: number }[];
  places: {
    place: { location: { pk: string; name: string }; slug: string; subtitle: string };
    position: number;
  }[];
  rank_token: string;
  status: string;
}

describe('GET /web/search/topsearch/', () => {
  let t: TestApp;
  let viewer: TestClient;
  let anon: TestClient;
  let blocker: UsersTable;

  const search = async (client: TestClient, query: string, rankToken = '') => {
    const qs = new URLSearchParams({ context: 'blended', query, rank_token: rankToken });
    const res = await client.get(`/web/search/topsearch/?${qs.toString()}`);
    expect(res.statusCode).toBe(200);
    return res.json() as TopSearch;
  };
  const usernames = (r: TopSearch) => r.users.map((u) => u.user.username);

  beforeAll(async () => {
    t = await createTestApp();
    const me = await createUser(t.ctx, { username: 'viewer' });
    await createUser(t.ctx, { username: 'sunny.days', full_name: 'Sunny Days' });
    await createUser(t.ctx, { username: 'ana.sol', full_name: 'Ana Sol', is_verified: 1 });
    await createUser(t.ctx, { username: 'joana', full_name: 'Joana Reis' });
    await createUser(t.ctx, { username: 'marco', full_name: 'Marco Anastacio' });
    blocker = await createUser(t.ctx, { username: 'ana.blocks', full_name: 'Blocks Viewer' });
    await createUser(t.ctx, { username: 'ana.gone', is_active: 0 });
    for (let i = 0; i < 14; i++) await quickUser(t.ctx, `zed${String(i).padStart(2, '0')}`);
    await t.ctx.db
      .insertInto('blocks')
      .values({ blocker_id: blocker.id, blocked_id: me.id, created_at: 0 })
      .execute();

    for (let i = 0; i < 3; i++) await createPost(t.ctx, me.id, { hashtags: ['sunset'] });
    await createPost(t.ctx, me.id, { hashtags: ['sun'] });
    await createPost(t.ctx, me.id, { hashtags: ['beachsunsets'] });
    // Posts the viewer cannot see: a private stranger's, and one from a member who blocked them.
    const hidden = await createUser(t.ctx, { username: 'hidden.one', is_private: 1 });
    await createPost(t.ctx, hidden.id, { hashtags: ['sunset', 'secrettag'] });
    await createPost(t.ctx, blocker.id, { hashtags: ['sunset'] });

    await addLisbonPlaces(t.ctx, [
      { id: '11', name: 'Sunset Point', address: 'Rua do Sol 1' },
      { id: '12', name: 'Praia do Sunset' },
      { id: '13', name: 'Belém Tower', address: 'Av. Brasília' },
      { id: '14', name: 'Lisboa Café' },
    ]);

    viewer = await login(t.app, 'viewer');
    anon = new TestClient(t.app);
  });
  afterAll(async () => t.close());

  it('finds users, hashtags and places, exact and prefix matches first, case-insensitively', async () => {
    const r = await search(viewer, 'SUN');
    expect(r.status).toBe('ok');
    expect(usernames(r)).toEqual(['sunny.days']);
    expect(r.hashtags.map((h) => h.hashtag)).toEqual([
      { name: 'sun', media_count: 1 },
      { name: 'sunset', media_count: 3 },
      { name: 'beachsunsets', media_count: 1 },
    ]);
    expect(r.places.map((p) => p.place.location.name)).toEqual(['Sunset Point', 'Praia do Sunset']);
    expect(r.places[0].place).toMatchObject({ slug: 'sunset-point', subtitle: 'Rua do Sol 1' });
    // Without an address the subtitle names the city and country.
    expect(r.places[1].place.subtitle).toBe('Lisbon, Portugal');
    const positions = [...r.users, ...r.hashtags, ...r.places].map((x) => x.position);
    expect(positions).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("finds the places of a city by the city's name, after places named like the query", async () => {
    const r = await search(viewer, 'lisb');
    expect(r.places.map((p) => p.place.location.name)).toEqual([
      'Lisboa Café',
      'Belém Tower',
      'Praia do Sunset',
      'Sunset Point',
    ]);
    const named = await search(viewer, 'sunset');
    expect(named.places.map((p) => p.place.location.name)).toEqual([
      'Sunset Point',
      'Praia do Sunset',
    ]);
  });

  it('ranks username prefixes before name-word and substring matches', async () => {
    const r = await search(anon, 'ana');
    expect(usernames(r)).toEqual(['ana.blocks', 'ana.sol', 'marco', 'joana']);
    expect(r.users[1].user).toMatchObject({ full_name: 'Ana Sol', is_verified: true });
  });

  it('leaves out users blocked either way, and deactivated ones', async () => {
    const r = await search(viewer, 'ana');
    expect(usernames(r)).not.toContain('ana.blocks');
    expect(usernames(r)).not.toContain('ana.gone');
    expect(usernames(r)).toContain('ana.sol');
  });

  it('counts and finds hashtags by the posts the viewer may see', async () => {
    expect((await search(viewer, '#secret')).hashtags).toEqual([]);
    const tags = await search(viewer, '#sunset');
    expect(tags.hashtags[0].hashtag).toEqual({ name: 'sunset', media_count: 3 });
  });

  it("searches only hashtags with '#', only users with '@'", async () => {
    const tags = await search(viewer, '#sun');
    expect(tags.users).toEqual([]);
    expect(tags.places).toEqual([]);
    expect(tags.hashtags.map((h) => h.hashtag.name)).toContain('sunset');
    const people = await search(viewer, '@sun');
    expect(usernames(people)).toEqual(['sunny.days']);
    expect(people.hashtags).toEqual([]);
    expect(people.places).toEqual([]);
  });

  it("answers empty lists for '', '#' and '@', and keeps a given rank token", async () => {
    for (const q of ['', '#', '@', '   ']) {
      const r = await search(viewer, q, 'token-1');
      expect([r.users, r.hashtags, r.places]).toEqual([[], [], []]);
      expect(r.rank_token).toBe('token-1');
    }
    expect((await search(viewer, '')).rank_token).not.toBe('');
  });

  it('returns at most 10 of each kind and treats LIKE wildcards literally', async () => {
    expect((await search(viewer, 'zed')).users).toHaveLength(10);
    expect((await search(viewer, '%')).users).toEqual([]);
    expect((await search(viewer, '_')).users).toEqual([]);
  });

  it('refuses an oversized query with a 4xx JSON failure', async () => {
    const res = await viewer.get(`/web/search/topsearch/?query=${'a'.repeat(500)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'fail' });
  });
});

describe('POST /explore/locations/ (the locations directory)', () => {
  let t: TestApp;
  let client: TestClient;

  beforeAll(async () => {
    t = await createTestApp();
    // 25 countries (A0…A9, B0…B9, C0…C4 named 'Country 00'…) so the first page has a next one.
    const countries = Array.from({ length: 25 }, (_, i) => ({
      id: `${String.fromCharCode(65 + Math.floor(i / 10))}${i % 10}`,
      name: `Country ${String(i).padStart(2, '0')}`,
      slug: `country-${i}`,
    }));
    countries.push({ id: 'PT', name: 'Portugal', slug: 'portugal' });
    await t.ctx.db.insertInto('countries').values(countries).execute();
    await t.ctx.db
      .insertInto('cities')
      .values([
        { id: 'c10', country_id: 'PT', name: 'Porto', slug: 'porto' },
        { id: 'c11', country_id: 'PT', name: 'Lisbon', slug: 'lisbon' },
      ])
      .execute();
    const owner = await quickUser(t.ctx, 'owner');
    const venue = (id: string, name: string) => ({
      id,
      city_id: 'c11',
      name,
      slug: name.toLowerCase(),
      lat: 0,
      lng: 0,
      address: '',
      external_id: '',
      external_id_source: '',
      has_public_page: 1 as const,
    });
    await t.ctx.db
      .insertInto('locations')
      .values([venue('21', 'Alfama'), venue('22', 'Belem')])
      .execute();
    await createPost(t.ctx, owner.id, { location_id: '22' });
    client = new TestClient(t.app);
    await client.get('/'); // a page visit sets the csrftoken cookie the client echoes
  });
  afterAll(async () => t.close());

  it('lists countries 20 a page, alphabetically, with next_page', async () => {
    const first = await client.post('/explore/locations/', { page: 1 });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.country_list).toHaveLength(20);
    expect(body.country_list[0]).toEqual({ id: 'A0', name: 'Country 00', slug: 'country-0' });
    expect(body.next_page).toBe(2);
    const second = (await client.post('/explore/locations/', { page: 2 })).json();
    expect(second.country_list.map((c: { id: string }) => c.id)).toEqual([
      'C0',
      'C1',
      'C2',
      'C3',
      'C4',
      'PT',
    ]);
    expect(second.next_page).toBeNull();
    // No page means the first one.
    expect((await client.post('/explore/locations/')).json().country_list).toHaveLength(20);
  });

  it("lists a country's cities by its ISO code (either case)", async () => {
    const res = await client.post('/explore/locations/pt/', { page: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      country_info: { id: 'PT', name: 'Portugal', slug: 'portugal' },
      city_list: [
        { id: 'c11', name: 'Lisbon', slug: 'lisbon' },
        { id: 'c10', name: 'Porto', slug: 'porto' },
      ],
      next_page: null,
      status: 'ok',
    });
  });

  it("lists a city's locations, the ones with posts first", async () => {
    const body = (await client.post('/explore/locations/c11/', { page: 1 })).json();
    expect(body.city_info).toEqual({ id: 'c11', name: 'Lisbon', slug: 'lisbon' });
    expect(body.country_info).toMatchObject({ id: 'PT', name: 'Portugal' });
    expect(body.location_list.map((l: { name: string }) => l.name)).toEqual(['Belem', 'Alfama']);
  });

  it('answers 404 JSON for unknown ids and 400 for a bad page', async () => {
    for (const id of ['ZZ', 'c999', '12345']) {
      const res = await client.post(`/explore/locations/${id}/`, { page: 1 });
      expect(res.statusCode).toBe(404);
      expect(res.json().status).toBe('fail');
      expect(res.json().message).not.toBe('');
    }
    const bad = await client.post('/explore/locations/', { page: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe('fail');
  });

  it('keeps serving the app page for GET requests', async () => {
    for (const path of [
      '/explore/locations/',
      '/explore/locations/PT/',
      '/explore/locations/c11/',
    ]) {
      const res = await client.get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
    }
  });
});
