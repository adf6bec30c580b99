import type { Connection, WirePost } from '../../../src/api/types';

export const post = (id: string): WirePost =>
  ({
    __typename: 'GraphImage',
    id,
    shortcode: `sc${id}`,
    caption: `caption ${id}`,
    thumbnail_src: `/t/${id}.jpg`,
    thumbnail_resources: [],
    display_url: `/d/${id}.jpg`,
    owner: { id: '42', username: 'nora', full_name: 'Nora Berg', profile_pic_url: '' },
    edge_media_preview_like: { count: 3, edges: [] },
    edge_media_to_comment: {
      count: 1,
      page_info: { has_next_page: false, end_cursor: null },
      edges: [],
    },
  }) as unknown as WirePost;

export function connection(
  ids: string[],
  next: string | null = null,
  count = ids.length,
): Connection<WirePost> {
  return {
    count,
    page_info: { has_next_page: next !== null, end_cursor: next },
    edges: ids.map((id) => ({ node: post(id) })),
  };
}

export const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String(from + i));

/** The graph variables a fetch call carried. */
export function graphVariables(url: string): Record<string, unknown> {
  const params = new URL(url, 'http://x').searchParams;
  return JSON.parse(params.get('variables') ?? '{}') as Record<string, unknown>;
}
