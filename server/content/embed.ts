import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { badRequest } from '../http/errors.ts';
import { visiblePost } from './access.ts';
import { toConnection, type Paging } from './feeds.ts';
import { PAGE_SIZE } from './params.ts';
import { GRID_POST_OPTIONS, loadWirePosts } from './posts.ts';
import { countVisiblePosts, newestPosts, type PostFilter } from './postQueries.ts';

/*
 * Embeds (content §1 "Posts can also be shown as embeds", §7 "Embed media with scope"): one post
 * as a compact card for other websites, with a paged strip of more posts below it. The spec names
 * the two scopes without defining them; our rule:
 * - local: more posts from the same owner (the owner's grid, without the embedded post);
 * - global: more posts from public accounts across Glint, newest first.
 * Access is the post page's: the embedded post and every related post pass the visibility rule of
 * ./access.ts (private owners only for approved followers, blocks either way hide everything).
 */

export const EMBED_SCOPES = ['local', 'global'] as const;
export type EmbedScope = (typeof EMBED_SCOPES)[number];

export function readEmbedScope(vars: Record<string, unknown>): EmbedScope {
  const raw = vars.scope;
  if (raw === 'local' || raw === 'global') return raw;
  throw badRequest("Invalid scope: use 'local' or 'global'.");
}

function relatedFilter(scope: EmbedScope, post: { id: string; owner_id: string }): PostFilter {
  if (scope === 'local') {
    return (eb) =>
      eb.and([eb('posts.owner_id', '=', post.owner_id), eb('posts.id', '!=', post.id)]);
  }
  // Global: public accounts only, so "more on Glint" never reaches into a private account the
  // viewer happens to follow (ownerVisibleTo still applies blocks on top of this).
  return (eb) =>
    eb.and([
      eb('posts.id', '!=', post.id),
      eb(
        'posts.owner_id',
        'in',
        eb.selectFrom('users').select('users.id').where('users.is_private', '=', 0),
      ),
    ]);
}

/** {shortcode, scope, first ≤ 12, after} → data.embed_media: the post and a page of more posts. */
export async function embedMedia(
  ctx: AppContext,
  viewer: UsersTable | null,
  shortcode: string,
  scope: EmbedScope,
  p: Paging,
) {
  const viewerId = viewer?.id ?? null;
  const post = await visiblePost(ctx, viewerId, { shortcode });
  const related = relatedFilter(scope, post);
  const first = Math.min(p.first, PAGE_SIZE.embed);
  // The card shows counts only (like count, no liker names or comments), as grids do.
  const [[media], page, count] = await Promise.all([
    loadWirePosts(ctx, viewer, [post], GRID_POST_OPTIONS),
    newestPosts(ctx, viewerId, related, first, p.after),
    countVisiblePosts(ctx, viewerId, related),
  ]);
  return {
    embed_media: {
      scope,
      shortcode_media: media,
      edge_related_media: await toConnection(ctx, viewer, page, count),
    },
  };
}
