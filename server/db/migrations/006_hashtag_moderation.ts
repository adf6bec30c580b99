import { sql, type Kysely } from 'kysely';

// Moderation of a hashtag page (content §3 "Hashtag"), one row per tag name (lowercase, no '#',
// as post_hashtags stores it). is_top_media_only limits the page to its top posts: the most
// recent grid is withheld. A content advisory is shown before the posts until the viewer
// acknowledges it; advisory_title set means there is one, and then it has a description (the
// check keeps half an advisory out). A tag without a row is neither. Not keyed to post_hashtags:
// a tag may be moderated before anyone uses it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('hashtag_moderation')
    .addColumn('hashtag', 'text', (c) => c.primaryKey())
    .addColumn('is_top_media_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('advisory_title', 'text')
    .addColumn('advisory_description', 'text')
    .addColumn('advisory_learn_more_url', 'text')
    .addCheckConstraint(
      'hashtag_moderation_advisory_check',
      sql`advisory_title IS NULL OR advisory_description IS NOT NULL`,
    )
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('hashtag_moderation').execute();
}
