// Wire types shared by the client and the reference server. Pure types only: no imports,
// so both the browser build and the server (NodeNext) can include this file.

export interface FeatureSwitches {
  stories: boolean;
  filters: boolean;
  push_notifications: boolean;
  add_to_home_screen: boolean;
  feed_shimmer: boolean;
  video_variants: boolean;
  one_tap_login: boolean;
}

export interface Experiments {
  /** When true, visitors are prompted with the signup page rather than login. */
  login_via_signup_page: boolean;
}

/** An account's profile fields as the server sends them (snake_case). */
export interface WireAccount {
  id: string;
  username: string;
  full_name: string;
  biography: string;
  external_url: string;
  profile_pic_url: string;
  profile_pic_url_hd: string;
  has_profile_pic: boolean;
  is_verified: boolean;
  is_private: boolean;
  is_business: boolean;
  edge_followed_by: { count: number };
  edge_follow: { count: number };
  edge_owner_to_timeline_media: { count: number };
}

/** The viewer as the server sends it (as in the shared page data). */
export interface WireViewer extends WireAccount {
  country_block: boolean;
  connected_fb_page: string | null;
  edge_saved_media: { count: number };
  /** A notification arrived after the activity feed was last checked (the nav's unread dot). */
  has_unseen_activity?: boolean;
}

/** The shared page data the server puts into index.html (a JSON element) for every page route. */
export interface SharedData {
  config: { viewer: WireViewer | null; csrf_token: string };
  country_code: string;
  feature_switches: FeatureSwitches;
  experiments: Experiments;
  environment: 'development' | 'production' | 'test';
}

/** A user as it appears inside posts, comments, search and lists. */
export interface WireUser {
  id: string;
  username: string;
  full_name: string;
  profile_pic_url: string;
  is_verified: boolean;
  is_private?: boolean;
  followed_by_viewer?: boolean;
  requested_by_viewer?: boolean;
  follows_viewer?: boolean;
  blocked_by_viewer?: boolean;
  has_blocked_viewer?: boolean;
}

export interface PageInfo {
  has_next_page: boolean;
  end_cursor: string | null;
}

export interface Edge<T> {
  node: T;
}

export interface Connection<T> {
  count: number;
  page_info: PageInfo;
  edges: Edge<T>[];
}

export interface WireLocation {
  id: string;
  name: string;
  slug: string;
  lat: number;
  lng: number;
  has_public_page: boolean;
}

export interface WireComment {
  id: string;
  text: string;
  created_at: number;
  owner: WireUser;
}

export interface WireTaggedUser {
  user: { username: string };
  x: number;
  y: number;
}

export interface WirePost {
  __typename: 'GraphImage' | 'GraphVideo' | 'GraphSidecar';
  id: string;
  shortcode: string;
  dimensions: { width: number; height: number };
  display_url: string;
  thumbnail_src: string;
  thumbnail_resources: { src: string; config_width: number; config_height: number }[];
  is_video: boolean;
  video_url?: string;
  video_duration?: number;
  video_view_count?: number;
  caption: string;
  caption_is_edited: boolean;
  /**
   * The photo's alt text: what the owner wrote, else a description generated from the post
   * (owner, date, place, tagged people). Optional only for payloads made before it existed.
   */
  accessibility_caption?: string;
  /**
   * Whether accessibility_caption is what the owner wrote (true) or the generated description
   * (false): the owner's "Edit info" starts from an empty field for a generated one.
   */
  accessibility_caption_is_custom?: boolean;
  taken_at_timestamp: number;
  owner: WireUser;
  location: WireLocation | null;
  edge_media_preview_like: { count: number; edges: Edge<WireUser>[] };
  edge_media_to_comment: Connection<WireComment>;
  edge_media_to_tagged_user: { edges: Edge<WireTaggedUser>[] };
  edge_sidecar_to_children?: {
    edges: Edge<Omit<WirePost, 'edge_sidecar_to_children' | 'owner'>>[];
  };
  viewer_has_liked: boolean;
  viewer_has_saved: boolean;
  viewer_has_saved_to_collection: boolean;
  comments_disabled: boolean;
  /** Whether the viewer may open the liked-by list. */
  viewer_can_see_likers: boolean;
  is_ad: boolean;
  /** The paid partnership's sponsors the viewer may see (none blocked either way). */
  edge_media_to_sponsor_user: { edges: Edge<WireSponsorUser>[] };
  /** A cover shown over the media until the viewer chooses to see it; null for none. */
  gating_info: WireGatingInfo | null;
  /** Opaque: sent back with events about this post as it was shown. */
  tracking_token: string;
  /** Posts never expire (stories do): always null for a post. */
  expiring_at_timestamp: number | null;
  /** Only a story item has views to count: always null for a post. */
  story_view_count: number | null;
}

export interface WireSponsorUser {
  sponsor: { id: string; username: string };
}

export interface WireGatingInfo {
  title: string;
  description: string;
  /** One button label per entry, each revealing the media ("See Photo"). */
  buttons: string[];
  /** What the cover is for: 'sensitive' (content that may be upsetting). */
  gating_type: string;
}

export interface FailBody {
  status: 'fail';
  message: string;
  [extra: string]: unknown;
}

// Search results (GET /web/search/topsearch/), shared with the server.
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

/**
 * A hashtag page's content advisory (content §3 "Hashtag"), shared with the server: shown in
 * place of the posts until the viewer acknowledges it. learn_more_url is an http(s) URL or null.
 */
export interface WireContentAdvisory {
  title: string;
  description: string;
  learn_more_url: string | null;
}

export interface WireSearchPlace {
  place: { location: { pk: string; name: string }; slug: string; subtitle: string; title: string };
  position: number;
}
