// Kysely table types. One schema for SQLite and PostgreSQL: ids are text, times are unix
// seconds in integers, booleans are 0/1 integers (SQLite has no boolean type).
import type { Generated } from 'kysely';
import type {
  PromotionsTable,
  VerificationCodesTable,
  OutboxTable,
  LoginNoncesTable,
  UploadsTable,
  EmailPreferencesTable,
  AppAuthorizationsTable,
  ContactsTable,
  SuggestionDismissalsTable,
  HeldProviderLinksTable,
  PushRegistrationsTable,
  ZeroRatingPreferencesTable,
} from './schemaAccounts.ts';

export type {
  PromotionsTable,
  VerificationCodesTable,
  OutboxTable,
  LoginNoncesTable,
  UploadsTable,
  EmailPreferencesTable,
  AppAuthorizationsTable,
  ContactsTable,
  SuggestionDismissalsTable,
  HeldProviderLinksTable,
  PushRegistrationsTable,
  ZeroRatingPreferencesTable,
} from './schemaAccounts.ts';

type Flag = 0 | 1;

export interface UsersTable {
  id: string;
  username: string; // lowercase, unique
  full_name: string;
  email: string | null;
  /** 1 once the member proved they receive mail there (external login links by it only then). */
  email_confirmed: Flag;
  phone_number: string | null;
  password_hash: string;
  biography: string;
  external_url: string;
  gender: number; // 1 male, 2 female, 3 prefer not to say
  profile_pic_key: string | null; // storage key of the avatar, null when none
  is_private: Flag;
  is_verified: Flag;
  is_business: Flag;
  chaining_enabled: Flag;
  two_factor_enabled: Flag;
  comment_filter: Flag;
  comment_filter_keywords: string; // comma-joined
  fb_id: string | null;
  activity_checked_at: number;
  is_active: Flag;
  created_at: number;
}

export interface SessionsTable {
  id: string; // sha256 of the session cookie value
  user_id: string;
  created_at: number;
  expires_at: number;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: number;
}

export interface FollowRequestsTable {
  requester_id: string;
  target_id: string;
  created_at: number;
}

export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: number;
}

export interface PostsTable {
  id: string;
  shortcode: string;
  owner_id: string;
  caption: string;
  caption_is_edited: Flag;
  media_type: number; // 1 image, 2 video, 8 sidecar
  width: number;
  height: number;
  media_key: string; // storage key of the display image (the largest size)
  video_key: string | null;
  video_duration: number | null;
  video_view_count: number;
  location_id: string | null;
  comments_disabled: Flag;
  taken_at: number;
  /** A cover over the media (migration 008): 'sensitive', or null for none. */
  gating_type: string | null;
  /** Set, with the description, whenever gating_type is. */
  gating_title: string | null;
  gating_description: string | null;
  /** How many likes rows the post has, kept by triggers (migration 010); insert 0. */
  like_count: number;
  /** Alt text the owner wrote (migration 014); null or absent: the payload's is generated. */
  accessibility_caption?: string | null;
}

/** How many comments rows a post has, kept by triggers (migration 013); never written by the app. */
export interface PostCounters {
  comment_count: Generated<number>;
}

export interface PostChildrenTable {
  id: string;
  post_id: string;
  position: number;
  width: number;
  height: number;
  media_key: string;
  is_video: Flag;
  video_key: string | null;
  /** Alt text the owner wrote for this photo (migration 014); null or absent: generated. */
  accessibility_caption?: string | null;
}

export interface PostTagsTable {
  post_id: string;
  user_id: string;
  x: number;
  y: number;
}

export interface PostHashtagsTable {
  post_id: string;
  hashtag: string; // lowercase, no '#'
}

/**
 * Moderation of a hashtag page (migration 006). A tag without a row shows all its posts and no
 * advisory. advisory_title set means a content advisory, whose description is then set too.
 */
export interface HashtagModerationTable {
  hashtag: string; // lowercase, no '#'
  /** 1: the page answers its top posts only, the most recent grid stays empty. */
  is_top_media_only: Flag;
  advisory_title: string | null;
  advisory_description: string | null;
  /** An http(s) URL for "Learn more", or null for none. */
  advisory_learn_more_url: string | null;
}

/** The members a post is a paid partnership with (migration 008). */
export interface PostSponsorsTable {
  post_id: string;
  sponsor_id: string;
  /** Order in "Paid partnership with …", from 0. */
  position: number;
}

export interface LikesTable {
  post_id: string;
  user_id: string;
  created_at: number;
}

export interface SavesTable {
  post_id: string;
  user_id: string;
  created_at: number;
}

export interface CollectionsTable {
  id: string;
  user_id: string;
  name: string;
  created_at: number;
}

