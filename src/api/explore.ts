// Explore calls (content §7): the discover, hashtag and location graph queries, and the locations
// directory (POST /explore/locations/ and /explore/locations/{id}/ with a page number).
import { apiPost, type RequestOptions } from './client';
import { graphQuery, normalizeCursor } from './graph';
import type { Connection, Edge, WireContentAdvisory, WirePost } from './types';
import { DISCOVER_PAGE_SIZE, LOCATION_PAGE_SIZE, TAG_PAGE_SIZE } from '../lib/tokens';

const page = (first: number, after: string | null) => ({ first, after: normalizeCursor(after) });

export interface DiscoverConnection extends Connection<WirePost> {
  rank_token: string;
}

export function fetchDiscoverPage(
  rankToken: string,
  after: string | null,
  opts?: RequestOptions,
): Promise<DiscoverConnection> {
  return graphQuery<{ user: { edge_web_discover_media: DiscoverConnection } }>(
    'discover',
    { rank_token: rankToken, ...page(DISCOVER_PAGE_SIZE, after) },
    opts,
  ).then((d) => d.user.edge_web_discover_media);
}

export interface WireHashtag {
  name: string;
  /** Only the top posts are shown: edge_hashtag_to_media comes without edges (its count stays). */
  is_top_media_only: boolean;
  /** Shown in place of the posts until acknowledged; null when the tag has none. */
  content_advisory: WireContentAdvisory | null;
  edge_hashtag_to_media: Connection<WirePost>;
  /** Only on the first page. */
  edge_hashtag_to_top_posts: { edges: Edge<WirePost>[] };
}

export function fetchHashtagPage(
  tagName: string,
  after: string | null,
  opts?: RequestOptions,
): Promise<WireHashtag> {
  return graphQuery<{ hashtag: WireHashtag }>(
    'hashtagMedia',
    { tag_name: tagName, ...page(TAG_PAGE_SIZE, after) },
    opts,
  ).then((d) => d.hashtag);
}

export interface WireLocationPage {
  id: string;
  name: string;
  slug: string;
  lat: number;
  lng: number;
  address?: string;
  edge_location_to_media: Connection<WirePost>;
  edge_location_to_top_posts: { edges: Edge<WirePost>[] };
}

export function fetchLocationPage(
  locationId: string,
  after: string | null,
  opts?: RequestOptions,
): Promise<WireLocationPage> {
  return graphQuery<{ location: WireLocationPage }>(
    'locationMedia',
    { id: locationId, ...page(LOCATION_PAGE_SIZE, after) },
    opts,
  ).then((d) => d.location);
}

// ── Locations directory ───────────────────────────────────────────────────────────────────────

export interface DirectoryEntry {
  id: string;
  name: string;
  slug: string;
}

export interface DirectoryResponse {
  country_list?: DirectoryEntry[];
  city_list?: DirectoryEntry[];
  location_list?: DirectoryEntry[];
  country_info?: DirectoryEntry;
  city_info?: DirectoryEntry;
  next_page: number | null;
}

/** The directory level `id` ('' for the country list, an ISO code, or a city id), page by page. */
export function fetchDirectoryPage(
  id: string,
  pageNumber: number,
  opts?: RequestOptions,
): Promise<DirectoryResponse> {
  const url = id ? `/explore/locations/${encodeURIComponent(id)}/` : '/explore/locations/';
  return apiPost<DirectoryResponse>(url, { page: pageNumber }, opts);
}
