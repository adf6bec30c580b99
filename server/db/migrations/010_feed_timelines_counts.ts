import { type Kysely, PostgresAdapter, sql } from 'kysely';

/*
 * Reads that cost O(page), not O(data) (issue 15).
 *
 * feed_items: each member's home timeline, written when a post is made (fan-out on write to the
 * owner and every follower) and when a follow starts or ends, so the home feed is one index range
 * read of (viewer_id, taken_at, post_id) however many posts and follows exist. Triggers keep it
 * exact on every path that changes posts or follows (the follow and unfollow calls, request
 * approval, blocks, post deletion, the seed): no write path has to remember it. Visibility that
 * can change without a follow changing (a block, a deactivation) is still checked on read.
 *
 * posts.like_count: the likes of each post, kept by triggers on likes; the "top posts" orders
 * (explore, hashtag and location tops) walk an index on it instead of counting every post's likes.
 * users.follower_count likewise (triggers on follows): suggestions past friends of friends walk
 * the most followed accounts in index order instead of counting every member's followers.
 * post_hashtags.taken_at and .like_count copy their post's (triggers on insert and on likes), so a
 * hashtag page's newest and top posts are index ranges of the tag, not a sort of all its posts.
 *
 * Plus the indexes that the list queries' plans asked for: each list's order (followers and
 * following, likes of a post, saves, collection posts, a location's newest and top posts),
 * collections by member, comments by author.
 */

const SQLITE_TRIGGERS = [
  `CREATE TRIGGER feed_items_post_ai AFTER INSERT ON posts BEGIN
     INSERT OR IGNORE INTO feed_items (viewer_id, post_id, owner_id, taken_at)
       VALUES (NEW.owner_id, NEW.id, NEW.owner_id, NEW.taken_at);
     INSERT OR IGNORE INTO feed_items (viewer_id, post_id, owner_id, taken_at)
       SELECT f.follower_id, NEW.id, NEW.owner_id, NEW.taken_at FROM follows f
       WHERE f.followee_id = NEW.owner_id;
   END`,
  `CREATE TRIGGER feed_items_follow_ai AFTER INSERT ON follows BEGIN
     INSERT OR IGNORE INTO feed_items (viewer_id, post_id, owner_id, taken_at)
       SELECT NEW.follower_id, p.id, p.owner_id, p.taken_at FROM posts p
       WHERE p.owner_id = NEW.followee_id;
     UPDATE users SET follower_count = follower_count + 1 WHERE id = NEW.followee_id;
   END`,
  `CREATE TRIGGER feed_items_follow_ad AFTER DELETE ON follows BEGIN
     DELETE FROM feed_items
       WHERE viewer_id = OLD.follower_id AND owner_id = OLD.followee_id
         AND owner_id <> viewer_id;
     UPDATE users SET follower_count = follower_count - 1 WHERE id = OLD.followee_id;
   END`,
  `CREATE TRIGGER post_hashtags_post_ai AFTER INSERT ON post_hashtags BEGIN
     UPDATE post_hashtags
       SET taken_at = (SELECT p.taken_at FROM posts p WHERE p.id = NEW.post_id),
           like_count = (SELECT p.like_count FROM posts p WHERE p.id = NEW.post_id)
       WHERE post_id = NEW.post_id AND hashtag = NEW.hashtag;
   END`,
  `CREATE TRIGGER post_hashtags_likes_au AFTER UPDATE OF like_count ON posts BEGIN
     UPDATE post_hashtags SET like_count = NEW.like_count WHERE post_id = NEW.id;
   END`,
  `CREATE TRIGGER posts_like_count_ai AFTER INSERT ON likes BEGIN
     UPDATE posts SET like_count = like_count + 1 WHERE id = NEW.post_id;
   END`,
  `CREATE TRIGGER posts_like_count_ad AFTER DELETE ON likes BEGIN
     UPDATE posts SET like_count = like_count - 1 WHERE id = OLD.post_id;
   END`,
];

