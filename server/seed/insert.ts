import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SeedPlan } from './plan/index.ts';

/**
 * Bind parameters per multi-row INSERT: under PostgreSQL's 65535 and SQLite's 32766 (its default
 * since 3.32; better-sqlite3 bundles a newer one), so a chunk of users (~24 columns) is ~830
 * rows. Measured on 240 000 like rows: 200-row chunks took ~1.5× as long as 1 300-row ones on
 * PostgreSQL (round trips) and ~1.3× on SQLite; beyond that it hardly changes.
 */
const MAX_PARAMS = 20_000;
/** Rows per INSERT at most, however narrow the table (likes: 3 columns). */
const MAX_ROWS = 5000;

/** Parents before children, so foreign keys hold at every step. */
const ORDER = [
  'users',
  'countries',
  'cities',
  'locations',
  'posts',
  'post_children',
  'post_tags',
  'post_hashtags',
  'post_sponsors',
  'hashtag_moderation',
  'likes',
  'saves',
  'collections',
  'collection_posts',
  'comments',
  'follows',
  'follow_requests',
  'story_items',
  'story_views',
  'reel_seen',
  'notifications',
  'promotions',
  'app_authorizations',
  'contacts',
] as const satisfies readonly (keyof SeedPlan & keyof Database)[];

/** Inserts every planned row; `onProgress` hears the running total every 100 000 rows. */
export async function insertPlan(
  trx: Transaction<Database>,
  plan: SeedPlan,
  onProgress: (rows: number) => void = () => {},
): Promise<number> {
  let total = 0;
  for (const table of ORDER) {
    const rows: readonly object[] = plan[table];
    if (!rows.length) continue;
    const chunk = Math.max(
      1,
      Math.min(MAX_ROWS, Math.floor(MAX_PARAMS / Object.keys(rows[0]).length)),
    );
    for (let i = 0; i < rows.length; i += chunk) {
      // The plan's row types are exactly the table types; the cast only bridges the union.
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + chunk) as never)
        .execute();
      const done = total + Math.min(i + chunk, rows.length);
      if (Math.floor(done / 100_000) > Math.floor((total + i) / 100_000)) onProgress(done);
    }
    total += rows.length;
  }
  return total;
}
