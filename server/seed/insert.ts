import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { SeedPlan } from './plan/index.ts';

/**
 * Rows per INSERT. Well under PostgreSQL's 65535 bind parameters and SQLite's limit even for
 * the widest table (users, ~22 columns).
 */
const CHUNK = 200;

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

export async function insertPlan(trx: Transaction<Database>, plan: SeedPlan): Promise<number> {
  let total = 0;
  for (const table of ORDER) {
    const rows: readonly unknown[] = plan[table];
    for (let i = 0; i < rows.length; i += CHUNK) {
      // The plan's row types are exactly the table types; the cast only bridges the union.
      await trx
        .insertInto(table)
        .values(rows.slice(i, i + CHUNK) as never)
        .execute();
    }
    total += rows.length;
  }
  return total;
}
