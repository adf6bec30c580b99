import { sql, type RawBuilder } from 'kysely';
import type { AppContext } from '../context.ts';
import { blockedIds } from './access.ts';

const list = (values: string[]) => sql.join(values.map((v) => sql`${v}`));

/**
 * How many of each tag's posts the viewer may see: what a scan of the tags' posts through
 * ownerVisibleTo and ownerActive would count, in O(the viewer's follows and blocks) instead of
 * O(the tags' posts) (migration 016):
 *   the posts of public, active owners (hashtag_counts, kept by triggers)
 *   − those of public owners on either side of a block with the viewer
 *   + those of private, active owners the viewer may see: themselves and whom they follow.
 * The last two read post_hashtags by (owner_id, hashtag): one short range per blocked or
 * followed owner and tag. Tags nobody the viewer may see has used count 0.
 */
export async function visibleHashtagCounts(
  ctx: AppContext,
  viewerId: string | null,
  tags: string[],
): Promise<Map<string, number>> {
  const counts = new Map(tags.map((tag) => [tag, 0]));
  if (tags.length === 0) return counts;
  const blocked = await blockedIds(ctx, viewerId);
  const parts: RawBuilder<unknown>[] = [
    sql`SELECT hashtag, public_posts AS n FROM hashtag_counts WHERE hashtag IN (${list(tags)})`,
  ];
  // Each arm walks its owners first (CROSS JOIN keeps SQLite's join order), then their rows of
  // these tags by post_hashtags_owner_idx: never a tag's whole list of posts.
  if (blocked.length > 0) {
    parts.push(sql`SELECT ph.hashtag, -count(*) AS n
      FROM users u CROSS JOIN post_hashtags ph
      WHERE u.id IN (${list(blocked)}) AND u.is_private = 0 AND u.is_active = 1
        AND ph.owner_id = u.id AND ph.hashtag IN (${list(tags)})
      GROUP BY ph.hashtag`);
  }
  if (viewerId) {
    const notBlocked = blocked.length > 0 ? sql`AND o.id NOT IN (${list(blocked)})` : sql``;
    parts.push(sql`SELECT ph.hashtag, count(*) AS n
      FROM (${viewerSeesPrivately(viewerId)}) o CROSS JOIN users u CROSS JOIN post_hashtags ph
      WHERE u.id = o.id AND u.is_private = 1 AND u.is_active = 1 ${notBlocked}
        AND ph.owner_id = u.id AND ph.hashtag IN (${list(tags)})
      GROUP BY ph.hashtag`);
  }
  const { rows } = await sql<{ hashtag: string; n: number | string | null }>`
    SELECT hashtag, sum(n) AS n FROM (${sql.join(parts, sql` UNION ALL `)}) parts
    GROUP BY hashtag`.execute(ctx.db);
  for (const row of rows) counts.set(row.hashtag, Number(row.n ?? 0));
  return counts;
}

/** The viewer's visible post count of one tag (see visibleHashtagCounts). */
export async function visibleHashtagCount(
  ctx: AppContext,
  viewerId: string | null,
  tag: string,
): Promise<number> {
  return (await visibleHashtagCounts(ctx, viewerId, [tag])).get(tag) ?? 0;
}

/** The owners whose private posts the viewer may see: themselves and whom they follow. */
export const viewerSeesPrivately = (viewerId: string) =>
  sql`SELECT f.followee_id AS id FROM follows f WHERE f.follower_id = ${viewerId}
      UNION ALL SELECT ${viewerId}`;

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
