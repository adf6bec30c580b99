import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../db/schema.ts';
import { blockedEitherWay } from '../content/access.ts';

/*
 * Whose stories a viewer may watch: their own, and those of accounts they follow — never across a
 * block, and never of a deactivated account. Public accounts the viewer does not follow stay out
 * of the tray (it is a feed of followed people), so their reels are not served either.
 */
export function reelOwnerVisibleTo<DB extends Database, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  ownerCol: string,
  viewerId: string,
): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<Database, 'story_items'>;
  const owner = e.ref(ownerCol as 'story_items.owner_id');
  const follows = e.exists(
    e
      .selectFrom('follows as rf')
      .select('rf.follower_id')
      .where('rf.follower_id', '=', viewerId)
      .where('rf.followee_id', '=', owner),
  );
  const active = e.exists(
    e
      .selectFrom('users as ru')
      .select('ru.id')
      .where('ru.id', '=', owner)
      .where('ru.is_active', '=', 1),
  );
  return e.and([
    active,
    e.or([e(owner, '=', viewerId), follows]),
    e.not(blockedEitherWay(e, ownerCol, viewerId)),
  ]);
}
