// The locations directory (content §3 "Locations directory", §4): the country list, then a
// country's cities, then a city's locations, each paged by number; plus the header and top posts
// of each location page (its post grid is a paged list in postFeedsState).
import { proxy } from 'valtio';
import { isAbortError } from '../api/client';
import {
  fetchDirectoryPage,
  fetchLocationPage,
  type DirectoryEntry,
  type DirectoryResponse,
} from '../api/explore';
import type { PageFetcher } from '../api/profile';
import type { WirePost } from '../api/types';
import { emptyConnection, isNotFound } from './explore';
import { loadPostFeed } from './postFeeds';

export interface DirectoryLevel {
  entries: DirectoryEntry[];
  country: DirectoryEntry | null;
  city: DirectoryEntry | null;
  /** The page a "See more" asks for; null when there is no more. */
  nextPage: number | null;
  isFetching: boolean;
  loaded: boolean;
  failed: boolean;
  /** The id is not in the directory. */
  missing: boolean;
}

export interface LocationHeader {
  id: string;
  name: string;
  slug: string;
  lat: number;
  lng: number;
  address: string;
  topPosts: WirePost[];
  missing: boolean;
}

interface LocationsState {
  /** Keyed by directory id: '' for the country list, an ISO code, or a city id. */
  levels: Record<string, DirectoryLevel>;
  locations: Record<string, LocationHeader>;
}

export const locationsState = proxy<LocationsState>({ levels: {}, locations: {} });

/** Country codes are case-insensitive in URLs; one key per country. */
export const directoryKey = (id: string) => (/^[A-Za-z]{2}$/.test(id) ? id.toUpperCase() : id);

export const emptyLevel = (): DirectoryLevel => ({
  entries: [],
  country: null,
  city: null,
  nextPage: null,
  isFetching: false,
  loaded: false,
  failed: false,
  missing: false,
});

// ── Pure transitions (unit-tested) ────────────────────────────────────────────────────────────

export function levelLoadStarted(level: DirectoryLevel): DirectoryLevel {
  return { ...level, isFetching: true, failed: false };
}

/** A first page replaces the entries; a next one is appended without duplicates. */
export function levelPageLoaded(
  level: DirectoryLevel,
  response: DirectoryResponse,
  append: boolean,
): DirectoryLevel {
  const incoming = response.location_list ?? response.city_list ?? response.country_list ?? [];
  const known = new Set(append ? level.entries.map((e) => e.id) : []);
  return {
    entries: append ? [...level.entries, ...incoming.filter((e) => !known.has(e.id))] : incoming,
    country: response.country_info ?? null,
    city: response.city_info ?? null,
    nextPage: response.next_page ?? null,
    isFetching: false,
    loaded: true,
    failed: false,
    missing: false,
  };
}

/** Failure keeps what was loaded; with nothing loaded, paging starts over. */
export function levelLoadFailed(level: DirectoryLevel, missing = false): DirectoryLevel {
  if (level.entries.length === 0) return { ...emptyLevel(), failed: !missing, missing };
  return { ...level, isFetching: false, failed: true };
}

// ── Actions ──────────────────────────────────────────────────────────────────────────────────

/** Loads the first page of a level, or with `next` its following page ("See more"). */
export async function loadDirectoryLevel(id: string, next = false): Promise<void> {
  const key = directoryKey(id);
  const current = locationsState.levels[key] ?? emptyLevel();
  if (current.isFetching) return;
  if (next && current.nextPage === null) return;
  const base = next ? current : emptyLevel();
  locationsState.levels[key] = levelLoadStarted(base);
  try {
    const response = await fetchDirectoryPage(key, next ? (current.nextPage ?? 1) : 1);
    locationsState.levels[key] = levelPageLoaded(
      locationsState.levels[key] ?? base,
      response,
      next,
    );
  } catch (error) {
    if (isAbortError(error)) return;
    locationsState.levels[key] = levelLoadFailed(
      locationsState.levels[key] ?? base,
      isNotFound(error),
    );
  }
}

export const locationFeedKey = (locationId: string) => `location:${locationId}`;

/** The header and top posts travel with the first page; an unknown id is an empty, missing page. */
export function locationFetcher(locationId: string): PageFetcher<WirePost> {
  return async (after, opts) => {
    try {
      const location = await fetchLocationPage(locationId, after, opts);
      if (!after) {
        locationsState.locations[locationId] = {
          id: location.id,
          name: location.name,
          slug: location.slug,
          lat: location.lat,
          lng: location.lng,
          address: location.address ?? '',
          topPosts: location.edge_location_to_top_posts.edges.map((e) => e.node),
          missing: false,
        };
      }
      return location.edge_location_to_media;
    } catch (error) {
      if (!isNotFound(error) || after) throw error;
      locationsState.locations[locationId] = {
        id: locationId,
        name: '',
        slug: '',
        lat: 0,
        lng: 0,
        address: '',
        topPosts: [],
        missing: true,
      };
      return emptyConnection();
    }
  };
}

export function loadLocation(locationId: string, next = false): Promise<void> {
  return loadPostFeed(locationFeedKey(locationId), locationFetcher(locationId), next);
}

/** Test helper. */
export function resetLocations(): void {
  locationsState.levels = {};
  locationsState.locations = {};
}
