import type { AppContext } from '../context.ts';
import { newId } from '../ids.ts';

import { NOTIFICATION_TYPE, type NotificationType } from '../../common/notificationTypes.ts';

export { NOTIFICATION_TYPE, type NotificationType };

export interface NewNotification {
  userId: string; // recipient
  type: NotificationType;
  actorId: string;
  postId?: string | null;
  /** The story item a story reply or reaction answers. */
  storyItemId?: string | null;
  text?: string;
}

/** Stores a notification unless it would be about the recipient's own action or across a block. */
export async function notify(ctx: AppContext, n: NewNotification): Promise<void> {
  if (n.userId === n.actorId) return;
  const blocked = await ctx.db
    .selectFrom('blocks')
    .select('blocker_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('blocker_id', '=', n.userId), eb('blocked_id', '=', n.actorId)]),
        eb.and([eb('blocker_id', '=', n.actorId), eb('blocked_id', '=', n.userId)]),
      ]),
    )
    .executeTakeFirst();
  if (blocked) return;
  await ctx.db
    .insertInto('notifications')
    .values({
      id: newId(),
      user_id: n.userId,
      type: n.type,
      actor_id: n.actorId,
      post_id: n.postId ?? null,
      ...(n.storyItemId ? { story_item_id: n.storyItemId } : {}),
      text: n.text ?? '',
      created_at: ctx.now(),
    })
    .execute();
}

/** Removes a notification that no longer holds (unlike, unfollow, a handled follow request). */
export async function retractNotification(
  ctx: AppContext,
  n: Pick<NewNotification, 'userId' | 'type' | 'actorId' | 'postId'>,
): Promise<void> {
  let q = ctx.db
    .deleteFrom('notifications')
    .where('user_id', '=', n.userId)
    .where('type', '=', n.type)
    .where('actor_id', '=', n.actorId);
  if (n.postId) q = q.where('post_id', '=', n.postId);
  await q.execute();
}

// Mention pattern (content spec §5): '@', then letters, digits, underscore, dots only between.
const MENTION_RE = /(?:^|[^\w@.])@([A-Za-z0-9_](?:[A-Za-z0-9_.]*[A-Za-z0-9_])?)/g;
/** Caps the lookups one comment can cause. */
const MAX_MENTIONS = 20;

export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(MENTION_RE)) {
    names.add(m[1].toLowerCase());
    if (names.size >= MAX_MENTIONS) break;
  }
  return [...names];
}

/** A mention notification for each existing user named in `text`, except those in `skip`. */
export async function notifyMentions(
  ctx: AppContext,
  text: string,
  actorId: string,
  postId: string,
  skip: string[],
): Promise<void> {
  const names = mentionedUsernames(text);
  if (names.length === 0) return;
  const users = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('username', 'in', names)
    .where('is_active', '=', 1)
    .execute();
  for (const u of users) {
    if (skip.includes(u.id)) continue;
    await notify(ctx, { userId: u.id, type: NOTIFICATION_TYPE.mention, actorId, postId, text });
  }
}
