import type { AppContext } from '../context.ts';
import { blockedEitherWay, ownerVisibleTo } from './access.ts';

/**
 * The notifications the activity feed lists for `viewerId`, joined to their actor (users), post
 * (posts) and, for a story reply or reaction, the owner's story item it answers (story_items): an
 * active actor, no block either way, and a post the viewer may see (a mention in a private
 * account's post reaches only members who may see that post). The feed and the nav's unread dot
 * both read through it, so the dot lights for exactly what the feed would show.
 */
export function listedNotifications(ctx: AppContext, viewerId: string) {
  return ctx.db
    .selectFrom('notifications')
    .innerJoin('users', 'users.id', 'notifications.actor_id')
    .leftJoin('posts', 'posts.id', 'notifications.post_id')
    .leftJoin('story_items', 'story_items.id', 'notifications.story_item_id')
    .where('notifications.user_id', '=', viewerId)
    .where('users.is_active', '=', 1)
    .where((eb) => eb.not(blockedEitherWay(eb, 'notifications.actor_id', viewerId)))
    .where((eb) =>
      eb.or([
        eb('notifications.post_id', 'is', null),
        ownerVisibleTo(eb, 'posts.owner_id', viewerId),
      ]),
    );
}