const PG_FUNCTIONS = [
  `CREATE OR REPLACE FUNCTION feed_items_post_ai() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO feed_items (viewer_id, post_id, owner_id, taken_at)
       VALUES (NEW.owner_id, NEW.id, NEW.owner_id, NEW.taken_at) ON CONFLICT DO NOTHING;
     INSERT INTO feed_items (viewer_id, post_id, owner_id, taken_at)
       SELECT f.follower_id, NEW.id, NEW.owner_id, NEW.taken_at FROM follows f
       WHERE f.followee_id = NEW.owner_id ON CONFLICT DO NOTHING;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION feed_items_follow_ai() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     INSERT INTO feed_items (viewer_id, post_id, owner_id, taken_at)
       SELECT NEW.follower_id, p.id, p.owner_id, p.taken_at FROM posts p
       WHERE p.owner_id = NEW.followee_id ON CONFLICT DO NOTHING;
     UPDATE users SET follower_count = follower_count + 1 WHERE id = NEW.followee_id;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION feed_items_follow_ad() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM feed_items
       WHERE viewer_id = OLD.follower_id AND owner_id = OLD.followee_id
         AND owner_id <> viewer_id;
     UPDATE users SET follower_count = follower_count - 1 WHERE id = OLD.followee_id;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION post_hashtags_post_bi() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     SELECT p.taken_at, p.like_count INTO NEW.taken_at, NEW.like_count
       FROM posts p WHERE p.id = NEW.post_id;
     RETURN NEW;
   END $$`,
  `CREATE OR REPLACE FUNCTION post_hashtags_likes_au() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE post_hashtags SET like_count = NEW.like_count WHERE post_id = NEW.id;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION posts_like_count_ai() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE posts SET like_count = like_count + 1 WHERE id = NEW.post_id;
     RETURN NULL;
   END $$`,
  `CREATE OR REPLACE FUNCTION posts_like_count_ad() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     UPDATE posts SET like_count = like_count - 1 WHERE id = OLD.post_id;
     RETURN NULL;
   END $$`,
];

