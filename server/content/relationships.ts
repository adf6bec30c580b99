import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { USER_NOT_FOUND, findUserById, relationship } from './access.ts';
import { NOTIFICATION_TYPE, notify, retractNotification } from './notifications.ts';
import { forgetCandidates } from './suggestionCandidates.ts';

// Follow, unfollow, block, unblock, and the private account's side of a follow request
// (accounts spec §4 Relationships, content spec §4 Follow request).

export type FollowResult = 'following' | 'requested';

async function otherUser(ctx: AppContext, viewer: UsersTable, id: string, verb: string) {
  if (id === viewer.id) throw badRequest(`You can't ${verb} yourself.`);
  const user = await findUserById(ctx, id);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

export async function follow(
  ctx: AppContext,
  viewer: UsersTable,
  id: string,
): Promise<FollowResult> {
  const target = await otherUser(ctx, viewer, id, 'follow');
  const rel = await relationship(ctx, viewer.id, target.id);
  if (rel.has_blocked_viewer) throw forbidden("Sorry, you can't follow this account.");
  if (rel.blocked_by_viewer) throw badRequest(`Unblock ${target.username} to follow them.`);
  if (rel.followed_by_viewer) return 'following';
  const now = ctx.now();
  if (target.is_private === 1) {
    const res = await ctx.db
      .insertInto('follow_requests')
      .values({ requester_id: viewer.id, target_id: target.id, created_at: now })
      .onConflict((oc) => oc.columns(['requester_id', 'target_id']).doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) {
      await notify(ctx, {
        userId: target.id,
        type: NOTIFICATION_TYPE.followRequest,
        actorId: viewer.id,
      });
    }
    return 'requested';
  }
  await startFollowing(ctx, viewer.id, target.id);
  return 'following';
}

/** Inserts the follow (once) and tells the followee. */
async function startFollowing(ctx: AppContext, followerId: string, followeeId: string) {
  const res = await ctx.db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: ctx.now() })
    .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
    .executeTakeFirst();
  // After the write: a list ranked meanwhile (by any server) would otherwise outlive it.
  await forgetCandidates(ctx, followerId);
  await ctx.db
    .deleteFrom('follow_requests')
    .where('requester_id', '=', followerId)
    .where('target_id', '=', followeeId)
    .execute();
  if (Number(res.numInsertedOrUpdatedRows ?? 0) > 0) {
    await notify(ctx, { userId: followeeId, type: NOTIFICATION_TYPE.follow, actorId: followerId });
  }
}

/** Stops following, or withdraws a pending request; idempotent. */
export async function unfollow(ctx: AppContext, viewer: UsersTable, id: string): Promise<void> {
  const target = await otherUser(ctx, viewer, id, 'unfollow');
  await removeFollowEdges(ctx, viewer.id, target.id);
}

async function removeFollowEdges(ctx: AppContext, fromId: string, toId: string) {
  await ctx.db
    .deleteFrom('follows')
    .where('follower_id', '=', fromId)
    .where('followee_id', '=', toId)
    .execute();
  await forgetCandidates(ctx, fromId);
  await ctx.db
    .deleteFrom('follow_requests')
    .where('requester_id', '=', fromId)
    .where('target_id', '=', toId)
    .execute();
  for (const type of [NOTIFICATION_TYPE.follow, NOTIFICATION_TYPE.followRequest]) {
    await retractNotification(ctx, { userId: toId, type, actorId: fromId });
  }
}

/** Blocks: the two stop following each other and pending requests either way are dropped. */
export async function block(ctx: AppContext, viewer: UsersTable, id: string): Promise<void> {
  const target = await otherUser(ctx, viewer, id, 'block');
  await ctx.db
    .insertInto('blocks')
    .values({ blocker_id: viewer.id, blocked_id: target.id, created_at: ctx.now() })
    .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
    .execute();
  await removeFollowEdges(ctx, viewer.id, target.id);
  await removeFollowEdges(ctx, target.id, viewer.id);
}

export async function unblock(ctx: AppContext, viewer: UsersTable, id: string): Promise<void> {
  const target = await otherUser(ctx, viewer, id, 'unblock');
  await ctx.db
    .deleteFrom('blocks')
    .where('blocker_id', '=', viewer.id)
    .where('blocked_id', '=', target.id)
    .execute();
  // Each may be suggested to the other again.
  await forgetCandidates(ctx, viewer.id);
  await forgetCandidates(ctx, target.id);
}

async function pendingRequest(ctx: AppContext, viewer: UsersTable, requesterId: string) {
  return ctx.db
    .selectFrom('follow_requests')
    .select('requester_id')
    .where('requester_id', '=', requesterId)
    .where('target_id', '=', viewer.id)
    .executeTakeFirst();
}

/** The viewer (the request's target) approves: the requester now follows the viewer. */
export async function approve(ctx: AppContext, viewer: UsersTable, requesterId: string) {
  const requester = await otherUser(ctx, viewer, requesterId, 'approve');
  if (!(await pendingRequest(ctx, viewer, requester.id))) {
    const rel = await relationship(ctx, viewer.id, requester.id);
    if (rel.follows_viewer) return; // already approved: a repeated click is fine
    throw notFound('This follow request is no longer pending.');
  }
  await retractNotification(ctx, {
    userId: viewer.id,
    type: NOTIFICATION_TYPE.followRequest,
    actorId: requester.id,
  });
  await startFollowing(ctx, requester.id, viewer.id);
  await notify(ctx, {
    userId: requester.id,
    type: NOTIFICATION_TYPE.followRequestApproved,
    actorId: viewer.id,
  });
}

/** The viewer ignores a request: it is removed without telling the requester. Idempotent. */
export async function ignore(ctx: AppContext, viewer: UsersTable, requesterId: string) {
  const requester = await otherUser(ctx, viewer, requesterId, 'ignore');
  await ctx.db
    .deleteFrom('follow_requests')
    .where('requester_id', '=', requester.id)
    .where('target_id', '=', viewer.id)
    .execute();
  await retractNotification(ctx, {
    userId: viewer.id,
    type: NOTIFICATION_TYPE.followRequest,
    actorId: requester.id,
  });
}
