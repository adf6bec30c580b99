import type { Kysely } from 'kysely';

// Suggestions a viewer dismissed (content §7 aysf_dismiss and chaining_dismiss). A null
// chaining_user_id is a dismissal from suggested users; otherwise it is from the chaining row of
// that profile. No primary key over the three columns: PostgreSQL and SQLite both allow repeated
// NULLs in unique keys, so the route replaces a row instead of relying on a constraint.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('suggestion_dismissals')
    .addColumn('viewer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('chaining_user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('suggestion_dismissals_viewer_target_idx')
    .on('suggestion_dismissals')
    .columns(['viewer_id', 'target_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('suggestion_dismissals').execute();
}
