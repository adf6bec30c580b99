import type { AppContext } from '../context.ts';
import type { UsersTable } from '../db/schema.ts';
import { badRequest, HttpError, notFound } from '../http/errors.ts';
import { newId } from '../ids.ts';
import { NOTIFICATION_TYPE, notify } from '../content/notifications.ts';
import {
  STORY_REACTIONS,
  STORY_REPLY_MAX_LENGTH,
  isStoryReaction,
  type StoryReplyResult,
} from '../../common/storyReplies.ts';
import { reelOwnerVisibleTo } from './access.ts';
import { STORY_NOT_FOUND } from './seen.ts';

export const STORY_EXPIRED = 'This story has expired, so it can no longer be answered.';
export const OWN_STORY = "You can't reply to your own story.";
export const EMPTY_REPLY = 'Write a reply first.';
export const LONG_REPLY = `A reply can be at most ${STORY_REPLY_MAX_LENGTH} characters.`;
export const BAD_REACTION = `Choose one of the quick reactions: ${STORY_REACTIONS.map((r) => r.emoji).join(' ')}.`;

export type StoryAnswer = { kind: 'text'; text: string } | { kind: 'reaction'; text: string };

/** Checks a reply's text or a reaction before anything is looked up. */
export function checkAnswer(answer: StoryAnswer): StoryAnswer {
  if (answer.kind === 'reaction') {
    if (!isStoryReaction(answer.text)) throw badRequest(BAD_REACTION);
    return answer;
  }
  const text = answer.text.trim();
  if (!text) throw badRequest(EMPTY_REPLY);
  // Counted in characters as a person counts them (an emoji is one), not UTF-16 units.
  if ([...text].length > STORY_REPLY_MAX_LENGTH) throw badRequest(LONG_REPLY);
  return { kind: 'text', text };
}

/**
 * A reply or quick reaction from `sender` to one story item (issue 18 part 5). Only someone who
 * may watch the story may answer it (a follower of an active owner, no block either way: the
 * same rule as the reels), never its owner, and only while it lives. The owner hears of it in
 * Activity; a reaction also counts as a view, so the owner's viewers list shows it.
 */
export async function answerStory(
  ctx: AppContext,
  sender: UsersTable,
  itemId: string,
  raw: StoryAnswer,
): Promise<StoryReplyResult> {
  const answer = checkAnswer(raw);
  const item = await ctx.db
    .selectFrom('story_items as si')
    .select(['si.id', 'si.owner_id', 'si.expiring_at'])
    .where('si.id', '=', itemId)
    .where((eb) => reelOwnerVisibleTo(eb, 'si.owner_id', sender.id))
    .executeTakeFirst();
  if (!item) throw notFound(STORY_NOT_FOUND);
  if (item.owner_id === sender.id) throw badRequest(OWN_STORY);
  const now = ctx.now();
  // 410: the story existed and the sender could see it, but it is gone now.
  if (item.expiring_at <= now) throw new HttpError(410, STORY_EXPIRED);

  const reply = { id: newId(), kind: answer.kind, text: answer.text, created_at: now };
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('story_replies')
      .values({ ...reply, item_id: item.id, sender_id: sender.id })
      .execute();
    await trx
      .insertInto('story_views')
      .values({ item_id: item.id, viewer_id: sender.id, seen_at: now })
      .onConflict((oc) => oc.columns(['item_id', 'viewer_id']).doNothing())
      .execute();
  });
  await notify(ctx, {
    userId: item.owner_id,
    type:
      answer.kind === 'reaction' ? NOTIFICATION_TYPE.storyReaction : NOTIFICATION_TYPE.storyReply,
    actorId: sender.id,
    storyItemId: item.id,
    text: answer.text,
  });
  return { status: 'ok', reply };
}
