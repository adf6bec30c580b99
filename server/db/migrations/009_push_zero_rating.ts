import type { Kysely } from 'kysely';

// Push registrations (accounts §3 "Push registration payload": device_token, device_type web,
// mid) and zero-rating preferences (§3: one per media type), both per member.
// A device token names one browser's push subscription: registering it again, from any account,
// moves it to that account (the last member to log in on the device gets its notifications).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('push_registrations')
    .addColumn('device_token', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_type', 'text', (c) => c.notNull())
    .addColumn('mid', 'text')
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_registrations_user')
    .on('push_registrations')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('zero_rating_preferences')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('zero_rating_preferences_pk', ['user_id', 'media_type'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('zero_rating_preferences').execute();
  await db.schema.dropTable('push_registrations').execute();
}
