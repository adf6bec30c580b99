import { type Kysely, sql } from 'kysely';
import { createTriggers, dropTriggers, type TriggerSet } from './triggers.ts';

/*
 * A profile's Tagged tab: the posts a member is tagged in, newest first, a page at a time.
 * post_tags.taken_at copies its post's (a trigger on insert, as post_hashtags does since 010), so
 * a page is one index range of (user_id, taken_at, post_id) however many tags the member has.
 * A post's taken_at never changes after it is made, so the copy never goes stale.
 */
const TRIGGERS: TriggerSet = {
  sqlite: [
    `CREATE TRIGGER post_tags_taken_at_ai AFTER INSERT ON post_tags BEGIN
       UPDATE post_tags SET taken_at = (SELECT p.taken_at FROM posts p WHERE p.id = NEW.post_id)
         WHERE post_id = NEW.post_id AND user_id = NEW.user_id;
     END`,
  ],
  pgFunctions: [
    `CREATE OR REPLACE FUNCTION post_tags_taken_at_bi() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       SELECT p.taken_at INTO NEW.taken_at FROM posts p WHERE p.id = NEW.post_id;
       RETURN NEW;
     END $$`,
  ],
  pgTriggers: [{ name: 'post_tags_taken_at_bi', when: 'BEFORE INSERT', table: 'post_tags' }],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('post_tags')
    .addColumn('taken_at', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE post_tags SET
      taken_at = (SELECT p.taken_at FROM posts p WHERE p.id = post_tags.post_id)`.execute(db);
  await db.schema
    .createIndex('post_tags_user_recent_idx')
    .on('post_tags')
    .columns(['user_id', 'taken_at', 'post_id'])
    .execute();
  await createTriggers(db, TRIGGERS);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await dropTriggers(db, TRIGGERS);
  await db.schema.dropIndex('post_tags_user_recent_idx').ifExists().execute();
  await db.schema.alterTable('post_tags').dropColumn('taken_at').execute();
}
