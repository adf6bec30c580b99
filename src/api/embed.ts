// The embed graph query (content §7 "Embed media with scope (local or global)", §9 embed 12): one
// post for a card shown inside another website, and a page of more posts below it.
import type { RequestOptions } from './client';
import { graphQuery, normalizeCursor } from './graph';
import type { Connection, WirePost } from './types';
import { EMBED_PAGE_SIZE } from '../lib/tokens';

/** local: more posts from the post's owner; global: more posts from public accounts on Glint. */
export type EmbedScope = 'local' | 'global';

/** The scope an embed URL asks for (?scope=global); anything else is the default, local. */
export function embedScopeOf(raw: string | null): EmbedScope {
  return raw === 'global' ? 'global' : 'local';
}

export interface WireEmbed {
  scope: EmbedScope;
  shortcode_media: WirePost;
  /** More posts, newest first, without the embedded one; 12 a page. */
  edge_related_media: Connection<WirePost>;
}

export async function fetchEmbed(
  shortcode: string,
  scope: EmbedScope,
  after: string | null,
  opts?: RequestOptions,
): Promise<WireEmbed> {
  const data = await graphQuery<{ embed_media: WireEmbed }>(
    'embedMedia',
    { shortcode, scope, first: EMBED_PAGE_SIZE, after: normalizeCursor(after) },
    opts,
  );
  return data.embed_media;
}
