import { Type } from '@sinclair/typebox';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { SEARCH_QUERY_MAX_LENGTH } from '../../common/limits.ts';
import type { WireSearchHashtag, WireSearchPlace, WireSearchUser } from '../../common/types.ts';
import { peopleByPrefix, peopleContaining } from '../content/peopleSearch.ts';
import { HASHTAGS, hashtagCandidates, visibleCounts } from '../content/visibleCounts.ts';
import { Str, typed } from '../http/schemas.ts';
import { profilePicUrl } from '../http/users.ts';
import { randomToken } from '../ids.ts';
import { placeVisibleTo } from './locationSearch.ts';

/** Results per kind (users, hashtags, places). */
export const MAX_RESULTS_PER_KIND = 10;

const TopSearchQuery = Type.Object({
  context: Type.Optional(Str(20)),
  query: Type.Optional(Str(SEARCH_QUERY_MAX_LENGTH)),
  rank_token: Type.Optional(Str(100)),
});

export type SearchScope = 'blended' | 'users' | 'hashtags';

/**
 * What a query asks for (content §2, §5): '#foo' searches hashtags only, '@foo' users only; an
 * empty query, '#' or '@' alone asks for nothing (term '').
 */
export function parseSearchQuery(raw: string): { scope: SearchScope; term: string } {
  const trimmed = raw.trim();
  if (trimmed.startsWith('#')) return { scope: 'hashtags', term: trimmed.slice(1).trim() };
  if (trimmed.startsWith('@')) return { scope: 'users', term: trimmed.slice(1).trim() };
  return { scope: 'blended', term: trimmed };
}

// LIKE wildcards typed by the user match literally.
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const likePattern = (pattern: string) => sql<string>`${pattern} escape '\\'`;

/** Ranks prefix matches of any of `fields` before other matches; stable otherwise. */
function prefixFirst<T>(rows: T[], term: string, fields: (row: T) => string[]): T[] {
  const rank = (row: T) => {
    const values = fields(row).map((v) => v.toLowerCase());
    if (values.some((v) => v === term)) return 0;
    if (values.some((v) => v.startsWith(term))) return 1;
    if (values.some((v) => v.split(/\s+/).some((word) => word.startsWith(term)))) return 2;
    return 3;
  };
  return rows
    .map((row, index) => ({ row, index, r: rank(row) }))
    .sort((a, b) => a.r - b.r || a.index - b.index)
    .map((x) => x.row);
}

/** Candidates fetched per kind before ranking: prefix matches are asked for first, then the rest. */
const CANDIDATES = 40;

async function searchUsers(ctx: AppContext, viewerId: string | null, term: string) {
  const lower = term.toLowerCase();
  const prefix = await peopleByPrefix(ctx, viewerId, lower, CANDIDATES);
  const rows =
    prefix.length >= MAX_RESULTS_PER_KIND
      ? prefix
      : dedupe(
          [...prefix, ...(await peopleContaining(ctx, viewerId, lower, CANDIDATES))],
          (r) => r.id,
        );
  return prefixFirst(rows, lower, (r) => [r.username, r.full_name])
    .slice(0, MAX_RESULTS_PER_KIND)
    .map((r) => ({
      pk: r.id,
      username: r.username,
      full_name: r.full_name,
      is_verified: r.is_verified === 1,
      profile_pic_url: profilePicUrl(r),
    }));
}

/**
 * Hashtags by name; counts (and so matches) only the posts this viewer may see. Candidates come
 * from the distinct tags (hashtag_counts) and the private accounts the viewer follows; their
 * exact counts for this viewer from visibleCounts. Never reads every post of a tag.
 */
async function searchHashtags(ctx: AppContext, viewerId: string | null, term: string) {
  const lower = term.toLowerCase();
  const base = async (pattern: string) => {
    const tags = await hashtagCandidates(ctx, viewerId, pattern, CANDIDATES);
    const counts = await visibleCounts(ctx, viewerId, HASHTAGS, tags);
    return [...counts]
      .filter(([, n]) => n > 0)
      .map(([hashtag, n]) => ({ hashtag, n }))
      .sort((a, b) => b.n - a.n || (a.hashtag < b.hashtag ? -1 : a.hashtag > b.hashtag ? 1 : 0))
      .slice(0, CANDIDATES);
  };
  const rows = await prefixThenContains(lower, base, (r) => r.hashtag);
  return prefixFirst(rows, lower, (r) => [r.hashtag])
    .slice(0, MAX_RESULTS_PER_KIND)
    .map((r) => ({ name: r.hashtag, media_count: r.n }));
}

