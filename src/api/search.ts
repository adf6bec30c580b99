// Search (content §7): GET /web/search/topsearch/?context=blended&query=&rank_token=.
import { apiGet, type RequestOptions } from './client';
import type { WireSearchHashtag, WireSearchPlace, WireSearchUser } from './types';

export interface TopSearchResponse {
  users: WireSearchUser[];
  hashtags: WireSearchHashtag[];
  places: WireSearchPlace[];
  rank_token: string;
  status: 'ok';
}

/** Blended search of users, hashtags and places; the rank token keeps one typing session's ranking. */
export function topSearch(
  query: string,
  rankToken: string | null,
  opts?: RequestOptions,
): Promise<TopSearchResponse> {
  return apiGet<TopSearchResponse>(
    '/web/search/topsearch/',
    { context: 'blended', query, rank_token: rankToken ?? '' },
    opts,
  );
}
