import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { profilePicUrl } from '../http/users.ts';
import { newId } from '../ids.ts';
import { THUMBNAIL_SIZES, thumbnailKey } from '../media/storage.ts';
import { visiblePost } from './access.ts';
import { NOTIFICATION_TYPE, notify, notifyMentions, retractNotification } from './notifications.ts';

/** Comment length limit (the original service's 2200 characters). */
import { COMMENT_MAX_LENGTH as MAX_COMMENT_LENGTH } from '../../common/limits.ts';
export { MAX_COMMENT_LENGTH };

/** Like or unlike; both are idempotent. The owner hears about a new like (not about their own). */
export async function setLiked(ctx: AppContext, viewer: UsersTable, postId: string, on: boolean) {
  const post = await visiblePost(ctx, viewer.id, { id: postId });
  if (!on) {
    await ctx.db
      .deleteFrom('likes')
      .where('post_id', '=', post.id)
      .where('user_id', '=', viewer.id)
      .execute();
    await retractNotification(ctx, {
      userId: post.owner_id,
      type: NOTIFICATION_TYPE.like,
      actorId: viewer.id,
      postId: post.id,
    });
    return;
  }
  const result = await ctx.db
    .insertInto('likes')
    .values({ post_id: post.id, user_id: viewer.id, created_at: ctx.now() })
    .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0) > 0) {
    await notify(ctx, {
      userId: post.owner_id,
      type: NOTIFICATION_TYPE.like,
      actorId: viewer.id,
      postId: post.id,
    });
  }
}

/** Save or unsave; unsaving also takes the post out of the viewer's collections. */
export async function setSaved(ctx: AppContext, viewer: UsersTable, postId: string, on: boolean) {
  const post = await visiblePost(ctx, viewer.id, { id: postId });
  if (on) {
    await ctx.db
      .insertInto('saves')
      .values({ post_id: post.id, user_id: viewer.id, created_at: ctx.now() })
      .onConflict((oc) => oc.columns(['post_id', 'user_id']).doNothing())
      .execute();
    return;
  }
  await ctx.db
    .deleteFrom('saves')
    .where('post_id', '=', post.id)
    .where('user_id', '=', viewer.id)
    .execute();
  await ctx.db
    .deleteFrom('collection_posts')
    .where('post_id', '=', post.id)
    .where('collection_id', 'in', (eb) =>
      eb.selectFrom('collections').select('id').where('user_id', '=', viewer.id),
    )
    .execute();
}

export async function addComment(
  ctx: AppContext,
  viewer: UsersTable,
  postId: string,
  rawText: string | undefined,
) {
  const text = (rawText ?? '').trim();
  if (text.length === 0) throw badRequest('Please write a comment.');
  if (text.length > MAX_COMMENT_LENGTH) {
    throw badRequest(`Comments can be up to ${MAX_COMMENT_LENGTH} characters long.`);
  }
  const post = await visiblePost(ctx, viewer.id, { id: postId });
  if (post.comments_disabled === 1) throw badRequest('Comments on this post have been turned off.');
  const comment = {
    id: newId(),
    post_id: post.id,
    user_id: viewer.id,
    text,
    created_at: ctx.now(),
  };
  await ctx.db.insertInto('comments').values(comment).execute();
  await notify(ctx, {
    userId: post.owner_id,
    type: NOTIFICATION_TYPE.comment,
    actorId: viewer.id,
    postId: post.id,
    text,
  });
  // The owner already hears about the comment; a mention of them would be a duplicate.
  await notifyMentions(ctx, text, viewer.id, post.id, [viewer.id, post.owner_id]);
  return {
    id: comment.id,
    created_time: comment.created_at,
    text,
    from: {
      id: viewer.id,
      username: viewer.username,
      full_name: viewer.full_name,
      profile_picture: profilePicUrl(viewer),
    },
  };
}

/**
 * Deleting a comment: its author may, and so may the post's owner (owners moderate their own
 * posts, as in the original service); anyone else gets 403.
 */
export async function deleteComment(
  ctx: AppContext,
  viewer: UsersTable,
  postId: string,
  commentId: string,
): Promise<void> {
  const post = await visiblePost(ctx, viewer.id, { id: postId });
  const comment = await ctx.db
    .selectFrom('comments')
    .select(['id', 'user_id', 'text'])
    .where('id', '=', commentId)
    .where('post_id', '=', post.id)
    .executeTakeFirst();
  if (!comment) throw notFound('Comment not found.');
  if (comment.user_id !== viewer.id && post.owner_id !== viewer.id) {
    throw forbidden("You can't delete this comment.");
  }
  await ctx.db.deleteFrom('comments').where('id', '=', comment.id).execute();
  // The comment and mention notifications quote the text: a deleted comment must not live on
  // in someone's activity feed.
  await ctx.db
    .deleteFrom('notifications')
    .where('post_id', '=', post.id)
    .where('actor_id', '=', comment.user_id)
    .where('type', 'in', [NOTIFICATION_TYPE.comment, NOTIFICATION_TYPE.mention])
    .where('text', '=', comment.text)
    .execute();
}

/** Deletes the viewer's own post with every row that hangs off it, then its files (best effort). */
export async function deletePost(
  ctx: AppContext,
  viewer: UsersTable,
  postId: string,
): Promise<void> {
  const post = await visiblePost(ctx, viewer.id, { id: postId });
  if (post.owner_id !== viewer.id) throw forbidden('You can only delete your own posts.');
  const children = await ctx.db
    .selectFrom('post_children')
    .select(['media_key', 'video_key'])
    .where('post_id', '=', post.id)
    .execute();
  await ctx.db.transaction().execute(async (trx) => {
    // Explicit deletes rather than relying on ON DELETE CASCADE being enabled everywhere.
    await trx.deleteFrom('notifications').where('post_id', '=', post.id).execute();
    for (const table of [
      'comments',
      'likes',
      'saves',
      'collection_posts',
      'post_tags',
      'post_hashtags',
      'post_sponsors',
      'post_children',
    ] as const) {
      await trx.deleteFrom(table).where('post_id', '=', post.id).execute();
    }
    await trx.deleteFrom('posts').where('id', '=', post.id).execute();
  });
  const keys = [post, ...children].flatMap((m) => [
    m.media_key,
    ...THUMBNAIL_SIZES.map((size) => thumbnailKey(m.media_key, size)),
    ...(m.video_key ? [m.video_key] : []),
  ]);
  // The rows are gone, so a file left behind is unreachable; a failed removal is not an error.
  await Promise.all(keys.map((key) => ctx.storage.remove(key).catch(() => undefined)));
}
