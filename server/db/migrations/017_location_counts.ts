import { type Kysely, sql } from 'kysely';
import { createTriggers, dropTriggers, type TriggerSet } from './triggers.ts';

/*
 * A location page's post count, exact for each viewer, in O(the viewer's follows and blocks)
 * instead of O(the place's posts) (issue 15), as migration 016 does for hashtags.
 *
 * location_counts.public_posts: the place's posts whose owner is public and active, kept by
 * triggers on posts (made, deleted, moved to another place by an edit) and on users (an account
 * going private or public, deactivated or back). An index on posts (owner_id, location_id) makes
 * one owner's posts at a place an index range (server/content/visibleCounts.ts).
 */

const PUBLIC = `u.is_private = 0 AND u.is_active = 1`;
const WAS_PUBLIC = `(OLD.is_private = 0 AND OLD.is_active = 1)`;
const IS_PUBLIC = `(NEW.is_private = 0 AND NEW.is_active = 1)`;
const ownerIsPublic = (owner: string) =>
  `EXISTS (SELECT 1 FROM users u WHERE u.id = ${owner} AND ${PUBLIC})`;

const ownerPlaces = (owner: string) =>
  `SELECT location_id, count(*) AS n FROM posts
   WHERE owner_id = ${owner} AND location_id IS NOT NULL GROUP BY location_id`;

const addOne = (place: string, pg: boolean) =>
  `INSERT INTO location_counts (location_id, public_posts) VALUES (${place}, 1)
   ON CONFLICT (location_id) DO UPDATE SET public_posts = ${pg ? 'location_counts.' : ''}public_posts + 1`;
const takeOne = (place: string) =>
  `UPDATE location_counts SET public_posts = public_posts - 1 WHERE location_id = ${place}`;

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER location_counts_ai AFTER INSERT ON posts
     WHEN NEW.location_id IS NOT NULL AND ${ownerIsPublic('NEW.owner_id')} BEGIN
     ${addOne('NEW.location_id', false)};
   END`,
  `CREATE TRIGGER location_counts_ad AFTER DELETE ON posts
     WHEN OLD.location_id IS NOT NULL AND ${ownerIsPublic('OLD.owner_id')} BEGIN
     ${takeOne('OLD.location_id')};
   END`,
  `CREATE TRIGGER location_counts_au AFTER UPDATE OF location_id ON posts
     WHEN OLD.location_id IS NOT NEW.location_id AND ${ownerIsPublic('NEW.owner_id')} BEGIN
     ${takeOne('OLD.location_id')};
     INSERT INTO location_counts (location_id, public_posts)
       SELECT NEW.location_id, 1 WHERE NEW.location_id IS NOT NULL
       ON CONFLICT (location_id) DO UPDATE SET public_posts = public_posts + 1;
   END`,
  `CREATE TRIGGER location_counts_owner_public AFTER UPDATE OF is_private, is_active ON users
     WHEN NOT ${WAS_PUBLIC} AND ${IS_PUBLIC} BEGIN
     INSERT INTO location_counts (location_id, public_posts)
       SELECT location_id, n FROM (${ownerPlaces('NEW.id')}) WHERE true
       ON CONFLICT (location_id) DO UPDATE SET public_posts = public_posts + excluded.public_posts;
   END`,
  `CREATE TRIGGER location_counts_owner_hidden AFTER UPDATE OF is_private, is_active ON users
     WHEN ${WAS_PUBLIC} AND NOT ${IS_PUBLIC} BEGIN
     UPDATE location_counts SET public_posts = public_posts - (
         SELECT count(*) FROM posts p
         WHERE p.owner_id = NEW.id AND p.location_id = location_counts.location_id)
       WHERE location_id IN (SELECT location_id FROM posts WHERE owner_id = NEW.id);
   END`,
];

const PG_FUNCTIONS = [
  `CREATE OR REPLACE FUNCTION location_counts_posts() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.location_id IS NOT NULL
        AND ${ownerIsPublic('OLD.owner_id')} THEN
       ${takeOne('OLD.location_id')};
     END IF;
     IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.location_id IS NOT NULL
        AND ${ownerIsPublic('NEW.owner_id')} THEN
       ${addOne('NEW.location_id', true)};
     END IF;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION location_counts_owner_au() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF NOT ${WAS_PUBLIC} AND ${IS_PUBLIC} THEN
       INSERT INTO location_counts (location_id, public_posts)
         SELECT location_id, n FROM (${ownerPlaces('NEW.id')}) t
         ON CONFLICT (location_id) DO UPDATE
           SET public_posts = location_counts.public_posts + EXCLUDED.public_posts;
     ELSIF ${WAS_PUBLIC} AND NOT ${IS_PUBLIC} THEN
       UPDATE location_counts c SET public_posts = c.public_posts - t.n
         FROM (${ownerPlaces('NEW.id')}) t WHERE c.location_id = t.location_id;
     END IF;
     RETURN NULL;
   END $$`,
];

const TRIGGERS: TriggerSet = {
  sqlite: SQLITE_TRIGGERS,
  pgFunctions: PG_FUNCTIONS,
  pgTriggers: [
    {
      name: 'location_counts_ai',
      when: 'AFTER INSERT',
      table: 'posts',
      fn: 'location_counts_posts',
    },
    {
      name: 'location_counts_ad',
      when: 'AFTER DELETE',
      table: 'posts',
      fn: 'location_counts_posts',
    },
    {
      name: 'location_counts_au',
      when: 'AFTER UPDATE OF location_id',
      table: 'posts',
      fn: 'location_counts_posts',
      condition: 'OLD.location_id IS DISTINCT FROM NEW.location_id',
    },
    {
      name: 'location_counts_owner_au',
      when: 'AFTER UPDATE OF is_private, is_active',
      table: 'users',
    },
  ],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('posts_owner_location_idx')
    .on('posts')
    .columns(['owner_id', 'location_id'])
    .execute();
  await db.schema
    .createTable('location_counts')
    .addColumn('location_id', 'text', (c) => c.primaryKey())
    .addColumn('public_posts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`INSERT INTO location_counts (location_id, public_posts)
    SELECT p.location_id, count(*) FROM posts p JOIN users u ON u.id = p.owner_id
    WHERE p.location_id IS NOT NULL AND ${sql.raw(PUBLIC)} GROUP BY p.location_id`.execute(db);
  await createTriggers(db, TRIGGERS);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await dropTriggers(db, TRIGGERS);
  await db.schema.dropTable('location_counts').execute();
  await db.schema.dropIndex('posts_owner_location_idx').execute();
}
