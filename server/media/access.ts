import type { AppContext } from '../context.ts';
import { ownerVisibleTo } from '../content/access.ts';
import { ownerActive } from '../content/postQueries.ts';
import { reelOwnerVisibleTo } from '../stories/access.ts';

/*
 * Who may download a stored file. Post files live under `p/<postId>/…` (display image, sidecar
 * children, thumbnails) and story files under `s/<storyItemId>/…` (image, video). Ids are
 * guessable, so those files are only as visible as the post or story item they belong to — the
 * same rules as the post and story APIs. Every other key (avatars, promotions…) is public.
 */

export type MediaGate = { kind: 'post'; id: string } | { kind: 'story'; id: string };

/** The post or story item a key belongs to, or null for a public key. */
export function mediaGate(key: string): MediaGate | null {
  const [first, id] = key.split('/');
  if (!id) return null;
  // Case-insensitive: on a case-insensitive disk P/… would reach the same files as p/….
  const prefix = first.toLowerCase();
  if (prefix === 'p') return { kind: 'post', id };
  if (prefix === 's') return { kind: 'story', id };
  return null;
}

/** The post page's rule: owner active and visible (private needs an approved follow, no block). */
async function postVisible(ctx: AppContext, viewerId: string | null, postId: string) {
  const row = await ctx.db
    .selectFrom('posts')
    .select('posts.id')
    .where('posts.id', '=', postId)
    .where((eb) => ownerVisibleTo(eb, 'posts.owner_id', viewerId))
    .where(ownerActive)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The reels API's rule: a live (unexpired) item of the viewer or of someone they follow, owner
 * active, no block. Visitors never watch stories, so they get none of the files either.
 */
async function storyVisible(ctx: AppContext, viewerId: string | null, itemId: string) {
  if (!viewerId) return false;
  const row = await ctx.db
    .selectFrom('story_items as si')
    .select('si.id')
    .where('si.id', '=', itemId)
    .where('si.expiring_at', '>', ctx.now())
    .where((eb) => reelOwnerVisibleTo(eb, 'si.owner_id', viewerId))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether the viewer may download the files behind `gate`. */
export function gateOpen(ctx: AppContext, viewerId: string | null, gate: MediaGate) {
  return gate.kind === 'post'
    ? postVisible(ctx, viewerId, gate.id)
    : storyVisible(ctx, viewerId, gate.id);
}
