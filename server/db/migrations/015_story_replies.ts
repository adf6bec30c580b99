import type { Kysely } from 'kysely';

/*
 * Story replies and quick reactions (issue 18 part 5). story_replies keeps every reply and
 * reaction sent to a story item; the owner's Activity lists them through notifications, which
 * now name the story item they answer (story_item_id; post_id stays for posts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('story_replies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('item_id', 'text', (c) =>
      c.notNull().references('story_items.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull()) // 'text' | 'reaction'
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  // The viewers list reads each viewer's latest reaction to one item.
  await db.schema
    .createIndex('story_replies_item_sender_idx')
    .on('story_replies')
    .columns(['item_id', 'sender_id', 'created_at'])
    .execute();
  await db.schema
    .alterTable('notifications')
    .addColumn('story_item_id', 'text', (c) => c.references('story_items.id').onDelete('cascade'))
    .execute();
  // The cascade finds a deleted story item's notifications by index, not by a scan.
  await db.schema
    .createIndex('notifications_story_item_idx')
    .on('notifications')
    .column('story_item_id')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('notifications_story_item_idx').execute();
  await db.schema.alterTable('notifications').dropColumn('story_item_id').execute();
  await db.schema.dropTable('story_replies').execute();
}
