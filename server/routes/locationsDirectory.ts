import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { notFound } from '../http/errors.ts';
import { Form, typed } from '../http/schemas.ts';

/** Entries per directory page (countries, cities or locations). */
export const DIRECTORY_PAGE_SIZE = 20;

const PageBody = Type.Optional(
  Form({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })) }),
);
const DirectoryParams = Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }) });

export interface DirectoryEntry {
  id: string;
  name: string;
  slug: string;
}

const NOT_FOUND = 'This place is not in the directory.';

/** One page of rows (asked for with one extra to learn whether another page follows). */
function paged<T>(rows: T[], page: number): { list: T[]; next_page: number | null } {
  return {
    list: rows.slice(0, DIRECTORY_PAGE_SIZE),
    next_page: rows.length > DIRECTORY_PAGE_SIZE ? page + 1 : null,
  };
}

const offsetOf = (page: number) => (page - 1) * DIRECTORY_PAGE_SIZE;

async function countryPage(ctx: AppContext, page: number) {
  const rows = await ctx.db
    .selectFrom('countries')
    .select(['id', 'name', 'slug'])
    .orderBy('name')
    .orderBy('id')
    .limit(DIRECTORY_PAGE_SIZE + 1)
    .offset(offsetOf(page))
    .execute();
  const { list, next_page } = paged(rows, page);
  return { country_list: list, next_page };
}

async function cityPage(ctx: AppContext, countryId: string, page: number) {
  const country = await ctx.db
    .selectFrom('countries')
    .select(['id', 'name', 'slug'])
    .where('id', '=', countryId.toUpperCase())
    .executeTakeFirst();
  if (!country) return null;
  const rows = await ctx.db
    .selectFrom('cities')
    .select(['id', 'name', 'slug'])
    .where('country_id', '=', country.id)
    .orderBy('name')
    .orderBy('id')
    .limit(DIRECTORY_PAGE_SIZE + 1)
    .offset(offsetOf(page))
    .execute();
  const { list, next_page } = paged(rows, page);
  return { country_info: country, city_list: list, next_page };
}

async function locationPage(ctx: AppContext, cityId: string, page: number) {
  const city = await ctx.db
    .selectFrom('cities')
    .innerJoin('countries', 'countries.id', 'cities.country_id')
    .select([
      'cities.id',
      'cities.name',
      'cities.slug',
      'countries.id as country_id',
      'countries.name as country_name',
      'countries.slug as country_slug',
    ])
    .where('cities.id', '=', cityId)
    .executeTakeFirst();
  if (!city) return null;
  // Busiest places first: those are the ones worth opening.
  const rows = await ctx.db
    .selectFrom('locations')
    .leftJoin('posts', 'posts.location_id', 'locations.id')
    .select(['locations.id', 'locations.name', 'locations.slug'])
    .where('locations.city_id', '=', city.id)
    .where('locations.has_public_page', '=', 1)
    .groupBy(['locations.id', 'locations.name', 'locations.slug'])
    .orderBy((eb) => eb.fn.count('posts.id'), 'desc')
    .orderBy('locations.name')
    .orderBy('locations.id')
    .limit(DIRECTORY_PAGE_SIZE + 1)
    .offset(offsetOf(page))
    .execute();
  const { list, next_page } = paged(rows, page);
  return {
    country_info: { id: city.country_id, name: city.country_name, slug: city.country_slug },
    city_info: { id: city.id, name: city.name, slug: city.slug },
    location_list: list,
    next_page,
  };
}

/**
 * The locations directory (content §4, §7): POST /explore/locations/ lists countries;
 * POST /explore/locations/{id}/ lists a country's cities (id = ISO code) or a city's locations
 * (id = 'c' + digits). Only POST is registered: a GET of the same path is the app page.
 */
export async function locationsDirectoryRoutes(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<void> {
  typed(app).post('/explore/locations/', { schema: { body: PageBody } }, async (req) => {
    const page = req.body?.page ?? 1;
    return { ...(await countryPage(ctx, page)), status: 'ok' };
  });

  typed(app).post(
    '/explore/locations/:id/',
    { schema: { body: PageBody, params: DirectoryParams } },
    async (req) => {
      const page = req.body?.page ?? 1;
      const { id } = req.params;
      const result = /^[A-Za-z]{2}$/.test(id)
        ? await cityPage(ctx, id, page)
        : /^c\d+$/.test(id)
          ? await locationPage(ctx, id, page)
          : null;
      if (!result) throw notFound(NOT_FOUND);
      return { ...result, status: 'ok' };
    },
  );
}
