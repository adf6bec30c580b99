import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../context.ts';
import { blockedIds } from './access.ts';

/**
 * A page of posts grouped by a key — a hashtag's, a place's — and the tables that count them
 * (migrations 016 and 017): `counts` holds each key's posts by public, active owners, kept by
 * triggers; `rows` has one row per post and key with its owner, indexed on (owner_id, key).
 */
interface Facet {
  counts: 'hashtag_counts' | 'location_counts';
  rows: 'post_hashtags' | 'posts';
  key: 'hashtag' | 'location_id';
}

export const HASHTAGS: Facet = { counts: 'hashtag_counts', rows: 'post_hashtags', key: 'hashtag' };
export const PLACES: Facet = { counts: 'location_counts', rows: 'posts', key: 'location_id' };

const list = (values: string[]) => sql.join(values.map((v) => sql`${v}`));

/** The owners whose private posts the viewer may see: themselves and whom they follow. */
const viewerSeesPrivately = (viewerId: string) =>
  sql`SELECT f.followee_id AS id FROM follows f WHERE f.follower_id = ${viewerId}
      UNION ALL SELECT ${viewerId}`;

/**
 * How many posts under each key the viewer may see: what a scan of the keys' posts through
 * ownerVisibleTo and ownerActive would count, in O(the viewer's follows and blocks) instead of
 * O(the keys' posts):
 *   the posts of public, active owners (the counter table)
 *   − those of public owners on either side of a block with the viewer
 *   + those of private, active owners the viewer may see: themselves and whom they follow.
 * The last two walk their owners first (CROSS JOIN keeps SQLite's join order), then each owner's
 * rows of these keys by the (owner_id, key) index: never a key's whole list of posts. Keys nobody
 * the viewer may see has used count 0.
 */
export async function visibleCounts(
  ctx: AppContext,
  viewerId: string | null,
  facet: Facet,
  keys: string[],
): Promise<Map<string, number>> {
  const counts = new Map(keys.map((key) => [key, 0]));
  if (keys.length === 0) return counts;
  const blocked = await blockedIds(ctx, viewerId);
  const key = sql.ref(`r.${facet.key}`);
  const rows = sql.table(facet.rows);
  const parts: RawBuilder<unknown>[] = [
    sql`SELECT ${sql.ref(facet.key)} AS k, public_posts AS n FROM ${sql.table(facet.counts)}
        WHERE ${sql.ref(facet.key)} IN (${list(keys)})`,
  ];
  if (blocked.length > 0) {
    parts.push(sql`SELECT ${key} AS k, -count(*) AS n FROM users u CROSS JOIN ${rows} r
      WHERE u.id IN (${list(blocked)}) AND u.is_private = 0 AND u.is_active = 1
        AND r.owner_id = u.id AND ${key} IN (${list(keys)})
      GROUP BY ${key}`);
  }
  if (viewerId) {
    const notBlocked = blocked.length > 0 ? sql`AND o.id NOT IN (${list(blocked)})` : sql``;
    parts.push(sql`SELECT ${key} AS k, count(*) AS n
      FROM (${viewerSeesPrivately(viewerId)}) o CROSS JOIN users u CROSS JOIN ${rows} r
      WHERE u.id = o.id AND u.is_private = 1 AND u.is_active = 1 ${notBlocked}
        AND r.owner_id = u.id AND ${key} IN (${list(keys)})
      GROUP BY ${key}`);
  }
  const { rows: sums } = await sql<{ k: string; n: number | string | null }>`
    SELECT k, sum(n) AS n FROM (${sql.join(parts, sql` UNION ALL `)}) parts
    GROUP BY k`.execute(ctx.db);
  for (const row of sums) counts.set(row.k, Number(row.n ?? 0));
  return counts;
}

/** The viewer's visible post count under one key (see visibleCounts). */
export async function visibleCount(
  ctx: AppContext,
  viewerId: string | null,
  facet: Facet,
  key: string,
): Promise<number> {
  return (await visibleCounts(ctx, viewerId, facet, [key])).get(key) ?? 0;
}

/**
 * Up to `limit` tags named like `pattern` (a LIKE pattern, escaped with '\') that the viewer may
 * have posts to see under: the most used public tags, and tags of the private accounts the viewer
 * may see. Reads distinct tags (hashtag_counts) and the viewer's followed owners' rows, never every
 * post of a tag.
 */
export async function hashtagCandidates(
  ctx: AppContext,
  viewerId: string | null,
  pattern: string,
  limit: number,
): Promise<string[]> {
  const like = sql`${pattern} escape '\\'`;
  const publicTags = sql`SELECT hashtag FROM (
      SELECT hashtag FROM hashtag_counts WHERE hashtag LIKE ${like} AND public_posts > 0
      ORDER BY public_posts DESC, hashtag LIMIT ${limit}) pub`;
  const privateTags = viewerId
    ? sql` UNION SELECT hashtag FROM (
        SELECT DISTINCT ph.hashtag
        FROM (${viewerSeesPrivately(viewerId)}) o CROSS JOIN users u CROSS JOIN post_hashtags ph
        WHERE u.id = o.id AND u.is_private = 1 AND u.is_active = 1
          AND ph.owner_id = u.id AND ph.hashtag LIKE ${like}
        LIMIT ${limit}) priv`
    : sql``;
  const { rows } = await sql<{ hashtag: string }>`${publicTags}${privateTags}`.execute(ctx.db);
  return rows.map((r) => r.hashtag);
}
