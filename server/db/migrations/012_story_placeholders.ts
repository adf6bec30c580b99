import type { Kysely } from 'kysely';

// Every story item carries a tiny placeholder (issue 18): its picture shrunk to 9×16 RGB pixels,
// base64 (server/stories/placeholder.ts), drawn by the viewer until the real picture is decoded.
// New stories get it when they are made and the seed fills it; rows from before this migration
// stay null here (reading their pictures is no job for a migration, and the store may be remote)
// and are filled the first time a tray or reels payload carries them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('story_items').addColumn('placeholder', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('story_items').dropColumn('placeholder').execute();
}
