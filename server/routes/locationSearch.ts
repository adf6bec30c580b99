import { Type } from '@sinclair/typebox';
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Database, LocationsTable } from '../db/schema.ts';
import { ownerVisibleTo } from '../content/access.ts';
import { badRequest } from '../http/errors.ts';
import { Str, typed } from '../http/schemas.ts';
import { randomToken } from '../ids.ts';

/** Venues per answer. */
export const MAX_VENUES = 20;
/** Candidates within ±1° (about 110 km north–south) are sorted by true distance in JS. */
const BOX_DEGREES = 1;
const CANDIDATE_LIMIT = 500;

const LocationSearchQuery = Type.Object({
  search_query: Type.Optional(Str(200)),
  rank_token: Type.Optional(Str(100)),
  latitude: Type.Optional(Str(40)),
  longitude: Type.Optional(Str(40)),
});

export interface Venue {
  name: string;
  lat: number;
  lng: number;
  address: string;
  external_id: string;
  external_id_source: string;
}

/** Directory entries without an external id are reported under our own id (configure accepts it). */
const toVenue = (row: LocationsTable): Venue => ({
  name: row.name,
  lat: row.lat,
  lng: row.lng,
  address: row.address,
  external_id: row.external_id || row.id,
  external_id_source: row.external_id_source || 'glint',
});

/**
 * Whether a place may be shown to this viewer (null: a visitor). Directory places
 * (has_public_page = 1) always may. A place made from a member's geotag holds what that member
 * typed (a private member's "home" and its street address), so it exists for a viewer only
 * through a post there they may see: an active owner, public or followed, no block either way.
 */
export function placeVisibleTo(
  eb: ExpressionBuilder<Database, 'locations'>,
  viewerId: string | null,
): Expression<SqlBool> {
  return eb.or([
    eb('locations.has_public_page', '=', 1),
    eb.exists(
      eb
        .selectFrom('posts as lp')
        .innerJoin('users as lu', 'lu.id', 'lp.owner_id')
        .select('lp.id')
        .whereRef('lp.location_id', '=', 'locations.id')
        .where('lu.is_active', '=', 1)
        .where((w) => ownerVisibleTo(w, 'lp.owner_id', viewerId)),
    ),
  ]);
}

/** Great-circle distance in km (haversine). */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const dLat = (lat2 - lat1) * rad;
  const dLng = (lng2 - lng1) * rad;
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(dLng / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

function parseCoordinate(raw: string | undefined, name: string, limit: number): number | null {
  if (raw === undefined || raw.trim() === '') return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || Math.abs(value) > limit) {
    throw badRequest(`${name} must be a number between -${limit} and ${limit}.`);
  }
  return value;
}

// LIKE wildcards typed by the user match literally.
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /location_search/ → {venues, rank_token, status}. By name (case-insensitive substring),
 * by distance to latitude/longitude, or both (name matches sorted by distance); with neither,
 * the locations with the most posts. Only places the viewer may see (placeVisibleTo).
 */
export async function locationSearchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  typed(app).get(
    '/location_search/',
    { schema: { querystring: LocationSearchQuery } },
    async (req) => {
      const q = (req.query.search_query ?? '').trim().toLowerCase();
      const lat = parseCoordinate(req.query.latitude, 'latitude', 90);
      const lng = parseCoordinate(req.query.longitude, 'longitude', 180);
      if ((lat === null) !== (lng === null)) {
        throw badRequest('latitude and longitude must be given together.');
      }
      const rankToken = req.query.rank_token || randomToken(16);
      const viewerId = req.viewer?.id ?? null;

      let query = ctx.db
        .selectFrom('locations')
        .selectAll('locations')
        .where((eb) => placeVisibleTo(eb, viewerId));
      if (q) {
        query = query.where(
          sql<string>`lower(locations.name)`,
          'like',
          sql<string>`${`%${escapeLike(q)}%`} escape '\\'`,
        );
      }
      let rows: LocationsTable[];
      if (lat !== null && lng !== null) {
        // The longitude box is not widened near the poles or wrapped at ±180°; far-north venues
        // are still found by name.
        rows = await query
          .where('lat', '>=', lat - BOX_DEGREES)
          .where('lat', '<=', lat + BOX_DEGREES)
          .where('lng', '>=', lng - BOX_DEGREES)
          .where('lng', '<=', lng + BOX_DEGREES)
          .limit(CANDIDATE_LIMIT)
          .execute();
        rows = rows
          .map((row) => ({ row, d: distanceKm(lat, lng, row.lat, row.lng) }))
          .sort((a, b) => a.d - b.d)
          .map((x) => x.row);
      } else if (q) {
        rows = await query.orderBy('locations.name').limit(MAX_VENUES).execute();
      } else {
        rows = await query
          .leftJoin('posts', 'posts.location_id', 'locations.id')
          .groupBy('locations.id')
          .orderBy((eb) => eb.fn.count('posts.id'), 'desc')
          .orderBy('locations.id')
          .limit(MAX_VENUES)
          .execute();
      }
      return {
        venues: rows.slice(0, MAX_VENUES).map(toVenue),
        rank_token: rankToken,
        status: 'ok',
      };
    },
  );
}
