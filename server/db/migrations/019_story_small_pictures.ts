import type { Kysely } from 'kysely';

// A smaller copy of each story picture (issue 18): 540 px wide beside the 1080 px original, at
// `s/<id>/540.jpg` (server/stories/variant.ts). A desktop viewer draws a story about 450×800 CSS
// pixels at 1×, so the full picture was 5× the pixels it needs to fetch, decode and upload.
// `small_width` is the copy's width, null until it exists: new stories get it when they are made
// and the seed makes it; older rows get it the first time a payload carries them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('story_items').addColumn('small_width', 'integer').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('story_items').dropColumn('small_width').execute();
}
