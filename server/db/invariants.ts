import { sql } from 'kysely';
import type { DB } from './database.ts';

/**
 * What the triggers of migrations 010, 013, 016 and 017 promise, checked against the rows themselves. Each entry
 * counts the rows that break one promise; all are 0 in a consistent database. Used by the tests
 * and by the load bench after its run. Each check reads whole tables: for checks, not requests.
 */
export interface InvariantReport {
  /** Posts whose like_count differs from their likes rows. */
  likeCountMismatches: number;
  /** Posts whose comment_count differs from their comments rows. */
  commentCountMismatches: number;
  /** Members whose follower_count differs from their follows rows. */
  followerCountMismatches: number;
  /** Own or followed posts missing from a member's timeline. */
  missingTimelineItems: number;
  /** Timeline items that are neither the member's own post nor a followed member's. */
  strayTimelineItems: number;
  /** Hashtag rows whose copied time, likes or owner differ from their post's. */
  hashtagOrderMismatches: number;
  /** Tags whose public post count (migration 016) differs from their rows. */
  hashtagCountMismatches: number;
  /** Places whose public post count (migration 017) differs from their posts. */
  locationCountMismatches: number;
}

const count = async (db: DB, query: ReturnType<typeof sql<{ n: number | string }>>) =>
  Number((await query.execute(db)).rows[0]?.n ?? 0);

export async function checkInvariants(db: DB): Promise<InvariantReport> {
  const [
    likeCountMismatches,
    commentCountMismatches,
    followerCountMismatches,
    missingTimelineItems,
    strayTimelineItems,
    hashtagOrderMismatches,
    hashtagCountMismatches,
    locationCountMismatches,
  ] = await Promise.all([
    count(
      db,
      sql`SELECT count(*) AS n FROM posts p
            WHERE p.like_count <> (SELECT count(*) FROM likes l WHERE l.post_id = p.id)`,
    ),
    count(
      db,
      sql`SELECT count(*) AS n FROM posts p
            WHERE p.comment_count <> (SELECT count(*) FROM comments c WHERE c.post_id = p.id)`,
    ),
    count(
      db,
      sql`SELECT count(*) AS n FROM users u
            WHERE u.follower_count <> (SELECT count(*) FROM follows f WHERE f.followee_id = u.id)`,
    ),
    count(
      db,
      sql`SELECT count(*) AS n FROM (
              SELECT p.owner_id AS viewer_id, p.id AS post_id FROM posts p
              UNION
              SELECT f.follower_id, p.id FROM follows f JOIN posts p ON p.owner_id = f.followee_id
            ) e
            WHERE NOT EXISTS (SELECT 1 FROM feed_items fi
                              WHERE fi.viewer_id = e.viewer_id AND fi.post_id = e.post_id)`,
    ),
    count(
      db,
      sql`SELECT count(*) AS n FROM feed_items fi
            JOIN posts p ON p.id = fi.post_id
            WHERE fi.owner_id <> p.owner_id OR fi.taken_at <> p.taken_at
               OR (fi.viewer_id <> p.owner_id AND NOT EXISTS (
                     SELECT 1 FROM follows f
                     WHERE f.follower_id = fi.viewer_id AND f.followee_id = p.owner_id))`,
    ),
    count(
      db,
      sql`SELECT count(*) AS n FROM post_hashtags ph JOIN posts p ON p.id = ph.post_id
            WHERE ph.taken_at <> p.taken_at OR ph.like_count <> p.like_count
               OR ph.owner_id <> p.owner_id`,
    ),
    count(
      db,
      sql`SELECT count(*) AS n FROM (
              SELECT t.hashtag FROM (SELECT DISTINCT hashtag FROM post_hashtags
                                     UNION SELECT hashtag FROM hashtag_counts) t
              WHERE coalesce((SELECT c.public_posts FROM hashtag_counts c
                              WHERE c.hashtag = t.hashtag), 0)
                 <> (SELECT count(*) FROM post_hashtags ph JOIN users u ON u.id = ph.owner_id
                     WHERE ph.hashtag = t.hashtag AND u.is_private = 0 AND u.is_active = 1)
            ) bad`,
    ),
    count(
      db,
      sql`SELECT count(*) AS n FROM (
              SELECT t.location_id FROM (SELECT DISTINCT location_id FROM posts
                                         WHERE location_id IS NOT NULL
                                         UNION SELECT location_id FROM location_counts) t
              WHERE coalesce((SELECT c.public_posts FROM location_counts c
                              WHERE c.location_id = t.location_id), 0)
                 <> (SELECT count(*) FROM posts p JOIN users u ON u.id = p.owner_id
                     WHERE p.location_id = t.location_id AND u.is_private = 0 AND u.is_active = 1)
            ) bad`,
    ),
  ]);
  return {
    likeCountMismatches,
    commentCountMismatches,
    followerCountMismatches,
    missingTimelineItems,
    strayTimelineItems,
    hashtagOrderMismatches,
    hashtagCountMismatches,
    locationCountMismatches,
  };
}
