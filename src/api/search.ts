// Search (content §7): GET /web/search/topsearch/?context=blended&query=&rank_token=.
import { apiGet, type RequestOptions } from './client';

export interface WireSearchUser {
  user: {
    pk: string;
    username: string;
    full_name: string;
    is_verified: boolean;
    profile_pic_url: string;
  };
  position: number;
}

export interface WireSearchHashtag {
  hashtag: { name: string; media_count: number };
  position: number;
}

export interface WireSearchPlace {
  place: { location: { pk: string; name: string }; slug: string; subtitle: string; title: string };
  position: number;
}

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
