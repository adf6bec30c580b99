/** Finds posts in a graph answer without depending on its exact nesting. */
import { QUERY_IDS } from '../../src/api/queryIds';
import { cookieHeader, type Session } from './session';

export interface FoundPost {
  id: string;
  shortcode: string;
  owner: string | null;
}

export function findPosts(value: unknown, out: FoundPost[] = []): FoundPost[] {
  if (Array.isArray(value)) {
    for (const item of value) findPosts(item, out);
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    if (typeof o.id === 'string' && typeof o.shortcode === 'string') {
      const owner = o.owner as { username?: unknown } | undefined;
      out.push({
        id: o.id,
        shortcode: o.shortcode,
        owner: typeof owner?.username === 'string' ? owner.username : null,
      });
    }
    for (const child of Object.values(o)) findPosts(child, out);
  }
  return out;
}

export const feedQueryPath = (count = 12) =>
  `/graphql/query/?query_id=${QUERY_IDS.feed}&variables=${encodeURIComponent(
    JSON.stringify({ fetch_media_item_count: count }),
  )}`;

export async function feedPosts(session: Session, count = 12): Promise<FoundPost[]> {
  const res = await fetch(session.baseUrl + feedQueryPath(count), {
    headers: { cookie: cookieHeader(session.cookies), 'x-requested-with': 'XMLHttpRequest' },
  });
  if (!res.ok) throw new Error(`feed query: ${res.status} ${await res.text()}`);
  return findPosts(await res.json());
}
