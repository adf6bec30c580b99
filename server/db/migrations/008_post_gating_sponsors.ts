import { sql, type Kysely } from 'kysely';

// Two Post fields of content §3 that had no storage.
// Gating info: a post may open behind a cover (gating_type 'sensitive': the photo stays blurred
// until the viewer chooses to see it). gating_type set means there is a cover, and then it has a
// title and a description (the check keeps half a cover out). The cover's buttons are not stored:
// they follow from the media type ("See Photo", "See Video").
// Sponsors: the members a post is a paid partnership with ("Paid partnership with …"), in order;
// a row goes with its post and with its sponsor's account.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('posts').addColumn('gating_type', 'text').execute();
  await db.schema.alterTable('posts').addColumn('gating_title', 'text').execute();
  // A column check may name the other columns on both databases; SQLite cannot add a table
  // constraint to an existing table.
  await db.schema
    .alterTable('posts')
    .addColumn('gating_description', 'text', (c) =>
      c.check(
        sql`gating_type IS NULL OR (gating_title IS NOT NULL AND gating_description IS NOT NULL)`,
      ),
    )
    .execute();
  await db.schema
    .createTable('post_sponsors')
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('sponsor_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('post_sponsors_pk', ['post_id', 'sponsor_id'])
    .execute();
  await db.schema
    .createIndex('post_sponsors_sponsor_idx')
    .on('post_sponsors')
    .column('sponsor_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('post_sponsors').execute();
  await db.schema.alterTable('posts').dropColumn('gating_description').execute();
  await db.schema.alterTable('posts').dropColumn('gating_title').execute();
  await db.schema.alterTable('posts').dropColumn('gating_type').execute();
}