/** Places by name or city; only those the viewer may see (placeVisibleTo). */
async function searchPlaces(ctx: AppContext, viewerId: string | null, term: string) {
  const lower = term.toLowerCase();
  const base = (pattern: string) =>
    ctx.db
      .selectFrom('locations')
      .leftJoin('cities', 'cities.id', 'locations.city_id')
      .leftJoin('countries', 'countries.id', 'cities.country_id')
      .select([
        'locations.id',
        'locations.name',
        'locations.slug',
        'locations.address',
        'cities.name as city',
        'countries.name as country',
      ])
      .where((eb) => placeVisibleTo(eb, viewerId))
      // A city's name finds its places too ("lisbon" → Belém Tower, Lisbon).
      .where((eb) =>
        eb.or([
          eb(sql<string>`lower(locations.name)`, 'like', likePattern(pattern)),
          eb(sql<string>`lower(cities.name)`, 'like', likePattern(pattern)),
        ]),
      )
      // Places named like the query first, so a big city's places never crowd them out.
      .orderBy(sql`case when lower(locations.name) like ${likePattern(pattern)} then 0 else 1 end`)
      .orderBy('locations.name')
      .limit(CANDIDATES)
      .execute();
  const rows = await prefixThenContains(lower, base, (r) => r.id);
  // Places named like the query rank before places that only lie in a city named like it.
  return prefixFirst(rows, lower, (r) => [r.name])
    .slice(0, MAX_RESULTS_PER_KIND)
    .map((r) => ({
      location: { pk: r.id, name: r.name },
      slug: r.slug,
      // The street address, else "City, Country" — whatever tells two same-named places apart.
      subtitle: r.address || [r.city, r.country].filter(Boolean).join(', '),
      title: r.name,
    }));
}

/** Prefix matches first; the "contains" query runs only when they do not fill a kind's quota. */
async function prefixThenContains<T>(
  lower: string,
  find: (pattern: string) => Promise<T[]>,
  key: (row: T) => string,
): Promise<T[]> {
  const prefix = await find(`${escapeLike(lower)}%`);
  if (prefix.length >= MAX_RESULTS_PER_KIND) return prefix;
  return dedupe([...prefix, ...(await find(`%${escapeLike(lower)}%`))], key);
}

function dedupe<T>(rows: T[], key: (row: T) => string): T[] {
  const seen = new Set<string>();
  return rows.filter((row) => {
    const k = key(row);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * GET /web/search/topsearch/?context=blended&query=&rank_token= → users, hashtags and places
 * (content §7). Users blocked either way are left out. Positions number the blended list.
 */
export async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).get(
    '/web/search/topsearch/',
    { schema: { querystring: TopSearchQuery } },
    async (req) => {
      const { scope, term } = parseSearchQuery(req.query.query ?? '');
      const rankToken = req.query.rank_token || randomToken(16);
      const viewerId = req.viewer?.id ?? null;
      const wantUsers = term !== '' && scope !== 'hashtags';
      const wantHashtags = term !== '' && scope !== 'users';
      const wantPlaces = term !== '' && scope === 'blended';
      const [users, hashtags, places] = await Promise.all([
        wantUsers ? searchUsers(ctx, viewerId, term) : [],
        wantHashtags ? searchHashtags(ctx, viewerId, term) : [],
        wantPlaces ? searchPlaces(ctx, viewerId, term) : [],
      ]);
      let position = 0;
      return {
        users: users.map((user): WireSearchUser => ({ user, position: position++ })),
        hashtags: hashtags.map((hashtag): WireSearchHashtag => ({ hashtag, position: position++ })),
        places: places.map((place): WireSearchPlace => ({ place, position: position++ })),
        rank_token: rankToken,
        status: 'ok',
      };
    },
  );
}
