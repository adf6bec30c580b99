import type { ExpressionBuilder } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Database, UsersTable } from '../db/schema.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { ownerVisibleTo } from './access.ts';
import { decodeKeyCursor, encodeKeyCursor, takePage, toCount } from './params.ts';
import { listedPosts, ownerActive } from './postQueries.ts';
import { thumbnailSrc } from './serialize.ts';
import { toConnection, type Paging } from './feeds.ts';

// Saved posts and collections belong to one viewer: nobody else may read them.

function ownerOnly(viewer: UsersTable | null, userId: string): UsersTable {
  if (!viewer) throw forbidden('Please log in.');
  if (viewer.id !== userId) throw forbidden('Only the owner can see saved posts.');
  return viewer;
}

export async function savedMedia(
  ctx: AppContext,
  viewer: UsersTable | null,
  userId: string,
  p: Paging,
) {
  const owner = ownerOnly(viewer, userId);
  const page = await listedPosts(
    ctx,
    owner.id,
    { table: 'saves', userId: owner.id },
    p.first,
    p.after,
  );
  return {
    user: { id: owner.id, edge_saved_media: await toConnection(ctx, owner, page, page.count) },
  };
}

/** The viewer's collections, newest first, each with the thumbnail of its latest post. */
export async function mediaCollections(
  ctx: AppContext,
  viewer: UsersTable | null,
  userId: string,
  p: Paging,
) {
  const owner = ownerOnly(viewer, userId);
  const cursor = decodeKeyCursor(p.after);
  let q = ctx.db.selectFrom('collections').selectAll().where('user_id', '=', owner.id);
  if (cursor) {
    q = q.where((eb) =>
      eb.or([
        eb('created_at', '<', cursor.t),
        eb.and([eb('created_at', '=', cursor.t), eb('id', '<', cursor.id)]),
      ]),
    );
  }
  const [rows, countRow] = await Promise.all([
    q
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(p.first + 1)
      .execute(),
    ctx.db
      .selectFrom('collections')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', owner.id)
      .executeTakeFirst(),
  ]);
  const page = takePage(rows, p.first, (r) => encodeKeyCursor(r.created_at, r.id));
  const edges = await Promise.all(
    page.rows.map(async (c) => {
      const cover = await ctx.db
        .selectFrom('collection_posts')
        .innerJoin('posts', 'posts.id', 'collection_posts.post_id')
        .select('posts.media_key')
        .where('collection_posts.collection_id', '=', c.id)
        // The cover is the latest post the viewer may still see: a saved post whose owner has
        // since gone private, blocked the viewer or deactivated must not show through it.
        .where((eb) => ownerVisibleTo(eb, 'posts.owner_id', owner.id))
        .where((eb) => ownerActive(eb as unknown as ExpressionBuilder<Database, 'posts'>))
        .orderBy('collection_posts.created_at', 'desc')
        .executeTakeFirst();
      return {
        node: {
          id: c.id,
          name: c.name,
          cover_media_thumbnail: cover ? thumbnailSrc(cover.media_key) : null,
        },
      };
    }),
  );
  return {
    user: {
      id: owner.id,
      edge_collections: { count: toCount(countRow?.n), page_info: page.page_info, edges },
    },
  };
}

/** One collection's posts; without collection_id, every saved post ("All Posts"). */
export async function collectionPosts(
  ctx: AppContext,
  viewer: UsersTable | null,
  collectionId: string | null,
  p: Paging,
) {
  if (!viewer) throw forbidden('Please log in.');
  if (!collectionId) {
    const page = await listedPosts(
      ctx,
      viewer.id,
      { table: 'saves', userId: viewer.id },
      p.first,
      p.after,
    );
    return {
      collection: {
        id: null,
        name: 'All Posts',
        edge_collection_to_media: await toConnection(ctx, viewer, page, page.count),
      },
    };
  }
  const collection = await ctx.db
    .selectFrom('collections')
    .selectAll()
    .where('id', '=', collectionId)
    .where('user_id', '=', viewer.id)
    .executeTakeFirst();
  if (!collection) throw notFound('Collection not found.');
  const page = await listedPosts(
    ctx,
    viewer.id,
    { table: 'collection_posts', collectionId: collection.id },
    p.first,
    p.after,
  );
  return {
    collection: {
      id: collection.id,
      name: collection.name,
      edge_collection_to_media: await toConnection(ctx, viewer, page, page.count),
    },
  };
}
