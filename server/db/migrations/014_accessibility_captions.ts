import type { Kysely } from 'kysely';

// Alt text per photo (issue 19): what the member wrote for the post (or, in a carousel, for each
// child). Null means none was written; the payload then carries a description generated from
// the post's owner, date, place and tagged people (server/content/altText.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('accessibility_caption', 'text').execute();
  await db.schema.alterTable('post_children').addColumn('accessibility_caption', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('post_children').dropColumn('accessibility_caption').execute();
  await db.schema.alterTable('posts').dropColumn('accessibility_caption').execute();
}