const PG_TRIGGERS: [name: string, when: string, table: string][] = [
  ['feed_items_post_ai', 'AFTER INSERT', 'posts'],
  ['feed_items_follow_ai', 'AFTER INSERT', 'follows'],
  ['feed_items_follow_ad', 'AFTER DELETE', 'follows'],
  ['post_hashtags_post_bi', 'BEFORE INSERT', 'post_hashtags'],
  ['post_hashtags_likes_au', 'AFTER UPDATE OF like_count', 'posts'],
  ['posts_like_count_ai', 'AFTER INSERT', 'likes'],
  ['posts_like_count_ad', 'AFTER DELETE', 'likes'],
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;

  await db.schema
    .createTable('feed_items')
    .addColumn('viewer_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('post_id', 'text', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('taken_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('feed_items_pk', ['viewer_id', 'post_id'])
    .execute();
  // The timeline read: newest first from a (taken_at, post_id) cursor.
  await db.schema
    .createIndex('feed_items_timeline_idx')
    .on('feed_items')
    .columns(['viewer_id', 'taken_at', 'post_id'])
    .execute();
  // An unfollow removes one owner's items from one timeline; a post delete cascades by post.
  await db.schema
    .createIndex('feed_items_owner_idx')
    .on('feed_items')
    .columns(['viewer_id', 'owner_id'])
    .execute();
  await db.schema.createIndex('feed_items_post_idx').on('feed_items').column('post_id').execute();

  await db.schema
    .alterTable('posts')
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE posts SET like_count = (SELECT count(*) FROM likes WHERE likes.post_id = posts.id)`.execute(
    db,
  );
  // Explore and the tops: most liked first, newest first among equals.
  await db.schema
    .createIndex('posts_top_idx')
    .on('posts')
    .columns(['like_count', 'taken_at', 'id'])
    .execute();

  await db.schema
    .alterTable('users')
    .addColumn('follower_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE users SET follower_count = (SELECT count(*) FROM follows WHERE follows.followee_id = users.id)`.execute(
    db,
  );
  // Suggestions past friends of friends: most followed first, newest first, then by id.
  await sql`CREATE INDEX users_popular_idx ON users (follower_count DESC, created_at DESC, id)`.execute(
    db,
  );

  // Hashtag pages page through a tag's own rows: each carries its post's time and likes.
  await db.schema
    .alterTable('post_hashtags')
    .addColumn('taken_at', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('post_hashtags')
    .addColumn('like_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`UPDATE post_hashtags SET
      taken_at = (SELECT p.taken_at FROM posts p WHERE p.id = post_hashtags.post_id),
      like_count = (SELECT p.like_count FROM posts p WHERE p.id = post_hashtags.post_id)`.execute(
    db,
  );
  await db.schema
    .createIndex('post_hashtags_recent_idx')
    .on('post_hashtags')
    .columns(['hashtag', 'taken_at', 'post_id'])
    .execute();
  await db.schema
    .createIndex('post_hashtags_top_idx')
    .on('post_hashtags')
    .columns(['hashtag', 'like_count', 'taken_at', 'post_id'])
    .execute();
  // Location pages: newest and most liked of one place.
  await db.schema
    .createIndex('posts_location_recent_idx')
    .on('posts')
    .columns(['location_id', 'taken_at', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_location_top_idx')
    .on('posts')
    .columns(['location_id', 'like_count', 'taken_at', 'id'])
    .execute();
  // Followers and following lists, newest first.
  await db.schema
    .createIndex('follows_followers_idx')
    .on('follows')
    .columns(['followee_id', 'created_at', 'follower_id'])
    .execute();
  await db.schema
    .createIndex('follows_following_idx')
    .on('follows')
    .columns(['follower_id', 'created_at', 'followee_id'])
    .execute();

  // Timelines for the posts and follows already there.
  await sql`INSERT INTO feed_items (viewer_id, post_id, owner_id, taken_at)
    SELECT owner_id, id, owner_id, taken_at FROM posts`.execute(db);
  await sql`INSERT INTO feed_items (viewer_id, post_id, owner_id, taken_at)
    SELECT f.follower_id, p.id, p.owner_id, p.taken_at FROM follows f
    JOIN posts p ON p.owner_id = f.followee_id
    WHERE f.follower_id <> f.followee_id`.execute(db);

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

  // Lists that filter or order by columns no index covered.
  // A post's newest comments by (time, id), covering the previews' read; replaces 001's
  // (post_id, created_at), whose every use it serves.
  await db.schema
    .createIndex('comments_post_time_idx')
    .on('comments')
    .columns(['post_id', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('comments_post_idx').execute();
  await db.schema
    .createIndex('comments_user_idx')
    .on('comments')
    .columns(['user_id', 'post_id'])
    .execute();
  await db.schema
    .createIndex('likes_post_time_idx')
    .on('likes')
    .columns(['post_id', 'created_at', 'user_id'])
    .execute();
  await db.schema
    .createIndex('saves_user_time_idx')
    .on('saves')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('collections_user_idx').on('collections').column('user_id').execute();
  await db.schema
    .createIndex('collection_posts_time_idx')
    .on('collection_posts')
    .columns(['collection_id', 'created_at'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const [name, , table] of PG_TRIGGERS) {
    await sql.raw(`DROP TRIGGER IF EXISTS ${name}${pg ? ` ON ${table}` : ''}`).execute(db);
    if (pg) await sql.raw(`DROP FUNCTION IF EXISTS ${name}()`).execute(db);
  }
  await db.schema
    .createIndex('comments_post_idx')
    .on('comments')
    .columns(['post_id', 'created_at'])
    .execute();
  for (const index of [
    'comments_post_time_idx',
    'collections_user_idx',
    'collection_posts_time_idx',
    'saves_user_time_idx',
    'likes_post_time_idx',
    'comments_user_idx',
    'posts_top_idx',
    'users_popular_idx',
    'post_hashtags_recent_idx',
    'post_hashtags_top_idx',
    'posts_location_recent_idx',
    'posts_location_top_idx',
    'follows_followers_idx',
    'follows_following_idx',
  ]) {
    await db.schema.dropIndex(index).ifExists().execute();
  }
  await db.schema.alterTable('posts').dropColumn('like_count').execute();
  await db.schema.alterTable('users').dropColumn('follower_count').execute();
  await db.schema.alterTable('post_hashtags').dropColumn('like_count').execute();
  await db.schema.alterTable('post_hashtags').dropColumn('taken_at').execute();
  await db.schema.dropTable('feed_items').execute();
}
