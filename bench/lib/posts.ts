/** Finds posts in a graph answer without depending on its exact nesting. */
import { QUERY_IDS, type QueryName } from '../../src/api/queryIds';
import { FEED_COMMENTS_PER_POST, FEED_PAGE_SIZE, LIKERS_PAGE_SIZE } from '../../src/lib/tokens';
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

/** A graph query's URL, as src/api/graph.ts builds it. */
export const graphPath = (name: QueryName, variables: object) =>
  `/graphql/query/?query_id=${QUERY_IDS[name]}&variables=${encodeURIComponent(
    JSON.stringify(variables),
  )}`;

/** The home feed page exactly as the app asks for it (src/api/feed.ts fetchFeedPage). */
export const homeFeedPath = (cursor: string | null = null) =>
  graphPath('feed', {
    fetch_media_item_count: FEED_PAGE_SIZE,
    fetch_media_item_cursor: cursor,
    fetch_comment_count: FEED_COMMENTS_PER_POST,
    fetch_like: LIKERS_PAGE_SIZE,
  });

let unkept = 0;
/**
 * The home feed with one more variable, different on every call, which the resolver ignores: the
 * server keeps answers per variables until the next write (ANSWER_CACHE), so this path always
 * costs the query itself — what the scale case measures.
 */
export const unkeptHomeFeedPath = () =>
  graphPath('feed', {
    fetch_media_item_count: FEED_PAGE_SIZE,
    fetch_media_item_cursor: null,
    fetch_comment_count: FEED_COMMENTS_PER_POST,
    fetch_like: LIKERS_PAGE_SIZE,
    bench_request: (unkept += 1),
  });

/** The next-page cursor of a feed answer, or null on the last page. */
export function feedCursor(body: unknown): string | null {
  const page = (body as { data?: { user?: { edge_web_feed_timeline?: { page_info?: unknown } } } })
    ?.data?.user?.edge_web_feed_timeline?.page_info as
    { end_cursor?: unknown; has_next_page?: unknown } | undefined;
  return page?.has_next_page && typeof page.end_cursor === 'string' ? page.end_cursor : null;
}

/** The timeline's page_info as the server writes it, before its edges. */
const PAGE_INFO =
  /"edge_web_feed_timeline":\{"page_info":\{"has_next_page":(true|false),"end_cursor":("(?:[^"\\]|\\.)*"|null)\}/;

/**
 * feedCursor of a feed answer's raw bytes. The server writes page_info before the posts, so the
 * cursor is read from the first kilobyte; the whole answer (62 KB on the 10× seed) is decoded and
 * parsed only when it is not there. Decoding and parsing every answer was up to a third of the
 * load generator's CPU in a profile, which on a shared machine it takes from the server it measures.
 */
export function feedCursorOfBytes(chunks: Buffer[]): string | null {
  const first: Buffer[] = [];
  let length = 0;
  for (const chunk of chunks) {
    if (length >= 1024) break;
    first.push(chunk);
    length += chunk.length;
  }
  const found = PAGE_INFO.exec(Buffer.concat(first, Math.min(length, 1024)).toString('utf8'));
  if (found) return found[1] === 'true' && found[2] !== 'null' ? JSON.parse(found[2]) : null;
  try {
    return feedCursor(JSON.parse(Buffer.concat(chunks).toString('utf8')));
  } catch {
    return null;
  }
}

export async function feedPosts(session: Session, count = 12): Promise<FoundPost[]> {
  const res = await fetch(session.baseUrl + feedQueryPath(count), {
    headers: { cookie: cookieHeader(session.cookies), 'x-requested-with': 'XMLHttpRequest' },
  });
  if (!res.ok) throw new Error(`feed query: ${res.status} ${await res.text()}`);
  return findPosts(await res.json());
}
