// Wire types of the stories calls (content §3 "Reel", §7), shared by the client and the reference
// server. Pure types only: no imports, so the server (NodeNext) can include this file too.

/** The reel owner as the tray and the viewer show it. */
export interface WireReelUser {
  id: string;
  username: string;
  profile_pic_url: string;
}

/**
 * A story's placeholder (issue 18): its picture shrunk to `width`×`height` RGB pixels, base64.
 * The viewer uploads these as a texture at once (no decode) and draws them, stretched smooth,
 * until the picture itself is ready: a tap never shows a black frame.
 */
export interface WireStoryPlaceholder {
  width: number;
  height: number;
  /** width × height × 3 bytes, row by row, base64. */
  rgb: string;
}

/** One story item inside data.reels_media[].items. */
export interface WireStoryItem {
  id: string;
  __typename: 'GraphStoryImage' | 'GraphStoryVideo';
  display_url: string;
  dimensions: { width: number; height: number };
  taken_at_timestamp: number;
  expiring_at_timestamp: number;
  is_video: boolean;
  video_url?: string;
  /** Seconds; only for videos. */
  video_duration?: number;
  /** Only the reel's owner sees how many people viewed an item. */
  story_view_count?: number;
  /** Absent only while the server has not computed it yet (stories older than migration 012). */
  placeholder?: WireStoryPlaceholder;
  /**
   * The picture's sizes, smallest first, the last one display_url itself (as Instagram's
   * GraphStoryImage): a viewer fetches the smallest that covers the pixels it draws.
   */
  display_resources?: readonly WireDisplayResource[];
}

export interface WireDisplayResource {
  src: string;
  config_width: number;
  config_height: number;
}

/** A reel node of the tray (items are empty there) and of reels_media (items filled). */
export interface WireReel {
  /** The owner's user id: one reel per owner. */
  id: string;
  latest_reel_media: number;
  expiring_at: number;
  /** Highest taken_at the viewer has seen in this reel, or null when nothing was seen. */
  seen: number | null;
  can_reply: boolean;
  muted: boolean;
  prefetch_count: number;
  ranked_position: number;
  seen_ranked_position: number;
  user: WireReelUser;
  items: WireStoryItem[];
  /**
   * Tray only: the item the reel opens at (its first unseen one, else its first), so the client
   * can fetch and decode that picture while the tray is on screen, before anyone taps.
   */
  start_item?: WireStoryItem;
}

/** data of the reels tray query (variables {}). */
export interface ReelsTrayData {
  user: { feed_reels_tray: { edge_reels_tray_to_reel: { edges: { node: WireReel }[] } } };
}

/** data of the reels media query ({reel_ids, precomposed_overlay}). */
export interface ReelsMediaData {
  reels_media: Omit<
    WireReel,
    | 'can_reply'
    | 'muted'
    | 'prefetch_count'
    | 'ranked_position'
    | 'seen_ranked_position'
    | 'start_item'
  >[];
}

/** The story view payload (content §3) of POST /stories/reel/seen. */
export interface StoryViewPayload {
  reelMediaId: string;
  reelMediaOwnerId: string;
  reelId: string;
  /** Unix seconds. */
  reelMediaTakenAt: number;
  /** Unix seconds. */
  viewSeenAt: number;
}

/** One viewer of a story item, as the owner's "Seen by" list shows them (issue 18). */
export interface WireStoryViewer {
  id: string;
  username: string;
  full_name: string;
  profile_pic_url: string;
  is_verified: boolean;
  is_private: boolean;
  /** Unix seconds. */
  seen_at: number;
  /** Their latest quick reaction to the item (an emoji), or null (issue 18 part 5). */
  reaction: string | null;
}

/** GET /stories/{item_id}/viewers/: one page, newest first; only the item's owner may ask. */
export interface StoryViewersPage {
  users: WireStoryViewer[];
  /** Everyone who saw the item (the "Seen by N" count). */
  total: number;
  /** Pass as max_id for the next page; null on the last one. */
  next_max_id: string | null;
  status: 'ok';
}
