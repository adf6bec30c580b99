import type { Kysely } from 'kysely';

// An upload_id is the client's own number (Date.now()), so it is unique per member only: keyed on
// upload_id alone, anyone could take the ids another member was about to use. The key becomes
// (user_id, upload_id). Neither SQLite nor PostgreSQL portably changes a primary key in place, so
// the table is rebuilt and its rows copied.
const COLUMNS = ['upload_id', 'user_id', 'storage_key', 'width', 'height', 'created_at'] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function rebuild(db: Kysely<any>, name: string, key: string[]): Promise<void> {
  await db.schema
    .createTable('uploads_next')
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(name, key as never)
    .execute();
  await db
    .insertInto('uploads_next')
    .columns([...COLUMNS])
    .expression(db.selectFrom('uploads').select([...COLUMNS]))
    .execute();
  await db.schema.dropTable('uploads').execute();
  await db.schema.alterTable('uploads_next').renameTo('uploads').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await rebuild(db, 'uploads_user_upload_pk', ['user_id', 'upload_id']);
}

// Going back needs upload_ids unique again: any second member's row under one id is dropped.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db
    .deleteFrom('uploads as u')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('uploads as older')
          .select('older.upload_id')
          .whereRef('older.upload_id', '=', 'u.upload_id')
          .whereRef('older.user_id', '<', 'u.user_id'),
      ),
    )
    .execute();
  await rebuild(db, 'uploads_upload_pk', ['upload_id']);
}
