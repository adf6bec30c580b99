// Wire fixtures for feed and post tests.
import type { FeedPage, WireSuggestedUserFeedUnit } from '../../../src/api/feed';
import type { WireComment, WirePost, WireUser } from '../../../src/api/types';

export function wireUser(id: string, username = `user${id}`): WireUser {
  return { id, username, full_name: `Full ${username}`, profile_pic_url: '', is_verified: false };
}

export function wireComment(
  id: string,
  text = `comment ${id}`,
  owner = wireUser('9'),
): WireComment {
  return { id, text, created_at: 1_700_000_000, owner };
}

export function wirePost(id: string, overrides: Partial<WirePost> = {}): WirePost {
  return {
    __typename: 'GraphImage',
    id,
    shortcode: `sc${id}`,
    dimensions: { width: 1080, height: 1080 },
    display_url: `/media/p/${id}/1080.jpg`,
    thumbnail_src: `/media/p/${id}/640.jpg`,
    thumbnail_resources: [{ src: `/media/p/${id}/320.jpg`, config_width: 320, config_height: 320 }],
    is_video: false,
    caption: `Caption of ${id}`,
    caption_is_edited: false,
    taken_at_timestamp: 1_700_000_000,
    owner: wireUser('1', 'owner'),
    location: null,
    edge_media_preview_like: { count: 3, edges: [] },
    edge_media_to_comment: {
      count: 0,
      page_info: { has_next_page: false, end_cursor: null },
      edges: [],
    },
    edge_media_to_tagged_user: { edges: [] },
    viewer_has_liked: false,
    viewer_has_saved: false,
    viewer_has_saved_to_collection: false,
    comments_disabled: false,
    viewer_can_see_likers: true,
    is_ad: false,
    edge_media_to_sponsor_user: { edges: [] },
    gating_info: null,
    tracking_token: `token-${id}`,
    expiring_at_timestamp: null,
    story_view_count: null,
    ...overrides,
  };
}

export function suggestionsUnit(): WireSuggestedUserFeedUnit {
  return {
    __typename: 'GraphSuggestedUserFeedUnit',
    id: 'suggested_users_1',
    edge_suggested_users: {
      edges: [{ node: { user: wireUser('77', 'suggested'), description: 'Popular' } }],
    },
  };
}

/** A page of `n` posts with ids from `start`, and a next cursor unless `last`. */
export function feedPage(start: number, n: number, last = false): FeedPage {
  return {
    page_info: { has_next_page: !last, end_cursor: last ? null : `cursor${start + n}` },
    edges: Array.from({ length: n }, (_, i) => ({ node: wirePost(String(start + i)) })),
  };
}

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