export interface CollectionPostsTable {
  collection_id: string;
  post_id: string;
  created_at: number;
}

export interface CommentsTable {
  id: string;
  post_id: string;
  user_id: string;
  text: string;
  created_at: number;
}

export interface CountriesTable {
  id: string; // ISO code, e.g. "PT"
  name: string;
  slug: string;
}

export interface CitiesTable {
  id: string;
  country_id: string;
  name: string;
  slug: string;
}

export interface LocationsTable {
  id: string;
  city_id: string | null;
  name: string;
  slug: string;
  lat: number;
  lng: number;
  address: string;
  external_id: string;
  external_id_source: string;
  has_public_page: Flag;
}

export interface StoryItemsTable {
  id: string;
  owner_id: string;
  media_key: string;
  width: number;
  height: number;
  is_video: Flag;
  video_key: string | null;
  video_duration: number | null;
  taken_at: number;
  expiring_at: number;
  /** 9×16 RGB pixels of the picture, base64 (migration 012); null until computed. */
  placeholder?: string | null;
  /** Width of the smaller copy at `s/<id>/540.jpg` (migration 019); null until it exists. */
  small_width?: number | null;
}

export interface StoryViewsTable {
  item_id: string;
  viewer_id: string;
  seen_at: number;
}

export interface ReelSeenTable {
  viewer_id: string;
  owner_id: string;
  seen_at: number; // highest taken_at seen in that owner's reel
}

export interface NotificationsTable {
  id: string;
  user_id: string; // recipient
  type: number; // 1..30, see server/notifications.ts
  actor_id: string;
  post_id: string | null;
  text: string;
  created_at: number;
  /** The story item a story reply or reaction answers (migration 015); null otherwise. */
  story_item_id?: string | null;
}

/** A reply or quick reaction sent to a story item (migration 015). */
export interface StoryRepliesTable {
  id: string;
  item_id: string;
  sender_id: string;
  kind: 'text' | 'reaction';
  text: string;
  created_at: number;
}

/**
 * A member's home timeline (migration 010): their own posts and those of everyone they follow,
 * written by triggers on posts and follows.
 */
export interface FeedItemsTable {
  viewer_id: string;
  post_id: string;
  owner_id: string;
  taken_at: number;
}

/** Counters kept by triggers (migration 010); never written by the app. */
export interface UserCounters {
  follower_count: Generated<number>;
}

/** A tagged post's time and likes, copied by triggers (migration 010) for the tag's pages. */
export interface PostHashtagOrder {
  taken_at: Generated<number>;
  like_count: Generated<number>;
  /** The post's owner, copied by a trigger (migration 016). */
  owner_id: Generated<string>;
}

/** A tagged member's post time, copied by a trigger (migration 020) for their Tagged tab. */
export interface PostTagOrder {
  taken_at: Generated<number>;
}

/** A tag's posts by public, active owners, kept by triggers (migration 016). */
export interface HashtagCountsTable {
  hashtag: string;
  public_posts: number;
}

/** A place's posts by public, active owners, kept by triggers (migration 017). */
export interface LocationCountsTable {
  location_id: string;
  public_posts: number;
}

export interface Database {
  users: UsersTable & UserCounters;
  sessions: SessionsTable;
  follows: FollowsTable;
  follow_requests: FollowRequestsTable;
  blocks: BlocksTable;
  posts: PostsTable & PostCounters;
  post_children: PostChildrenTable;
  post_tags: PostTagsTable & PostTagOrder;
  post_hashtags: PostHashtagsTable & PostHashtagOrder;
  hashtag_moderation: HashtagModerationTable;
  hashtag_counts: HashtagCountsTable;
  location_counts: LocationCountsTable;
  post_sponsors: PostSponsorsTable;
  likes: LikesTable;
  saves: SavesTable;
  collections: CollectionsTable;
  collection_posts: CollectionPostsTable;
  comments: CommentsTable;
  countries: CountriesTable;
  cities: CitiesTable;
  locations: LocationsTable;
  story_items: StoryItemsTable;
  story_views: StoryViewsTable;
  story_replies: StoryRepliesTable;
  reel_seen: ReelSeenTable;
  notifications: NotificationsTable;
  promotions: PromotionsTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  login_nonces: LoginNoncesTable;
  uploads: UploadsTable;
  email_preferences: EmailPreferencesTable;
  app_authorizations: AppAuthorizationsTable;
  contacts: ContactsTable;
  suggestion_dismissals: SuggestionDismissalsTable;
  held_provider_links: HeldProviderLinksTable;
  push_registrations: PushRegistrationsTable;
  zero_rating_preferences: ZeroRatingPreferencesTable;
  feed_items: FeedItemsTable;
}
