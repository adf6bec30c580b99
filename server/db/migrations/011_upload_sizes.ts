import type { Kysely } from 'kysely';

// Staged uploads are capped per member (UPLOAD_QUOTA_MB) and swept once abandoned
// (UPLOAD_EXPIRY_HOURS): each row records the bytes its file holds or will hold, and the sweep
// finds old rows by created_at. Rows from before this migration count as empty; they expire
// within a day like any other.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('uploads')
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('uploads_created_at').on('uploads').column('created_at').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('uploads_created_at').execute();
  await db.schema.alterTable('uploads').dropColumn('size').execute();
}
