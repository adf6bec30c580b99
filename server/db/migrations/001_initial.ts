import { type Kysely, PostgresAdapter, sql } from 'kysely';

// One migration for SQLite and PostgreSQL. Only portable column types are used; the one
// difference (auto-increment ids) is chosen from the adapter.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const serial = pg ? 'serial' : 'integer';
  const id = (c: ReturnType<typeof db.schema.createTable>) =>
    pg
      ? c.addColumn('id', sql.raw(serial), (col) => col.primaryKey())
      : c.addColumn('id', 'integer', (col) => col.primaryKey().autoIncrement());
  const flag = 'integer';
  const text = 'text';
  const num = 'double precision';

  await db.schema
    .createTable('users')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('username', text, (c) => c.notNull().unique())
    .addColumn('full_name', text, (c) => c.notNull().defaultTo(''))
    .addColumn('email', text, (c) => c.unique())
    .addColumn('phone_number', text, (c) => c.unique())
    .addColumn('password_hash', text, (c) => c.notNull())
    .addColumn('biography', text, (c) => c.notNull().defaultTo(''))
    .addColumn('external_url', text, (c) => c.notNull().defaultTo(''))
    .addColumn('gender', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('profile_pic_key', text)
    .addColumn('is_private', flag, (c) => c.notNull().defaultTo(0))
    .addColumn('is_verified', flag, (c) => c.notNull().defaultTo(0))
    .addColumn('is_business', flag, (c) => c.notNull().defaultTo(0))
    .addColumn('chaining_enabled', flag, (c) => c.notNull().defaultTo(1))
    .addColumn('two_factor_enabled', flag, (c) => c.notNull().defaultTo(0))
    .addColumn('comment_filter', flag, (c) => c.notNull().defaultTo(0))
    .addColumn('comment_filter_keywords', text, (c) => c.notNull().defaultTo(''))
    .addColumn('fb_id', text, (c) => c.unique())
    .addColumn('activity_checked_at', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', flag, (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .execute();

  const pair = async (
    table: string,
    a: string,
    b: string,
    extra?: (
      t: ReturnType<typeof db.schema.createTable>,
    ) => ReturnType<typeof db.schema.createTable>,
  ) => {
    let t = db.schema
      .createTable(table)
      .addColumn(a, text, (c) => c.notNull())
      .addColumn(b, text, (c) => c.notNull());
    if (extra) t = extra(t);
    await t.addPrimaryKeyConstraint(`${table}_pk`, [a, b] as never).execute();
    await db.schema.createIndex(`${table}_${b}_idx`).on(table).column(b).execute();
  };
  const createdAt = (t: ReturnType<typeof db.schema.createTable>) =>
    t.addColumn('created_at', 'integer', (c) => c.notNull());

  await pair('follows', 'follower_id', 'followee_id', createdAt);
  await pair('follow_requests', 'requester_id', 'target_id', createdAt);
  await pair('blocks', 'blocker_id', 'blocked_id', createdAt);

  await db.schema
    .createTable('countries')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('slug', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cities')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('country_id', text, (c) => c.notNull().references('countries.id'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('slug', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('locations')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('city_id', text, (c) => c.references('cities.id'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('slug', text, (c) => c.notNull())
    .addColumn('lat', num, (c) => c.notNull())
    .addColumn('lng', num, (c) => c.notNull())
    .addColumn('address', text, (c) => c.notNull().defaultTo(''))
    .addColumn('external_id', text, (c) => c.notNull().defaultTo(''))
    .addColumn('external_id_source', text, (c) => c.notNull().defaultTo(''))
    .addColumn('has_public_page', flag, (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('cities_country_idx').on('cities').column('country_id').execute();
  await db.schema.createIndex('locations_city_idx').on('locations').column('city_id').execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('shortcode', text, (c) => c.notNull().unique())
    .addColumn('owner_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('caption', text, (c) => c.notNull().defaultTo(''))
    .addColumn('caption_is_edited', flag, (c) => c.notNull().defaultTo(0))
    .addColumn('media_type', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('media_key', text, (c) => c.notNull())
    .addColumn('video_key', text)
    .addColumn('video_duration', num)
    .addColumn('video_view_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('location_id', text, (c) => c.references('locations.id'))
    .addColumn('comments_disabled', flag, (c) => c.notNull().defaultTo(0))
    .addColumn('taken_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('posts_owner_idx')
    .on('posts')
    .columns(['owner_id', 'taken_at'])
    .execute();
  await db.schema.createIndex('posts_taken_idx').on('posts').column('taken_at').execute();
  await db.schema.createIndex('posts_location_idx').on('posts').column('location_id').execute();

  await db.schema
    .createTable('post_children')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('post_id', text, (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('media_key', text, (c) => c.notNull())
    .addColumn('is_video', flag, (c) => c.notNull().defaultTo(0))
    .addColumn('video_key', text)
    .execute();
  await db.schema
    .createIndex('post_children_post_idx')
    .on('post_children')
    .column('post_id')
    .execute();

  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', text, (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', text, (c) => c.notNull())
    .addColumn('x', num, (c) => c.notNull())
    .addColumn('y', num, (c) => c.notNull())
    .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('post_hashtags')
    .addColumn('post_id', text, (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('hashtag', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('post_hashtags_pk', ['post_id', 'hashtag'])
    .execute();
  await db.schema
    .createIndex('post_hashtags_tag_idx')
    .on('post_hashtags')
    .column('hashtag')
    .execute();

  for (const table of ['likes', 'saves']) {
    await db.schema
      .createTable(table)
      .addColumn('post_id', text, (c) => c.notNull().references('posts.id').onDelete('cascade'))
      .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('created_at', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['post_id', 'user_id'])
      .execute();
    await db.schema.createIndex(`${table}_user_idx`).on(table).column('user_id').execute();
  }

  await db.schema
    .createTable('collections')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('collection_posts')
    .addColumn('collection_id', text, (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('post_id', text, (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_posts_pk', ['collection_id', 'post_id'])
    .execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('post_id', text, (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('text', text, (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_post_idx')
    .on('comments')
    .columns(['post_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('story_items')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('owner_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('media_key', text, (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('is_video', flag, (c) => c.notNull().defaultTo(0))
    .addColumn('video_key', text)
    .addColumn('video_duration', num)
    .addColumn('taken_at', 'integer', (c) => c.notNull())
    .addColumn('expiring_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('story_items_owner_idx')
    .on('story_items')
    .columns(['owner_id', 'expiring_at'])
    .execute();
  await db.schema
    .createTable('story_views')
    .addColumn('item_id', text, (c) => c.notNull().references('story_items.id').onDelete('cascade'))
    .addColumn('viewer_id', text, (c) => c.notNull())
    .addColumn('seen_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('story_views_pk', ['item_id', 'viewer_id'])
    .execute();
  await db.schema
    .createTable('reel_seen')
    .addColumn('viewer_id', text, (c) => c.notNull())
    .addColumn('owner_id', text, (c) => c.notNull())
    .addColumn('seen_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('reel_seen_pk', ['viewer_id', 'owner_id'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('actor_id', text, (c) => c.notNull())
    .addColumn('post_id', text)
    .addColumn('text', text, (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('promotions')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('surface', text, (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'integer', (c) => c.notNull())
    .addColumn('end_time', 'integer', (c) => c.notNull())
    .addColumn('max_impressions', 'integer', (c) => c.notNull())
    .addColumn('template', text, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('verification_codes'))
    .addColumn('purpose', text, (c) => c.notNull())
    .addColumn('target', text, (c) => c.notNull())
    .addColumn('code_hash', text, (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addColumn('used', flag, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('verification_codes_target_idx')
    .on('verification_codes')
    .columns(['purpose', 'target'])
    .execute();
  await id(db.schema.createTable('outbox'))
    .addColumn('channel', text, (c) => c.notNull())
    .addColumn('recipient', text, (c) => c.notNull())
    .addColumn('body', text, (c) => c.notNull())
    .addColumn('code', text)
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('login_nonces')
    .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('nonce_hash', text, (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('login_nonces_pk', ['user_id', 'nonce_hash'])
    .execute();
  await db.schema
    .createTable('uploads')
    .addColumn('upload_id', text, (c) => c.primaryKey())
    .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('storage_key', text, (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('email_preferences')
    .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', text, (c) => c.notNull())
    .addColumn('subscribed', flag, (c) => c.notNull())
    .addPrimaryKeyConstraint('email_preferences_pk', ['user_id', 'name'])
    .execute();
  await db.schema
    .createTable('app_authorizations')
    .addColumn('token', text, (c) => c.primaryKey())
    .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('app_name', text, (c) => c.notNull())
    .addColumn('app_description', text, (c) => c.notNull())
    .addColumn('scopes', text, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('contacts')
    .addColumn('id', text, (c) => c.primaryKey())
    .addColumn('user_id', text, (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('raw_value', text, (c) => c.notNull())
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    'contacts',
    'app_authorizations',
    'email_preferences',
    'uploads',
    'login_nonces',
    'outbox',
    'verification_codes',
    'promotions',
    'notifications',
    'reel_seen',
    'story_views',
    'story_items',
    'comments',
    'collection_posts',
    'collections',
    'saves',
    'likes',
    'post_hashtags',
    'post_tags',
    'post_children',
    'posts',
    'locations',
    'cities',
    'countries',
    'blocks',
    'follow_requests',
    'follows',
    'sessions',
    'users',
  ];
  for (const t of tables) await db.schema.dropTable(t).ifExists().execute();
}
