import type { LocationsTable, PostChildrenTable, PostsTable } from '../db/schema.ts';
import { THUMBNAIL_SIZES, mediaUrl, thumbnailKey } from '../media/storage.ts';
import { defaultAccessibilityCaption, type AltTextFacts } from './altText.ts';
import type {
  Connection,
  WireComment,
  WireGatingInfo,
  WireLocation,
  WirePost,
  WireUser,
} from '../../common/types.ts';

// Pure row → wire conversions. Everything viewer-relative arrives already computed, so these stay
// free of queries and easy to reason about.

const TYPENAME: Record<number, WirePost['__typename']> = {
  1: 'GraphImage',
  2: 'GraphVideo',
  8: 'GraphSidecar',
};

type Thumbnail = WirePost['thumbnail_resources'][number];

export function thumbnailResources(mediaKey: string): Thumbnail[] {
  return THUMBNAIL_SIZES.map((size) => ({
    src: mediaUrl(thumbnailKey(mediaKey, size)),
    config_width: size,
    config_height: size,
  }));
}

/** The square thumbnail used by grids and notifications (640 px, the largest made). */
export const thumbnailSrc = (mediaKey: string) => mediaUrl(thumbnailKey(mediaKey, 640));

export function toWireLocation(row: LocationsTable): WireLocation {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    lat: row.lat,
    lng: row.lng,
    has_public_page: row.has_public_page === 1,
  };
}

/** Where a post is being served, carried in its tracking token. */
export type PostSurface = 'feed' | 'post_page' | 'grid';

/**
 * The tracking token of content §3: base64url of {media_id, surface}. Opaque to the client, which
 * only sends it back; it holds nothing the post does not already show (no viewer, no time), so a
 * shared or logged token leaks nothing.
 */
export function trackingToken(mediaId: string, surface: PostSurface): string {
  return Buffer.from(JSON.stringify({ media_id: mediaId, surface })).toString('base64url');
}

function revealLabel(row: PostsTable, children: PostChildrenTable[]): string {
  if (row.media_type === 2) return 'See Video';
  if (row.media_type === 8) return children.some((c) => c.is_video) ? 'See Post' : 'See Photos';
  return 'See Photo';
}

/** The cover over a gated post (migration 008), or null: a cover needs all three columns. */
export function gatingInfo(row: PostsTable, children: PostChildrenTable[]): WireGatingInfo | null {
  if (!row.gating_type || row.gating_title === null || row.gating_description === null) {
    return null;
  }
  return {
    title: row.gating_title,
    description: row.gating_description,
    buttons: [revealLabel(row, children)],
    gating_type: row.gating_type,
  };
}

export interface PostParts {
  owner: WireUser;
  location: WireLocation | null;
  likeCount: number;
  likers: WireUser[];
  comments: Connection<WireComment>;
  tagged: { username: string; x: number; y: number }[];
  children: PostChildrenTable[];
  viewerHasLiked: boolean;
  viewerHasSaved: boolean;
  viewerHasSavedToCollection: boolean;
  viewerCanSeeLikers: boolean;
  /** Sponsors the viewer may see, in order. */
  sponsors: { id: string; username: string }[];
  surface: PostSurface;
}

type ChildPost = NonNullable<WirePost['edge_sidecar_to_children']>['edges'][number]['node'];

export function toWirePost(row: PostsTable, parts: PostParts): WirePost {
  const isVideo = row.media_type === 2;
  const altFacts: AltTextFacts = {
    ownerName: parts.owner.full_name || parts.owner.username,
    takenAt: row.taken_at,
    placeName: parts.location?.name ?? null,
    taggedUsernames: parts.tagged.map((t) => t.username),
    isVideo,
  };
  const post: WirePost = {
    __typename: TYPENAME[row.media_type] ?? 'GraphImage',
    id: row.id,
    shortcode: row.shortcode,
    dimensions: { width: row.width, height: row.height },
    display_url: mediaUrl(row.media_key),
    thumbnail_src: thumbnailSrc(row.media_key),
    thumbnail_resources: thumbnailResources(row.media_key),
    is_video: isVideo,
    caption: row.caption,
    caption_is_edited: row.caption_is_edited === 1,
    accessibility_caption: row.accessibility_caption ?? defaultAccessibilityCaption(altFacts),
    accessibility_caption_is_custom: row.accessibility_caption !== null,
    taken_at_timestamp: row.taken_at,
    owner: parts.owner,
    location: parts.location,
    edge_media_preview_like: {
      count: parts.likeCount,
      edges: parts.likers.map((node) => ({ node })),
    },
    edge_media_to_comment: parts.comments,
    edge_media_to_tagged_user: {
      edges: parts.tagged.map((t) => ({
        node: { user: { username: t.username }, x: t.x, y: t.y },
      })),
    },
    viewer_has_liked: parts.viewerHasLiked,
    viewer_has_saved: parts.viewerHasSaved,
    viewer_has_saved_to_collection: parts.viewerHasSavedToCollection,
    comments_disabled: row.comments_disabled === 1,
    viewer_can_see_likers: parts.viewerCanSeeLikers,
    is_ad: false,
    edge_media_to_sponsor_user: {
      edges: parts.sponsors.map((sponsor) => ({ node: { sponsor } })),
    },
    gating_info: gatingInfo(row, parts.children),
    tracking_token: trackingToken(row.id, parts.surface),
    expiring_at_timestamp: null,
    story_view_count: null,
  };
  if (isVideo) {
    if (row.video_key) post.video_url = mediaUrl(row.video_key);
    if (row.video_duration !== null) post.video_duration = row.video_duration;
    post.video_view_count = row.video_view_count;
  }
  if (row.media_type === 8 && parts.children.length > 0) {
    const { owner: _owner, ...shared } = post;
    post.edge_sidecar_to_children = {
      edges: parts.children.map((c, i): { node: ChildPost } => ({
        node: {
          ...shared,
          __typename: c.is_video ? 'GraphVideo' : 'GraphImage',
          id: c.id,
          tracking_token: trackingToken(c.id, parts.surface),
          dimensions: { width: c.width, height: c.height },
          display_url: mediaUrl(c.media_key),
          // Square thumbnails are made for the post's cover only (a child's key would name the
          // cover's: they share a folder), so a child stands for itself with its display image.
          thumbnail_src: mediaUrl(c.media_key),
          thumbnail_resources: [],
          is_video: c.is_video === 1,
          accessibility_caption:
            c.accessibility_caption ??
            defaultAccessibilityCaption({
              ...altFacts,
              isVideo: c.is_video === 1,
              position: { index: i + 1, count: parts.children.length },
            }),
          accessibility_caption_is_custom: c.accessibility_caption !== null,
          ...(c.video_key ? { video_url: mediaUrl(c.video_key) } : {}),
        },
      })),
    };
  }
  return post;
}
