import { type Kysely, sql } from 'kysely';
import { createTriggers, dropTriggers, type TriggerSet } from './triggers.ts';

/*
 * A hashtag page's post count, exact for each viewer, in O(the viewer's follows and blocks)
 * instead of O(the tag's posts) (issue 15).
 *
 * hashtag_counts.public_posts: the tag's posts whose owner is public and active, kept by triggers
 * on post_hashtags (a post made, edited or deleted) and on users (an account going private or
 * public, deactivated or back). post_hashtags.owner_id copies the post's owner (set by a trigger,
 * like taken_at and like_count in migration 010), so the tag's posts of one owner are an index
 * range of (owner_id, hashtag). A viewer's count is then the public count, less the public posts
 * of members on either side of a block, plus the private posts of the viewer and of the private
 * accounts they follow (server/content/visibleCounts.ts).
 */

const PUBLIC = `u.is_private = 0 AND u.is_active = 1`;
const WAS_PUBLIC = `(OLD.is_private = 0 AND OLD.is_active = 1)`;
const IS_PUBLIC = `(NEW.is_private = 0 AND NEW.is_active = 1)`;

// The owner's rows, one per tag with its number of posts: what an owner going public adds to
// the counts, or going private takes away.
const ownerTags = (owner: string) =>
  `SELECT hashtag, count(*) AS n FROM post_hashtags WHERE owner_id = ${owner} GROUP BY hashtag`;

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER post_hashtags_owner_ai AFTER INSERT ON post_hashtags BEGIN
     UPDATE post_hashtags SET owner_id = (SELECT p.owner_id FROM posts p WHERE p.id = NEW.post_id)
       WHERE post_id = NEW.post_id AND hashtag = NEW.hashtag;
     INSERT INTO hashtag_counts (hashtag, public_posts)
       SELECT NEW.hashtag, 1 FROM posts p JOIN users u ON u.id = p.owner_id
       WHERE p.id = NEW.post_id AND ${PUBLIC}
       ON CONFLICT (hashtag) DO UPDATE SET public_posts = public_posts + 1;
   END`,
  `CREATE TRIGGER hashtag_counts_ad AFTER DELETE ON post_hashtags BEGIN
     UPDATE hashtag_counts SET public_posts = public_posts - 1
       WHERE hashtag = OLD.hashtag
         AND EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.owner_id AND ${PUBLIC});
   END`,
  `CREATE TRIGGER hashtag_counts_owner_public AFTER UPDATE OF is_private, is_active ON users
     WHEN NOT ${WAS_PUBLIC} AND ${IS_PUBLIC} BEGIN
     INSERT INTO hashtag_counts (hashtag, public_posts)
       SELECT hashtag, n FROM (${ownerTags('NEW.id')}) WHERE true
       ON CONFLICT (hashtag) DO UPDATE SET public_posts = public_posts + excluded.public_posts;
   END`,
  `CREATE TRIGGER hashtag_counts_owner_hidden AFTER UPDATE OF is_private, is_active ON users
     WHEN ${WAS_PUBLIC} AND NOT ${IS_PUBLIC} BEGIN
     UPDATE hashtag_counts SET public_posts = public_posts - (
         SELECT count(*) FROM post_hashtags ph
         WHERE ph.owner_id = NEW.id AND ph.hashtag = hashtag_counts.hashtag)
       WHERE hashtag IN (SELECT hashtag FROM post_hashtags WHERE owner_id = NEW.id);
   END`,
];

const PG_FUNCTIONS = [
  `CREATE OR REPLACE FUNCTION post_hashtags_owner_bi() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     SELECT p.owner_id INTO NEW.owner_id FROM posts p WHERE p.id = NEW.post_id;
     RETURN NEW;
   END $$`,
  `CREATE OR REPLACE FUNCTION hashtag_counts_ai() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO hashtag_counts (hashtag, public_posts)
       SELECT NEW.hashtag, 1 FROM users u WHERE u.id = NEW.owner_id AND ${PUBLIC}
       ON CONFLICT (hashtag) DO UPDATE SET public_posts = hashtag_counts.public_posts + 1;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION hashtag_counts_ad() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE hashtag_counts SET public_posts = public_posts - 1
       WHERE hashtag = OLD.hashtag
         AND EXISTS (SELECT 1 FROM users u WHERE u.id = OLD.owner_id AND ${PUBLIC});
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION hashtag_counts_owner_au() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NOT ${WAS_PUBLIC} AND ${IS_PUBLIC} THEN
       INSERT INTO hashtag_counts (hashtag, public_posts)
         SELECT hashtag, n FROM (${ownerTags('NEW.id')}) t
         ON CONFLICT (hashtag) DO UPDATE
           SET public_posts = hashtag_counts.public_posts + EXCLUDED.public_posts;
     ELSIF ${WAS_PUBLIC} AND NOT ${IS_PUBLIC} THEN
       UPDATE hashtag_counts c SET public_posts = c.public_posts - t.n
         FROM (${ownerTags('NEW.id')}) t WHERE c.hashtag = t.hashtag;
     END IF;
     RETURN NULL;
   END $$`,
];

const TRIGGERS: TriggerSet = {
  sqlite: SQLITE_TRIGGERS,
  pgFunctions: PG_FUNCTIONS,
  pgTriggers: [
    { name: 'post_hashtags_owner_bi', when: 'BEFORE INSERT', table: 'post_hashtags' },
    { name: 'hashtag_counts_ai', when: 'AFTER INSERT', table: 'post_hashtags' },
    { name: 'hashtag_counts_ad', when: 'AFTER DELETE', table: 'post_hashtags' },
    {
      name: 'hashtag_counts_owner_au',
      when: 'AFTER UPDATE OF is_private, is_active',
      table: 'users',
    },
  ],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('post_hashtags')
    .addColumn('owner_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`UPDATE post_hashtags SET owner_id =
    (SELECT p.owner_id FROM posts p WHERE p.id = post_hashtags.post_id)`.execute(db);
  await db.schema
    .createIndex('post_hashtags_owner_idx')
    .on('post_hashtags')
    .columns(['owner_id', 'hashtag'])
    .execute();
  await db.schema
    .createTable('hashtag_counts')
    .addColumn('hashtag', 'text', (c) => c.primaryKey())
    .addColumn('public_posts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO hashtag_counts (hashtag, public_posts)
    SELECT ph.hashtag, count(*) FROM post_hashtags ph JOIN users u ON u.id = ph.owner_id
    WHERE ${sql.raw(PUBLIC)} GROUP BY ph.hashtag`.execute(db);
  await createTriggers(db, TRIGGERS);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await dropTriggers(db, TRIGGERS);
  await db.schema.dropTable('hashtag_counts').execute();
  await db.schema.dropIndex('post_hashtags_owner_idx').execute();
  await db.schema.alterTable('post_hashtags').dropColumn('owner_id').execute();
}
