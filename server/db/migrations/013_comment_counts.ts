import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * posts.comment_count: the comments rows of each post, kept by triggers on comments like
 * like_count (migration 010). A page's comment counts are this number less what the viewer may
 * not read (comments by members on either side of a block, and what the owner's keyword filter
 * hides), both of which are found from the few blocked members and filtering owners, so a count
 * costs O(page) instead of reading every comment of every post on the page.
 */

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER posts_comment_count_ai AFTER INSERT ON comments BEGIN
     UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
   END`,
  `CREATE TRIGGER posts_comment_count_ad AFTER DELETE ON comments BEGIN
     UPDATE posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
   END`,
];

const PG_FUNCTIONS = [
  `CREATE OR REPLACE FUNCTION posts_comment_count_ai() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE posts SET comment_count = comment_count + 1 WHERE id = NEW.post_id;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION posts_comment_count_ad() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE posts SET comment_count = comment_count - 1 WHERE id = OLD.post_id;
     RETURN NULL;
   END $$`,
];

const PG_TRIGGERS: [name: string, when: string, table: string][] = [
  ['posts_comment_count_ai', 'AFTER INSERT', 'comments'],
  ['posts_comment_count_ad', 'AFTER DELETE', 'comments'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .alterTable('posts')
    .addColumn('comment_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE posts SET comment_count =
    (SELECT count(*) FROM comments WHERE comments.post_id = posts.id)`.execute(db);
  if (pg) {
    for (const fn of PG_FUNCTIONS) await sql.raw(fn).execute(db);
    for (const [name, when, table] of PG_TRIGGERS) {
      await sql
        .raw(`CREATE TRIGGER ${name} ${when} ON ${table} FOR EACH ROW EXECUTE FUNCTION ${name}()`)
        .execute(db);
    }
  } else {
    for (const trigger of SQLITE_TRIGGERS) await sql.raw(trigger).execute(db);
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [name, , table] of PG_TRIGGERS) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}${pg ? ` ON ${table}` : ''}`).execute(db);
    if (pg) await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
  }
  await db.schema.alterTable('posts').dropColumn('comment_count').execute();
}
